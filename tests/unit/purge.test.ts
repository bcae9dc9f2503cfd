// @vitest-environment node
/**
 * The purge of the leads past the retention period, by itself on every host: the daily gate with a clock the
 * test moves, the Node server's default timer, and the Cloudflare Pages Function after a request (waitUntil). The
 * Node server purging while it listens: tests/integration/purge-server.test.ts.
 * Netlify's daily scheduled function is tested against the local Blobs server in netlify-leads-command.test.ts.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { dailyPurge, keepPurging, retentionCutoff } from '../../src/api/contact/purge.ts';
import type { StoredLead } from '../../src/api/store/lead-store.ts';
import { clock, hour, purgedLine } from '../fixtures/purge-clock.ts';

/** A store whose purge records its cut-offs and deletes `count` leads. */
function recordingStore(count = 2) {
  const cutoffs: Date[] = [];
  return {
    cutoffs,
    store: {
      purge: async (before: Date) => {
        cutoffs.push(before);
        return { leads: Array.from({ length: count }, (_, index) => ({ id: String(index) }) as StoredLead), unreadable: [] };
      },
    },
  };
}

describe('the daily gate', () => {
  it('purges with the cut-off of the GDPR notice (3 years), logs the count, not twice in a Paris day, again once it changes', async () => {
    const time = clock('2026-11-26T08:00:00Z');
    const { store, cutoffs } = recordingStore(2);
    const log = vi.fn();
    const purge = dailyPurge({ store, log, logError: vi.fn(), now: time.now });
    await purge();
    expect(cutoffs).toEqual([new Date('2023-11-26T08:00:00Z')]);
    expect(log).toHaveBeenCalledTimes(1);
    expect(log.mock.calls[0]?.[0]).toMatch(purgedLine);
    expect(log.mock.calls[0]?.[0]).toContain('avant le 26 novembre 2023\u202f: 2 (');

    // 23:00 in Paris (UTC+1 in November): still the same day.
    time.advance(14 * hour);
    expect(purge()).toBeUndefined();
    expect(cutoffs).toHaveLength(1);

    // Midnight in Paris: a new day, purged although 24 hours have not passed.
    time.advance(hour);
    await purge();
    expect(cutoffs).toEqual([new Date('2023-11-26T08:00:00Z'), new Date('2023-11-26T23:00:00Z')]);
    expect(log).toHaveBeenCalledTimes(2);
    time.advance(23 * hour - 1);
    expect(purge()).toBeUndefined();
  });

  it('runs what else goes by the same timer (the audience) with the same clock, and logs its failure', async () => {
    const time = clock('2026-11-26T08:00:00Z');
    const { store } = recordingStore(0);
    const asked: Date[] = [];
    const logError = vi.fn();
    const purge = dailyPurge({
      store,
      alsoPurge: async (now) => {
        asked.push(now);
        if (asked.length === 2) throw new Error('disque plein');
      },
      log: vi.fn(),
      logError,
      now: time.now,
    });
    await purge();
    expect(asked).toEqual([new Date('2026-11-26T08:00:00Z')]);
    time.advance(24 * hour);
    await purge();
    expect(logError.mock.calls[0]?.[0]).toContain('disque plein');
    // Tried again an hour later.
    time.advance(hour);
    await purge();
    expect(asked).toHaveLength(3);
  });

  it('lets one purge through when two requests ask at the same instant', async () => {
    const { store, cutoffs } = recordingStore();
    const purge = dailyPurge({ store, log: vi.fn(), logError: vi.fn() });
    const first = purge();
    expect(purge()).toBeUndefined();
    await first;
    expect(cutoffs).toHaveLength(1);
  });

  it('logs a failure in French, never rejects, and tries again an hour later', async () => {
    const time = clock('2026-11-26T08:00:00Z');
    let fail = true;
    const store = {
      purge: async () => {
        if (fail) throw new Error('D1_ERROR: no such table: leads');
        return { leads: [], unreadable: [] };
      },
    };
    const log = vi.fn();
    const logError = vi.fn();
    const purge = dailyPurge({ store, log, logError, now: time.now });
    await expect(purge()).resolves.toBeUndefined();
    expect(logError).toHaveBeenCalledWith(
      'Purge automatique NON faite\u202f: D1_ERROR: no such table: leads. Nouvel essai dans une heure.',
    );
    time.advance(hour - 1);
    expect(purge()).toBeUndefined();
    time.advance(1);
    fail = false;
    await purge();
    expect(log.mock.calls[0]?.[0]).toContain('\u202f: 0 (durée');
  });

  it('counts the deleted leads, and names each record the store skipped as unreadable', async () => {
    const log = vi.fn();
    const logError = vi.fn();
    const store = {
      purge: async () => ({ leads: [{ id: 'a' } as StoredLead], unreadable: [{ id: 'b', where: 'leads/b.json', reason: 'JSON' }] }),
    };
    await dailyPurge({ store, log, logError })();
    expect(log.mock.calls[0]?.[0]).toContain('\u202f: 1 (durée');
    expect(logError).toHaveBeenCalledWith('ignoré, illisible\u202f: leads/b.json (JSON)');
  });

  it('counts the retention in calendar years, in UTC', () => {
    expect(retentionCutoff(new Date('2028-02-29T10:00:00Z'), 3)).toEqual(new Date('2025-03-01T10:00:00Z'));
  });
});

