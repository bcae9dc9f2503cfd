// @vitest-environment node
/**
 * 200 leads posted 50 at once through the Cloudflare Pages Function (functions/api/contact.ts, that is
 * src/hosts/cloudflare/api.ts `onRequest`) over miniflare's local D1 (src/hosts/cloudflare/wrangler-d1.ts), stored
 * only (CONTACT_DELIVERY=local): 200 rows, none twice, every message as posted; then `npm run leads -- --local` over
 * that database says nobody is notified, « non notifié (stockage seul) ». Settings other than those of the shared
 * `wrangler pages dev` of the end-to-end specs (tests/e2e/cloudflare-runtime.ts), which has a webhook; wrangler's
 * development proxy, which cut some of these posts there, is no part of what is tested.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { leadsCommand } from '../../ops/leads/command.ts';
import { spamCaps } from '../../src/api/contact/spam/weights.ts';
import { leadStore } from '../../src/api/store/lead-store.ts';
import { d1Driver } from '../../src/hosts/cloudflare/d1-driver.ts';
import { d1Binding } from '../../src/hosts/cloudflare/store.ts';
import { type LocalD1, openLocalD1 } from '../../src/hosts/cloudflare/wrangler-d1.ts';
import { migrate } from '../fixtures/d1-migrate.ts';
import { processesHolding } from '../fixtures/open-files.ts';
import { runInProcess } from '../fixtures/operator-command.ts';
import { validLead } from '../fixtures/visitor.ts';

const root = path.resolve(import.meta.dirname, '../..');
let persistTo = '';
let local: LocalD1 | undefined;

beforeAll(async () => {
  persistTo = await mkdtemp(path.join(tmpdir(), 'propllc-d1-flood-'));
  local = await openLocalD1(persistTo);
  await migrate(local.runner(d1Binding), path.join(root, 'src/hosts/cloudflare/migrations'));
}, 120_000);

afterAll(async () => {
  await local?.dispose();
  // The command's own runtime closes a moment after its last statement.
  await vi.waitFor(() => expect(processesHolding(persistTo)).toEqual([]), { timeout: 30_000, interval: 100 });
  await rm(persistTo, { recursive: true, force: true });
}, 60_000);

describe('200 leads posted 50 at once through the Cloudflare function, stored only', { timeout: 120_000 }, () => {
  it('are 200 D1 rows, none twice, and npm run leads -- --local lists them « non notifié (stockage seul) »', async () => {
    vi.spyOn(console, 'log').mockImplementation(() => undefined);
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const errors = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    vi.resetModules();
    const { onRequest } = await import('../../functions/api/contact.ts');
    const run = local?.runner(d1Binding);
    if (!run) throw new Error('no local D1');
    // The binding as the function reads it (prepare, bind, all), over miniflare's D1.
    const binding = {
      prepare: (sql: string) => ({
        bind: (...params: unknown[]) => ({ all: async () => ({ results: await run(sql, params as (string | null)[]) }) }),
      }),
    };
    const env = { CONTACT_STORE: 'd1', CONTACT_DELIVERY: 'local', CONTACT_RATE_LIMIT: '1000', AUDIENCE: '0', LEADS_DB: binding };
    const messages = Array.from({ length: 200 }, (_, index) =>
      validLead({ email: `lot-${index}@example.com`, message: `Message numéro ${index} : une question sur les payouts.` }),
    );
    const post = async (values: (typeof messages)[number]) => {
      const background: Promise<unknown>[] = [];
      const answer = await onRequest({
        request: new Request('https://propllc.pages.dev/api/contact', {
          method: 'POST',
          headers: { 'Content-Type': 'application/json', Origin: 'https://propllc.pages.dev', 'CF-Connecting-IP': '198.51.100.7' },
          body: JSON.stringify(values),
        }),
        env,
        waitUntil: (work) => void background.push(work),
      });
      await Promise.all(background);
      return { email: values.email, status: answer.status };
    };
    const answers: { email: string; status: number }[] = [];
    for (let wave = 0; wave < messages.length; wave += 50)
      answers.push(...(await Promise.all(messages.slice(wave, wave + 50).map(post))));
    // What the function logged, in the failure's message: a refused post says why.
    const logged = errors.mock.calls.map((call) => call.join(' ')).join('\n');
    expect(
      answers.filter((answer) => answer.status !== 200),
      logged,
    ).toEqual([]);
    expect(logged).toBe('');

    const rows = (await leadStore(d1Driver(run, 'D1'), { spamCaps }).list()).leads;
    expect(rows).toHaveLength(200);
    expect(new Set(rows.map((lead) => lead.id)).size).toBe(200);
    expect(rows.map((lead) => lead.message).sort()).toEqual(messages.map((message) => message.message).sort());

    const { code, stdout, stderr } = await runInProcess(leadsCommand, ['--local', '--persist-to', persistTo]);
    expect(code, stderr).toBe(0);
    const lines = stdout.split('\n');
    expect(lines[0]).toMatch(/^Date +Nom +Email +Téléphone +Message +Notification$/);
    expect(lines.filter((line) => line.includes('lot-'))).toHaveLength(200);
    for (const line of lines.filter((row) => row.includes('lot-'))) expect(line).toMatch(/ non notifié \(stockage seul\)$/);
    expect(stdout).toContain(
      'Messages\u202f: 200, dont 200 non notifié(s) (stockage seul\u202f: aucun email ni webhook n’est réglé) et 0 en échec (base D1 LEADS_DB, copie locale de la base).',
    );
  });
});
