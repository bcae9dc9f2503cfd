// @vitest-environment node
/**
 * The Node server of `npm start` purges the leads past the retention period at start-up, then once a day: the
 * server listens, its timers are the test's (`clock.ticker`, injected), its clock the test's (`clock.now`). The day's
 * work (`api.scheduled()`) runs at listen and at every tick of its 30-second timer; the day a purge last ran is kept
 * in LEADS_DIR (`gate/purge`), so a tick within the same Paris day purges nothing more. The audience's counts are
 * held in memory and written at each tick of the flush timer. The daily gate itself: tests/unit/purge.test.ts.
 */
import { mkdir, mkdtemp, readdir, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { spamCaps } from '../../src/api/contact/spam/weights.ts';
import { leadStore } from '../../src/api/store/lead-store.ts';
import { flushEveryMs } from '../../src/contact/audience-settings.ts';
import { filesDriver } from '../../src/hosts/node/files-driver.ts';
import { createSiteServer, type Ticker } from '../../src/hosts/node/site-server.ts';
import { clock, hour, purgedLine } from '../fixtures/purge-clock.ts';
import { validLead } from '../fixtures/visitor.ts';

/** A timer the test fires by hand. */
function manualTicker() {
  const ticks: { tick: () => void; everyMs: number; stopped: boolean }[] = [];
  const ticker: Ticker = (tick, everyMs) => {
    const entry = { tick, everyMs, stopped: false };
    ticks.push(entry);
    return () => {
      entry.stopped = true;
    };
  };
  return { ticker, ticks };
}

describe('Node: the server purges at start-up, then once a day, at the change of day', () => {
  let dir = '';
  beforeEach(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'propllc-purge-'));
    await mkdir(path.join(dir, 'dist'));
    await writeFile(path.join(dir, 'dist', 'index.html'), '<!doctype html><title>Accueil</title>');
  });

  const old = validLead({ name: 'Ancien Contact', email: 'ancien@example.com' });

  it('deletes the leads past the retention period and the audience’s past salts, asks every 30 s, purges again at midnight in Paris, stops with the server', async () => {
    const leads = path.join(dir, 'leads');
    const audience = path.join(dir, 'audience');
    const store = leadStore(filesDriver(leads), { spamCaps });
    const leadFiles = async () => (await readdir(path.join(leads, 'lead'))).filter((name) => name.endsWith('.json'));
    const time = clock('2026-11-26T08:00:00Z');
    const { ticker, ticks } = manualTicker();
    const lines: string[] = [];
    const site = await createSiteServer({
      root: path.join(dir, 'dist'),
      env: { LEADS_DIR: leads, AUDIENCE_DIR: audience },
      log: (line) => lines.push(line),
      logError: (line) => lines.push(line),
      clock: { now: time.now, ticker },
    });
    // Each run of the day's work the server starts, to wait for it (never a fixed sleep).
    const runs: Promise<void>[] = [];
    const scheduled = site.api.scheduled.bind(site.api);
    site.api.scheduled = () => {
      const run = scheduled();
      runs.push(run);
      return run;
    };
    const settled = async () => {
      while (runs.length > 0) await Promise.all(runs.splice(0));
    };
    const stale = await store.add(old, new Date('2022-01-10T10:00:00Z'));
    const recent = await store.add(old, new Date('2026-11-20T10:00:00Z'));
    if (!('id' in stale) || !('id' in recent)) throw new Error('not stored');
    await new Promise<void>((resolve) => site.server.listen(0, '127.0.0.1', resolve));
    await vi.waitFor(() => expect(lines.filter((line) => purgedLine.test(line))).toHaveLength(1), { timeout: 120_000 });
    await settled();
    expect(runs).toEqual([]);
    expect(lines.find((line) => purgedLine.test(line))).toContain('\u202f: 1 (durée');
    expect(await leadFiles()).toEqual([`${recent.id}.json`]);

    // Two timers: the day's work every 30 s, the audience's counts written every few seconds.
    expect(ticks.map((entry) => entry.everyMs)).toEqual([30_000, flushEveryMs]);
    const [work, flush] = ticks;
    const older = await store.add(old, new Date('2022-02-10T10:00:00Z'));
    if (!('id' in older)) throw new Error('not stored');
    // The audience of the day before: its totals are kept 25 months, its salt only during its own day.
    await mkdir(path.join(audience, 'day'), { recursive: true });
    await mkdir(path.join(audience, 'salt'), { recursive: true });
    await writeFile(path.join(audience, 'salt', '2026-11-26.json'), JSON.stringify('a'.repeat(64)));
    await writeFile(path.join(audience, 'day', '2024-01-05.json'), JSON.stringify({ day: '2024-01-05', visitors: 1 }));
    // Until 23:00 UTC in November the Paris day is the same: a tick every 30 s of the clock purges nothing more.
    for (let i = 0; i < 14 * 120; i += 1) {
      time.advance(30_000);
      work?.tick();
      if (i % 120 === 119) await settled();
    }
    await settled();
    flush?.tick();
    expect(lines.filter((line) => purgedLine.test(line))).toHaveLength(1);
    expect((await leadFiles()).sort()).toEqual([`${older.id}.json`, `${recent.id}.json`].sort());
    expect(await readdir(path.join(audience, 'salt'))).toEqual(['2026-11-26.json']);

    // Midnight in Paris, with no visit since: the lead past its period, yesterday's salt and the totals past
    // 25 months go with the same tick (the audience's once its counts are written).
    time.advance(hour);
    work?.tick();
    await settled();
    expect(lines.filter((line) => purgedLine.test(line))).toHaveLength(2);
    expect(await leadFiles()).toEqual([`${recent.id}.json`]);
    flush?.tick();
    await vi.waitFor(
      async () => {
        expect(await readdir(path.join(audience, 'salt'))).toEqual([]);
        expect(await readdir(path.join(audience, 'day'))).toEqual([]);
      },
      { timeout: 120_000 },
    );
    const audiencePurges = lines.filter((line) => line.startsWith('Audience\u202f: purge automatique'));
    expect(audiencePurges).toHaveLength(2);
    expect(audiencePurges.at(-1)).toContain('jours supprimés\u202f: 1.');

    await site.stop(1000);
    expect(ticks.map((entry) => entry.stopped)).toEqual([true, true]);
  });
});
