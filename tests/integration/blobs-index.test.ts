// @vitest-environment node
/**
 * The index of leads to notify in Netlify Blobs (`pending/` markers) heals itself, against the local Blobs
 * server that @netlify/blobs ships: a store that fails at any one write of a lead's life (stored, claimed, sent,
 * recorded, forgotten) still ends with every lead notified exactly once and no key left; stale markers never fill
 * a batch; a marker left behind by a stop inside an update neither sends a lead early nor past its 6 attempts.
 * Each pass's clock is injected; what the webhook stand-in received is compared by lead id.
 */
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { getStore, type Store } from '@netlify/blobs';
import { BlobsServer } from '@netlify/blobs/server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DeliveryError } from '../../src/api/contact/deliveries.ts';
import { createNotifications, maxAttempts, type NotificationEvent } from '../../src/api/contact/notify.ts';
import { dailyPurge } from '../../src/api/contact/purge.ts';
import { createSiteReceiver } from '../../src/api/contact/site-receiver.ts';
import { blobsLeadStore } from '../../src/hosts/netlify/blobs-store.ts';
import { pendingMarker, receivedAtOf, type StoredLead } from '../../src/api/store/lead-store.ts';
import { validLead } from '../fixtures/visitor.ts';

const token = 'jeton-de-test';
const siteID = 'site-de-test';
const minute = 60_000;
const day = 24 * 60 * minute;
let server: BlobsServer;
let edgeURL = '';

beforeAll(async () => {
  server = new BlobsServer({ directory: await mkdtemp(path.join(tmpdir(), 'propllc-blobs-index-')), token, port: 0 });
  edgeURL = `http://127.0.0.1:${(await server.start()).port}`;
});
afterAll(async () => {
  await server.stop();
});

let stores = 0;
/** A store of its own for each scenario. */
function rawStore(): Store {
  stores += 1;
  return getStore({ name: `leads-${stores}`, siteID, token, edgeURL, uncachedEdgeURL: edgeURL, consistency: 'strong' });
}

const keysOf = async (store: Store) => (await store.list()).blobs.map((blob) => blob.key).sort();

/**
 * The store whose `failAt`-th write or delete throws: before it is done, or (`after`) once it is done, as when
 * the answer is lost. Every other call goes through.
 */
function failingStore(store: Store, failAt: number, after: boolean): { store: Store; writes: () => number } {
  let writes = 0;
  const failing = new Proxy(store, {
    get(target, property) {
      const value = Reflect.get(target, property) as unknown;
      if (typeof value !== 'function') return value;
      const method = (value as (...args: unknown[]) => Promise<unknown>).bind(target);
      if (property === 'getWithMetadata') {
        // The local server sends no ETag with a read, as Netlify does: the listing's, the same, stands in for it
        // (an expired claim is taken over with it).
        return async (key: string, options: unknown) => {
          const result = (await method(key, options)) as { etag?: string } | null;
          if (!result || result.etag) return result;
          return { ...result, etag: (await target.list({ prefix: key })).blobs.find((blob) => blob.key === key)?.etag };
        };
      }
      if (property !== 'set' && property !== 'setJSON' && property !== 'delete') return method;
      return async (...args: unknown[]) => {
        writes += 1;
        if (writes !== failAt) return method(...args);
        if (after) await method(...args);
        throw new Error(`panne simulée du stockage à l’écriture ${failAt}`);
      };
    },
  });
  return { store: failing, writes: () => writes };
}

const visitors = [
  validLead({ name: 'Hélène Lefèvre', email: 'helene@example.com' }),
  validLead({ name: 'Paul Durand', email: 'paul@example.com' }),
];

/**
 * Two visitors' leads, from the form to `--forget`, over a store whose `failAt`-th write fails: a visitor told
 * that the sending failed sends again; passes run, a few minutes apart, with a daily purge among them, until no
 * lead is left to notify and no marker is left; then each person is forgotten (the operator runs the command
 * again when it fails).
 */
