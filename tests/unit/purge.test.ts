// @vitest-environment node
/**
 * The purge of the leads past the retention period, by itself on every host (src/api/contact/purge.ts): once a Paris
 * day, its day kept in the store (so once whatever the process, isolate or instance), with a clock the test moves;
 * the Node server's default timer; and, on Cloudflare Pages, after a request (`followUp`, `waitUntil`). The Node
 * server purging while it listens: tests/integration/purge-server.test.ts. Netlify's scheduled function against the
 * local Blobs server: tests/integration/netlify-leads-command.test.ts. What the lead store's purge deletes, by name,
 * over every driver: tests/fixtures/driver-contract.ts.
 */
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createApi } from '../../src/api/app.ts';
import { acknowledgementMemory } from '../../src/api/contact/acknowledgement.ts';
import { receiverLines } from '../../src/api/contact/lines.ts';
import { type PurgeStores, purgeOnceADay, retentionCutoff, spamCutoff } from '../../src/api/contact/purge.ts';
import { spamLines } from '../../src/api/contact/spam/lines.ts';
import { repeatMemory } from '../../src/api/contact/spam/repeats.ts';
import { spamCaps } from '../../src/api/contact/spam/weights.ts';
import type { Driver } from '../../src/api/store/driver.ts';
import { idTime } from '../../src/api/store/lead.ts';
import { type LeadStore, leadStore } from '../../src/api/store/lead-store.ts';
import { memoryDriver } from '../../src/api/store/memory-driver.ts';
import { flushEveryMs } from '../../src/contact/audience-settings.ts';
import { readSettings } from '../../src/contact/settings.ts';
import { fillTemplate } from '../../src/content/template.ts';
import { createSiteServer } from '../../src/hosts/node/site-server.ts';
import { clock, hour, purgedLine } from '../fixtures/purge-clock.ts';
import { validLead } from '../fixtures/visitor.ts';

/** The stores of one store's driver, the lead store's purge recording its cut-offs (and failing when `fail` says so). */
function storesOver(driver: Driver, { fail }: { fail?: () => string | undefined } = {}) {
  const real = leadStore(driver, { spamCaps });
  const cutoffs: Date[] = [];
  const store: LeadStore = {
    ...real,
    purge: async (before, spamBefore, options) => {
      cutoffs.push(before);
      const reason = fail?.();
      if (reason) throw new Error(reason);
      return real.purge(before, spamBefore, options);
    },
  };
  const stores: PurgeStores = { store, repeats: repeatMemory(driver), acknowledgements: acknowledgementMemory(driver) };
  return { stores, store, cutoffs };
}

/** The day's purge over `driver` at `now`, as the API runs it; its lines recorded. */
function purger(stores: PurgeStores, driver: Driver, audience?: { purge: (now: Date) => Promise<void> }) {
  const log: string[] = [];
  const errors: string[] = [];
  const purge = (now: Date) =>
    purgeOnceADay(stores, driver, audience, now, { log: (line) => log.push(line), logError: (line) => errors.push(line) });
  return { purge, log, errors };
}

