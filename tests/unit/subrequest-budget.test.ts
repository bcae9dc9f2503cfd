// @vitest-environment node
/**
 * Cloudflare's Free plan lets one invocation make 50 subrequests (each D1 query, each fetch): a pass counts its calls
 * (src/api/store/budget.ts) and starts no attempt that could not be written before the budget ends, so that no lead is
 * left claimed and unrecorded; the leads it did not reach wait, due, for the next invocation.
 */
import { describe, expect, it } from 'vitest';
import { createNotifications } from '../../src/api/contact/notify.ts';
import { budget, countedDriver, countedFetch } from '../../src/api/store/budget.ts';
import { deliveryStatusStore } from '../../src/api/store/delivery-status.ts';
import { memoryDriver } from '../../src/api/store/memory-driver.ts';
import { leadStore } from '../../src/api/store/lead-store.ts';
import { validLead } from '../fixtures/visitor.ts';

const caps = { honeypot: 10, markup: 10, judged: 10 };

describe('a pass under a subrequest budget', () => {
  it('stops before 50 calls with every lead it began written; a second invocation goes on', async () => {
    const driver = memoryDriver();
    const seeded = leadStore(driver, { spamCaps: caps });
    const start = new Date('2026-12-02T10:00:00Z');
    for (let index = 0; index < 20; index++)
      await seeded.add(validLead({ name: `Visiteur ${index}` }), new Date(start.getTime() + index));
    const posted: string[] = [];
    const pass = async () => {
      const calls = budget(50);
      const counted = countedDriver(driver, calls);
      const post = countedFetch(async () => new Response('{}', { status: 201 }), calls);
      const sent = await createNotifications({
        leads: leadStore(counted, { spamCaps: caps }),
        status: deliveryStatusStore(counted),
        send: async (lead) => {
          await post('https://hooks.example/lead', { method: 'POST' });
          posted.push(lead.name);
        },
        delivery: 'webhook',
        target: 'cible',
        now: () => new Date(start.getTime() + 60_000),
        calls,
      }).retryPending();
      return { sent, used: calls.used };
    };
    const first = await pass();
    expect(first.used).toBeLessThanOrEqual(50);
    expect(first.sent).toBeGreaterThan(0);
    expect(first.sent).toBeLessThan(20);
    // No lead is left held by a claim without its outcome written.
    for (const key of await driver.keys('lead/')) {
      const record = JSON.parse((await driver.get(key))?.value ?? '{}') as { claim?: string; notification: { state: string } };
      expect(record.claim === undefined || record.notification.state !== 'pending', key).toBe(true);
    }
    let passes = 1;
    while (posted.length < 20 && passes < 20) {
      const next = await pass();
      expect(next.used).toBeLessThanOrEqual(50);
      passes += 1;
    }
    expect(posted.sort()).toEqual(Array.from({ length: 20 }, (_, index) => `Visiteur ${index}`).sort());
  });
});