async function life(failAt: number, after: boolean) {
  const raw = rawStore();
  const { store: failing, writes } = failingStore(raw, failAt, after);
  const store = blobsLeadStore(failing);
  // A day ago: keys of a lead never stored are dropped once their grace period is past, by the real clock too.
  let clock = Date.now() - day;
  const now = () => new Date(clock);
  const received: string[] = [];
  const events: NotificationEvent[] = [];
  const notifications = createNotifications({
    store,
    now,
    send: async (lead) => {
      received.push((lead as StoredLead).id);
    },
    report: (event) => events.push(event),
  });

  const acknowledged: string[] = [];
  for (const visitor of visitors) {
    for (let tries = 0; tries < 2; tries += 1) {
      clock += 1000;
      try {
        const lead = await store.add(visitor, now());
        acknowledged.push(lead.id);
        await notifications.notify(lead);
        break;
      } catch {
        // The visitor reads that the sending failed, and sends again.
      }
    }
  }
  let passes = 0;
  for (; passes < 30; passes += 1) {
    clock += 3 * minute;
    if (passes % 5 === 4) await store.purge(new Date(0)).catch(() => undefined);
    await notifications.retryPending();
    const { leads } = await store.list();
    const markers = (await keysOf(raw)).filter((key) => key.startsWith('pending/'));
    if (markers.length === 0 && leads.every((lead) => lead.notification.state === 'sent')) break;
  }
  const { leads } = await store.list();
  const stored = leads.map((lead) => lead.id);

  for (const visitor of visitors) await store.forget(visitor.email).catch(() => store.forget(visitor.email));
  return { raw, writes: writes(), acknowledged, received, stored, leads, passes, events };
}

describe('a Netlify Blobs store that fails at one write of a lead’s life', { timeout: 300_000 }, () => {
  it.each([
    ['before the write', false],
    ['after the write, its answer lost', true],
  ])('notifies every lead exactly once and leaves no key, whichever write fails (%s)', async (_, after) => {
    const clean = await life(Number.POSITIVE_INFINITY, after);
    expect(clean.received.sort()).toEqual(clean.acknowledged.sort());
    // Each lead: its marker and itself, the claim, the outcome and the cleaning of the claim, then forget.
    expect(clean.writes).toBeGreaterThanOrEqual(20);

    for (let failAt = 1; failAt <= clean.writes; failAt += 1) {
      const run = await life(failAt, after);
      const what = `write ${failAt} failed (${run.writes} in all)`;
      expect(run.writes, what).toBeGreaterThanOrEqual(failAt);
      // Every stored lead was notified, and once; every lead the visitor was told was sent is among them.
      expect([...run.received].sort(), what).toEqual([...run.stored].sort());
      expect(
        run.acknowledged.every((id) => run.stored.includes(id)),
        what,
      ).toBe(true);
      expect(run.stored.length, what).toBeGreaterThanOrEqual(visitors.length);
      expect(
        run.leads.map((lead) => lead.notification.state),
        what,
      ).toEqual(run.leads.map(() => 'sent'));
      expect(run.passes, what).toBeLessThan(30);
      // Forgotten: nothing names any of these leads any more.
      expect(await keysOf(run.raw), what).toEqual([]);
    }
  });
});