describe('the daily gate', () => {
  it('purges with the cut-off of the GDPR notice (3 years), logs the count, not twice in a Paris day, again once it changes', async () => {
    const time = clock('2026-11-26T08:00:00Z');
    const driver = memoryDriver();
    const { stores, store, cutoffs } = storesOver(driver);
    await store.add(validLead({ name: 'Ancienne' }), new Date('2023-11-25T10:00:00Z'));
    await store.add(validLead({ name: 'Ancien' }), new Date('2023-11-26T07:59:59Z'));
    await store.add(validLead({ name: 'Récente' }), new Date('2023-11-26T08:00:01Z'));
    const { purge, log } = purger(stores, driver);
    await purge(time.now());
    expect(cutoffs).toEqual([new Date('2023-11-26T08:00:00Z')]);
    expect(log).toHaveLength(1);
    expect(log[0]).toMatch(purgedLine);
    expect(log[0]).toContain('avant le 26 novembre 2023\u202f: 2 (');
    expect((await store.list()).leads.map((lead) => lead.name)).toEqual(['Récente']);

    // 23:00 in Paris (UTC+1 in November): still the same day.
    time.advance(14 * hour);
    await purge(time.now());
    expect(cutoffs).toHaveLength(1);

    // Midnight in Paris: a new day, purged although 24 hours have not passed.
    time.advance(hour);
    await purge(time.now());
    expect(cutoffs).toEqual([new Date('2023-11-26T08:00:00Z'), new Date('2023-11-26T23:00:00Z')]);
    expect(log).toHaveLength(2);
    expect((await store.list()).leads.map((lead) => lead.name)).toEqual([]);
    time.advance(23 * hour - 1);
    await purge(time.now());
    expect(cutoffs).toHaveLength(2);
  });

  it('runs what goes with it (the memories’ past days, the audience) with the same clock, and logs its failure', async () => {
    const time = clock('2026-11-26T08:00:00Z');
    const driver = memoryDriver();
    const { stores } = storesOver(driver);
    // Yesterday's acknowledgements and the repeat memory's key, as a day of messages leaves them.
    await acknowledgementMemory(driver).take(
      '2026-11-25',
      { email: 'jeanne@example.com', client: 'ip-1' },
      { perDay: 50, perClient: 3, perDomain: 20 },
    );
    await repeatMemory(driver).remember(validLead().message, 'jeanne@example.com', time.now());
    const key = (await driver.get('repeat/key'))?.value;
    const asked: Date[] = [];
    const audience = {
      purge: async (now: Date) => {
        asked.push(now);
        if (asked.length === 2) throw new Error('disque plein');
      },
    };
    const { purge, errors } = purger(stores, driver, audience);
    await purge(time.now());
    expect(asked).toEqual([new Date('2026-11-26T08:00:00Z')]);
    expect(await driver.keys('ack/')).toEqual([]);
    expect((await driver.get('repeat/key'))?.value).not.toBe(key);
    time.advance(24 * hour);
    await purge(time.now());
    expect(errors).toEqual([fillTemplate(receiverLines.purgeFailed, { reason: 'disque plein' })]);
    // Tried again an hour later, not before.
    time.advance(hour - 1);
    await purge(time.now());
    expect(asked).toHaveLength(2);
    time.advance(1);
    await purge(time.now());
    expect(asked).toHaveLength(3);
    expect(errors).toHaveLength(1);
  });

  it('lets one purge through when two senders ask at the same instant, each with its own handle on the store', async () => {
    const driver = memoryDriver();
    const first = storesOver(driver);
    const second = storesOver(driver);
    const now = new Date('2026-11-26T08:00:00Z');
    await Promise.all([purger(first.stores, driver).purge(now), purger(second.stores, driver).purge(now)]);
    expect(first.cutoffs.length + second.cutoffs.length).toBe(1);
  });

  it('logs a failure in French, never rejects, and tries again an hour later', async () => {
    const time = clock('2026-11-26T08:00:00Z');
    let fail = true;
    const driver = memoryDriver();
    const { stores, cutoffs } = storesOver(driver, { fail: () => (fail ? 'D1_ERROR: no such table: kv' : undefined) });
    const { purge, log, errors } = purger(stores, driver);
    await expect(purge(time.now())).resolves.toBeUndefined();
    expect(errors).toEqual(['Purge automatique NON faite\u202f: D1_ERROR: no such table: kv. Nouvel essai dans une heure.']);
    time.advance(hour - 1);
    await purge(time.now());
    expect(cutoffs).toHaveLength(1);
    time.advance(1);
    fail = false;
    await purge(time.now());
    expect(cutoffs).toHaveLength(2);
    expect(log[0]).toContain('\u202f: 0 (durée');
  });

  it('deletes by name: a record past the period goes even unreadable; spam past its own period is counted apart, and said when no digest named it', async () => {
    const driver = memoryDriver();
    const { stores, store } = storesOver(driver);
    const now = new Date('2026-11-26T08:00:00Z');
    await store.add(validLead({ name: 'Ancienne' }), new Date('2020-03-02T10:00:00Z'));
    await driver.set('lead/2020-03-03T10-00-00-000Z-0123abcd', 'pas du JSON');
    await store.add(validLead({ name: 'Récente' }), new Date('2026-11-20T10:00:00Z'));
    await store.add(validLead({ name: 'Robot' }), new Date(spamCutoff(now).getTime() - hour), {
      spam: { reasons: ['honeypot'], kind: 'honeypot' },
    });
    const { purge, log, errors } = purger(stores, driver);
    await purge(now);
    expect(log).toEqual([
      expect.stringMatching(purgedLine),
      fillTemplate(spamLines.purgeDone, {
        count: '1',
        days: String(Math.round((now.getTime() - spamCutoff(now).getTime()) / (24 * hour))),
      }),
    ]);
    expect(log[0]).toContain('\u202f: 2 (durée');
    expect(errors).toEqual([fillTemplate(spamLines.purgeUnreported, { count: '1' })]);
    const listing = await store.list();
    expect(listing.leads.map((lead) => lead.name)).toEqual(['Récente']);
    expect(listing.unreadable).toEqual([]);
  });

  it('cut short by its time, says so and goes on at the next run the same day', async () => {
    const driver = memoryDriver();
    const { stores, store, cutoffs } = storesOver(driver);
    let cut = true;
    const stopping: PurgeStores = {
      ...stores,
      store: {
        ...store,
        purge: async (before, spamBefore, options) => ({ ...(await store.purge(before, spamBefore, options)), done: !cut }),
      },
    };
    const { purge, log } = purger(stopping, driver);
    const now = new Date('2026-11-26T08:00:00Z');
    await purge(now);
    expect(log).toEqual([expect.stringMatching(purgedLine), receiverLines.purgeContinues]);
    cut = false;
    await purge(new Date(now.getTime() + 60_000));
    expect(cutoffs).toHaveLength(2);
    expect(log).toHaveLength(3);
    await purge(new Date(now.getTime() + 120_000));
    expect(cutoffs).toHaveLength(2);
  });

  it('counts the retention in calendar years, in UTC', () => {
    expect(retentionCutoff(new Date('2028-02-29T10:00:00Z'), 3)).toEqual(new Date('2025-03-01T10:00:00Z'));
  });
});

