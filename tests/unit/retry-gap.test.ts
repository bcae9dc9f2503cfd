// @vitest-environment node
/**
 * The pass a request starts (src/api/app.ts, `followUp`: Cloudflare Pages has no schedule, so the due leads go out
 * after requests) runs at most once per gap in an isolate, measured on the clock the API is given: a request just
 * inside the gap leaves a due lead alone, the first one at its end sends it. The end-to-end spec on Cloudflare's
 * runtime waits for the lead itself, since workerd's clock cannot be moved.
 */
import { describe, expect, it } from 'vitest';
import { retryGapMs } from '../../src/api/app.ts';
import { spamCaps } from '../../src/api/contact/spam/weights.ts';
import { leadStore } from '../../src/api/store/lead-store.ts';
import { testApi } from '../fixtures/api.ts';
import { validLead } from '../fixtures/visitor.ts';

const visitor = validLead({ email: 'ecart@example.com', message: 'Bonjour, une question sur le délai de ma LLC.' });

describe('the pass after a request', () => {
  it('runs once per gap on the injected clock: a due lead waits until the gap is over, then goes out', async () => {
    // 11:00 in Paris: no digest is due at this hour.
    let time = Date.parse('2026-12-01T10:00:00Z');
    let gap = 0;
    let providerUp = false;
    const site = await testApi(
      { CONTACT_WEBHOOK_URL: 'https://hooks.example.org/propllc' },
      { answer: () => (providerUp ? 200 : 503), now: () => new Date(time), gapClock: () => gap },
    );
    const store = leadStore(site.leads, { spamCaps });
    const notification = async () => (await store.list()).leads.find((lead) => lead.email === visitor.email)?.notification;
    const work: Promise<unknown>[] = [];
    /** Any request: a GET of /api/contact answers 405, then starts the pass if the gap allows. */
    const nudge = async () => {
      await site.api.fetch(new Request('https://propllc.example/api/contact'), { waitUntil: (job) => void work.push(job) });
      await Promise.all(work.splice(0));
    };

    expect((await site.post(visitor)).status).toBe(200);
    await site.settle();
    // Its own attempt failed; the pass that followed its answer (the gap's first) found it not yet due.
    expect(site.sent).toHaveLength(1);
    expect(await notification()).toMatchObject({ state: 'pending', attempts: 1, lastReason: 'HTTP 503' });

    providerUp = true;
    // Due now: its next attempt was a minute after the failed one.
    time += 61_000;
    gap = retryGapMs - 1;
    await nudge();
    expect(site.sent).toHaveLength(1);
    expect(await notification()).toMatchObject({ state: 'pending', attempts: 1 });

    gap = retryGapMs;
    await nudge();
    expect(site.sent).toHaveLength(2);
    expect(site.sent[1]?.body).toMatchObject({ email: visitor.email });
    expect(await notification()).toMatchObject({ state: 'sent' });
  });
});