describe('stale index entries in Netlify Blobs', { timeout: 120_000 }, () => {
  it('removes 25 stale entries sorting first, says so, and still retries the failed lead now due', async () => {
    const raw = rawStore();
    const store = blobsLeadStore(raw);
    const long = Date.now() - 2 * day;
    const stale: { id: string; why: string }[] = [];
    // Entries left by a stop between an outcome and the marker's removal, by a forget cut short, by a rescue cut short.
    for (let index = 0; index < 25; index += 1) {
      const lead = await store.add(validLead({ name: `Ancien ${index}` }), new Date(long + index * 1000));
      const why = ['sent', 'failed', 'spam', 'gone', 'sent'][index % 5] ?? 'sent';
      if (why === 'sent') await raw.set(`sent/${lead.id}`, new Date(long + index * 1000 + 500).toISOString());
      if (why === 'failed')
        await raw.setJSON(`failed/${lead.id}`, { at: new Date(long).toISOString(), attempts: 1, reason: 'HTTP 400' });
      if (why === 'spam') await raw.setJSON(`spam/${lead.id}`, { at: new Date(long).toISOString(), reasons: ['links'] });
      if (why === 'gone') await raw.delete(`leads/${lead.id}`);
      stale.push({ id: lead.id, why });
    }
    // A lead whose first attempt failed a day ago, due again since an hour.
    const retried = await store.add(validLead({ name: 'Claire Due', email: 'claire@example.com' }), new Date(Date.now() - day));
    await store.record(retried.id, {
      state: 'pending',
      attempts: 1,
      nextAt: new Date(Date.now() - 60 * minute).toISOString(),
      lastReason: 'HTTP 503',
    });

    const received: unknown[] = [];
    const lines: string[] = [];
    const receiver = createSiteReceiver({
      env: { CONTACT_WEBHOOK_URL: 'https://hooks.example.com/propllc' },
      store: { leads: store, where: 'magasin de test' },
      fetch: async (_, init) => {
        const body = JSON.parse(String(init?.body));
        // After 08:00 the pass may also send the day's digest of the spam among the stale entries: no lead.
        if (body.digest === undefined) received.push(body);
        return new Response('{}', { status: 200 });
      },
      log: (line) => lines.push(line),
      logError: (line) => lines.push(line),
    });
    // One pass, whose batch is 20 leads.
    expect(await receiver.retryPending?.()).toBe(1);
    expect(received).toEqual([expect.objectContaining({ id: retried.id, email: 'claire@example.com' })]);

    const words = {
      sent: 'message déjà envoyé',
      failed: 'message en échec',
      spam: 'message mis à l’écart comme indésirable',
      gone: 'message supprimé ou jamais enregistré',
    };
    const repaired = lines.filter((line) => line.startsWith('Index des messages à notifier réparé'));
    expect(repaired.sort()).toEqual(
      stale
        .map(
          ({ id, why }) =>
            `Index des messages à notifier réparé\u202f: entrée pending/${pendingMarker(id, 0, receivedAtOf(id) ?? '')} supprimée (${words[why as keyof typeof words]}).`,
        )
        .sort(),
    );
    expect((await keysOf(raw)).filter((key) => key.startsWith('pending/'))).toEqual([]);
    expect((await store.list()).leads.find((lead) => lead.id === retried.id)?.notification.state).toBe('sent');
  });

  it('lets a lower-attempt marker left inside an update neither send early nor past the last attempt', async () => {
    const raw = rawStore();
    const store = blobsLeadStore(raw);
    let clock = Date.now() - 3 * day;
    const now = () => new Date(clock);
    const lead = await store.add(validLead({ name: 'Marc Relance', email: 'marc@example.com' }), now());
    // Attempt 5 failed: the next (the last) in 12 hours. A stop left the marker of attempt 4, due at once.
    const lastAt = clock + 720 * minute;
    await store.record(lead.id, { state: 'pending', attempts: 5, nextAt: new Date(lastAt).toISOString(), lastReason: 'HTTP 503' });
    const lower = `pending/${pendingMarker(lead.id, 4, now().toISOString())}`;
    await raw.set(lower, 'HTTP 503');

    const sent: number[] = [];
    const events: NotificationEvent[] = [];
    const notifications = createNotifications({
      store,
      now,
      send: async () => {
        sent.push(clock);
        throw new DeliveryError('HTTP 503', false);
      },
      report: (event) => events.push(event),
    });
    // Every 10 minutes for a day and a half.
    for (let pass = 0; pass < 216; pass += 1) {
      clock += 10 * minute;
      await notifications.retryPending();
    }
    // One attempt, the last, once its time came; then « échec » after 6.
    expect(sent).toHaveLength(1);
    expect(sent[0]).toBeGreaterThanOrEqual(lastAt);
    expect(events).toContainEqual({ kind: 'repaired', repair: { id: lead.id, key: lower, why: 'superseded' } });
    expect(events.filter((event) => event.kind === 'failed')).toEqual([expect.objectContaining({ attempts: maxAttempts })]);
    expect((await store.list()).leads[0]?.notification).toMatchObject({ state: 'failed', attempts: 6 });
    expect((await keysOf(raw)).filter((key) => key.startsWith('pending/'))).toEqual([]);
  });

  it('puts back, at the daily purge, the marker of a lead left with no state, which a pass then sends', async () => {
    const raw = rawStore();
    const store = blobsLeadStore(raw);
    const lead = await store.add(validLead({ name: 'Nina Sans État', email: 'nina@example.com' }), new Date(Date.now() - day));
    // A `--retry` stopped between removing the « échec » and writing the marker: listed « à notifier », in no index.
    const marker = `pending/${pendingMarker(lead.id, 0, lead.receivedAt)}`;
    await raw.delete(marker);
    expect((await store.list()).leads[0]?.notification).toMatchObject({ state: 'pending', attempts: 0 });
    expect((await store.due(new Date(), 20)).leads).toEqual([]);

    const lines: string[] = [];
    await dailyPurge({ store, log: (line) => lines.push(line), logError: (line) => lines.push(line) })();
    expect(lines).toContain(
      `Index des messages à notifier réparé\u202f: le message ${lead.id} n’avait plus aucun état, il est remis «\u202fà notifier\u202f» (${marker}).`,
    );
    expect((await store.due(new Date(), 20)).leads.map((due) => due.id)).toEqual([lead.id]);
  });
});