describe('Node: the server does the day’s work on its own timer', () => {
  it('every 30 s, on an unref’d timer by default, so it never keeps a stopped process alive', async () => {
    const root = await mkdtemp(path.join(tmpdir(), 'propllc-purge-site-'));
    const setInterval = vi.spyOn(globalThis, 'setInterval');
    const clearInterval = vi.spyOn(globalThis, 'clearInterval');
    try {
      const site = await createSiteServer({
        root: path.join(root, 'dist'),
        env: { LEADS_DIR: path.join(root, 'leads'), AUDIENCE_DIR: path.join(root, 'audience') },
        log: () => undefined,
        logError: () => undefined,
      });
      // The timers start with the server (never listening here: no socket in a unit test).
      site.server.emit('listening');
      const timers = setInterval.mock.calls.map((call, index) => ({
        every: call[1],
        timer: setInterval.mock.results[index]?.value as NodeJS.Timeout,
      }));
      expect(timers.map(({ every }) => every).sort()).toEqual([flushEveryMs, 30_000].sort());
      expect(timers.every(({ timer }) => !timer.hasRef())).toBe(true);
      site.server.emit('close');
      // Stopped with the server.
      expect(timers.every(({ timer }) => clearInterval.mock.calls.some(([cleared]) => cleared === timer))).toBe(true);
    } finally {
      setInterval.mockRestore();
      clearInterval.mockRestore();
    }
  });
});