describe('Node: the server purges once a day, at the change of day', () => {
  it('uses an unref’d timer by default, so it never keeps a stopped process alive', () => {
    const setInterval = vi.spyOn(globalThis, 'setInterval');
    const server = {
      listeners: new Map<string, () => void>(),
      on(event: string, listener: () => void) {
        this.listeners.set(event, listener);
      },
    };
    keepPurging(server, () => undefined);
    server.listeners.get('listening')?.();
    const timer = setInterval.mock.results[0]?.value as NodeJS.Timeout;
    expect(setInterval.mock.calls[0]?.[1]).toBe(hour);
    expect(timer.hasRef()).toBe(false);
    server.listeners.get('close')?.();
    setInterval.mockRestore();
  });
});

describe('Cloudflare Pages Function: after a request, at most once a day per isolate', () => {
  beforeEach(() => {
    vi.spyOn(console, 'log').mockImplementation(() => undefined);
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    vi.useFakeTimers({ toFake: ['Date'], now: new Date('2026-11-26T08:00:00Z') });
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.restoreAllMocks();
  });

  /** A D1 binding whose DELETE … received_at < ? waits until the test releases it. */
  function slowD1() {
    const purges: unknown[][] = [];
    let release: () => void = () => undefined;
    const released = new Promise<void>((resolve) => (release = resolve));
    const binding = {
      prepare: (sql: string) => ({
        bind: (...values: unknown[]) => ({
          all: async () => {
            if (/^DELETE FROM leads WHERE received_at </.test(sql)) {
              purges.push(values);
              await released;
            }
            return { results: [] };
          },
        }),
      }),
    };
    return { binding, purges, release };
  }

  it('starts the purge after the answer through waitUntil, without holding the answer up, once a Paris day', async () => {
    vi.resetModules();
    const { onRequest } = await import('../../functions/api/contact.ts');
    const { binding, purges, release } = slowD1();
    const env = { CONTACT_STORE: 'd1', LEADS_DB: binding };
    const background: Promise<unknown>[] = [];
    const request = () =>
      onRequest({ request: new Request('https://propllc.pages.dev/api/contact'), env, waitUntil: (work) => background.push(work) });

    // The purge hangs: the answer comes anyway.
    const answer = await request();
    expect(answer.status).toBe(405);
    expect(purges).toEqual([['2023-11-26T08:00:00.000Z', '2026-10-27T08:00:00.000Z']]);
    expect(background).toHaveLength(1);
    let done = false;
    void background[0]?.then(() => (done = true));
    await Promise.resolve();
    expect(done).toBe(false);
    release();
    await Promise.all(background);
    expect(console.log).toHaveBeenCalledWith(expect.stringMatching(purgedLine));

    // Later the same day (23:59 in Paris): answered, no purge.
    vi.setSystemTime(new Date('2026-11-26T22:59:00Z'));
    expect((await request()).status).toBe(405);
    expect(purges).toHaveLength(1);
    expect(background).toHaveLength(1);

    // The next day in Paris: purged again.
    vi.setSystemTime(new Date('2026-11-26T23:00:00Z'));
    await request();
    await Promise.all(background);
    expect(purges).toEqual([
      ['2023-11-26T08:00:00.000Z', '2026-10-27T08:00:00.000Z'],
      ['2023-11-26T23:00:00.000Z', '2026-10-27T23:00:00.000Z'],
    ]);
  });

  it('does not purge without a D1 store', async () => {
    vi.resetModules();
    const { onRequest } = await import('../../functions/api/contact.ts');
    const background: Promise<unknown>[] = [];
    await onRequest({
      request: new Request('https://propllc.pages.dev/api/contact'),
      env: {},
      waitUntil: (work) => background.push(work),
    });
    expect(background).toEqual([]);
  });
});
