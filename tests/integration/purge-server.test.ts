// @vitest-environment node
/**
 * The Node server of `npm start` purges the leads past the retention period at start-up, then once a day: the
 * server listens, its timer is the test's (injected), its clock the test's. The daily gate itself and the
 * Cloudflare Pages Function: tests/unit/purge.test.ts.
 */
import { mkdir, mkdtemp, readdir, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { Ticker } from '../../src/api/contact/purge.ts';
import { createSiteServer } from '../../src/hosts/node/site-server.ts';
import { validLead } from '../fixtures/visitor.ts';
import { clock, hour, purgedLine } from '../fixtures/purge-clock.ts';

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

  const leadFile = async (leads: string, receivedAt: Date, suffix: string) =>
    writeFile(
      path.join(leads, `${receivedAt.toISOString().replace(/[:.]/g, '-')}-${suffix}.json`),
      `${JSON.stringify(validLead({ name: 'Ancien Contact', email: 'ancien@example.com' }))}\n`,
    );

  it('deletes the leads past the retention period and the audience’s past salts, asks every hour, purges again at midnight in Paris, stops with the server', async () => {
    const leads = path.join(dir, 'leads');
    const time = clock('2026-11-26T08:00:00Z');
    const { ticker, ticks } = manualTicker();
    const lines: string[] = [];
    const { server, stop } = await createSiteServer({
      root: path.join(dir, 'dist'),
      env: { LEADS_DIR: leads, AUDIENCE_DIR: path.join(dir, 'audience') },
      log: (line) => lines.push(line),
      logError: (line) => lines.push(line),
      purgeClock: { now: time.now, ticker },
    });
    await leadFile(leads, new Date('2022-01-10T10:00:00Z'), 'a0000001');
    await leadFile(leads, new Date('2026-11-20T10:00:00Z'), 'b0000001');
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    await vi.waitFor(() => expect(lines.filter((line) => purgedLine.test(line))).toHaveLength(1));
    expect(lines.find((line) => purgedLine.test(line))).toContain('\u202f: 1 (durée');
    expect((await readdir(leads)).filter((name) => name.endsWith('.json'))).toEqual([expect.stringContaining('b0000001')]);

    // The timer asks every hour; within the Paris day (until 23:00 UTC in November), nothing more is purged.
    expect(ticks).toHaveLength(1);
    expect(ticks[0]?.everyMs).toBe(hour);
    await leadFile(leads, new Date('2022-02-10T10:00:00Z'), 'a0000002');
    // The audience of the day before: its totals are kept 25 months, its salt only during its own day.
    const audience = path.join(dir, 'audience');
    await mkdir(path.join(audience, 'days'), { recursive: true });
    await mkdir(path.join(audience, 'today'), { recursive: true });
    await writeFile(path.join(audience, 'today', '2026-11-26.salt'), 'sel-du-jour');
    await writeFile(path.join(audience, 'days', '2024-01-05.json'), JSON.stringify({ day: '2024-01-05', visitors: 1 }));
    for (let i = 0; i < 14; i += 1) {
      time.advance(hour);
      ticks[0]?.tick();
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(lines.filter((line) => purgedLine.test(line))).toHaveLength(1);
    expect((await readdir(leads)).filter((name) => name.endsWith('.json'))).toHaveLength(2);
    expect(await readdir(path.join(audience, 'today'))).toEqual(['2026-11-26.salt']);

    // Midnight in Paris, with no visit since: the lead past its period, yesterday's salt and the totals past
    // 25 months go with the same tick.
    time.advance(hour);
    ticks[0]?.tick();
    await vi.waitFor(() => expect(lines.filter((line) => purgedLine.test(line))).toHaveLength(2));
    expect((await readdir(leads)).filter((name) => name.endsWith('.json'))).toEqual([expect.stringContaining('b0000001')]);
    expect(await readdir(path.join(audience, 'today'))).toEqual([]);
    expect(await readdir(path.join(audience, 'days'))).toEqual([]);
    // The leads' purge and the audience's run side by side: their lines come in either order.
    const audiencePurges = lines.filter((line) => line.startsWith('Audience\u202f: purge automatique'));
    expect(audiencePurges).toHaveLength(2);
    expect(audiencePurges.at(-1)).toContain('jours supprimés\u202f: 1.');

    await stop(1000);
    expect(ticks[0]?.stopped).toBe(true);
  });
});