describe('Cloudflare Pages: after a request, once a Paris day whatever the isolate', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date'] });
    at('2026-11-26T08:00:00Z');
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.restoreAllMocks();
  });

  /** The leads' D1 driver, its purge's listing (the leads received before a day) waiting until the test releases it. */
  function slowLeads() {
    const driver = memoryDriver('base D1 LEADS_DB de Cloudflare');
    const purges: string[] = [];
    let release: () => void = () => undefined;
    const released = new Promise<void>((resolve) => (release = resolve));
    const slow: Driver = {
      ...driver,
      async keys(prefix, range) {
        if (prefix === 'lead/' && range?.before !== undefined) {
          purges.push(range.before);
          await released;
        }
        return driver.keys(prefix, range);
      },
    };
    return { driver: slow, purges, release };
  }

  /** The day's clock; the system's clock follows it, for the isolate's gap between two passes. */
  let time = Date.parse('2026-11-26T08:00:00Z');
  const at = (iso: string) => {
    time = Date.parse(iso);
    vi.setSystemTime(time);
  };

  /** An isolate's API over `leads`, as src/hosts/cloudflare/api.ts builds it, and a request as Pages hands it over. */
  async function isolate(leads: Driver) {
    const log: string[] = [];
    const api = await createApi({
      settings: readSettings({ CONTACT_STORE: 'd1' }, { host: 'd1' }),
      host: 'd1',
      leads,
      now: () => new Date(time),
      log: (line) => log.push(line),
      logError: () => undefined,
    });
    const background: Promise<unknown>[] = [];
    const request = () =>
      api.fetch(new Request('https://propllc.pages.dev/api/contact'), { followUp: true, waitUntil: (work) => background.push(work) });
    return { request, background, log };
  }

  it('starts the purge after the answer through waitUntil, without holding the answer up, once a Paris day', async () => {
    const { driver, purges, release } = slowLeads();
    const first = await isolate(driver);

    // The purge hangs: the answer comes anyway.
    const answer = await first.request();
    expect(answer.status).toBe(405);
    await vi.waitFor(() => expect(purges).toHaveLength(1), { timeout: 30_000 });
    expect(purges).toEqual([`lead/${idTime(new Date('2023-11-26T08:00:00Z'))}`]);
    expect(first.background).toHaveLength(1);
    let done = false;
    void first.background[0]?.then(() => (done = true));
    await new Promise((resolve) => setImmediate(resolve));
    expect(done).toBe(false);
    release();
    await Promise.all(first.background);
    expect(first.log).toContainEqual(expect.stringMatching(purgedLine));

    // Later the same day (23:59 in Paris), here and in another isolate: answered, no purge.
    at('2026-11-26T22:59:00Z');
    const second = await isolate(driver);
    expect((await first.request()).status).toBe(405);
    expect((await second.request()).status).toBe(405);
    await Promise.all([...first.background, ...second.background]);
    expect(purges).toHaveLength(1);

    // The next day in Paris: purged again.
    at('2026-11-26T23:00:00Z');
    await second.request();
    await Promise.all(second.background);
    expect(purges).toEqual(['lead/2023-11-26T08-00-00-000Z', 'lead/2023-11-26T23-00-00-000Z']);
  });

  it('does not purge without a D1 store', async () => {
    const log = vi.spyOn(console, 'log').mockImplementation(() => undefined);
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    vi.resetModules();
    const { onRequest } = await import('../../functions/api/contact.ts');
    const background: Promise<unknown>[] = [];
    const answer = await onRequest({
      request: new Request('https://propllc.pages.dev/api/contact'),
      env: {},
      waitUntil: (work) => background.push(work),
    });
    expect(answer.status).toBe(405);
    await Promise.all(background);
    expect(log.mock.calls.flat().some((line) => purgedLine.test(String(line)))).toBe(false);
  });
});
