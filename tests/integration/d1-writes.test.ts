// @vitest-environment node
/**
 * What a lead costs in D1 rows written, through the Cloudflare Pages Function (functions/api/contact.ts, that is
 * src/hosts/cloudflare/api.ts `onRequest`) over miniflare's local D1 (src/hosts/cloudflare/wrangler-d1.ts), handed
 * to it as the LEADS_DB binding and counted statement by statement: Cloudflare's Free plan writes 100,000 rows a
 * day in all, so one lead stored and notified writes a few rows, and a flood of spam past the day's caps
 * (src/api/contact/spam/weights.ts, `spamCaps`) writes only its count, one row per message, never the message.
 */
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { spamCaps } from '../../src/api/contact/spam/weights.ts';
import { d1Binding } from '../../src/hosts/cloudflare/store.ts';
import { type LocalD1, openLocalD1 } from '../../src/hosts/cloudflare/wrangler-d1.ts';
import type { SqlRunner } from '../../src/hosts/cloudflare/d1-driver.ts';
import { migrate } from '../fixtures/d1-migrate.ts';
import { validLead } from '../fixtures/visitor.ts';

const root = path.resolve(import.meta.dirname, '../..');
/**
 * The rows one lead may write: the repeat memory's entry, its due entry and its record, its claim and its outcome,
 * its due entry removed (6 when measured), and a little room.
 */
const leadWrites = 8;

/** A D1 binding over a runner that notes every statement, with the key it concerns (its first parameter). */
function countingBinding(run: SqlRunner) {
  const statements: { sql: string; key: string }[] = [];
  return {
    statements,
    /** The statements that write (INSERT, UPDATE, DELETE), from `from` on. */
    writes: (from = 0) => statements.slice(from).filter((statement) => /^(INSERT|UPDATE|DELETE)\b/i.test(statement.sql.trim())),
    binding: {
      prepare: (sql: string) => ({
        bind: (...params: unknown[]) => ({
          all: async () => {
            statements.push({ sql, key: String(params[0] ?? '') });
            return { results: await run(sql, params as (string | null)[]) };
          },
        }),
      }),
    },
  };
}

let local: LocalD1 | undefined;
let run: SqlRunner;
beforeAll(async () => {
  local = await openLocalD1(await mkdtemp(path.join(tmpdir(), 'propllc-d1-writes-')));
  run = local.runner(d1Binding);
  await migrate(run, path.join(root, 'src/hosts/cloudflare/migrations'));
});
afterAll(async () => {
  await local?.dispose();
});

const received: Record<string, unknown>[] = [];
beforeEach(async () => {
  await run('DELETE FROM kv', []);
  received.length = 0;
  vi.spyOn(console, 'log').mockImplementation(() => undefined);
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
  vi.spyOn(console, 'warn').mockImplementation(() => undefined);
  const fetch = globalThis.fetch;
  vi.stubGlobal('fetch', async (input: string | URL | Request, init?: RequestInit) => {
    if (!String(input).startsWith('https://hooks.example.org/')) return fetch(input, init);
    received.push(JSON.parse(String(init?.body)));
    return new Response('{}', { status: 200 });
  });
  // A fresh isolate: the function's API is made again.
  vi.resetModules();
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

async function isolate() {
  const { onRequest } = await import('../../functions/api/contact.ts');
  const leads = countingBinding(run);
  const env = {
    CONTACT_STORE: 'd1',
    CONTACT_WEBHOOK_URL: 'https://hooks.example.org/propllc',
    CONTACT_RATE_LIMIT: '100000',
    AUDIENCE: '0',
    LEADS_DB: leads.binding,
  };
  let visitor = 0;
  const post = async (body: Record<string, unknown>) => {
    const background: Promise<unknown>[] = [];
    visitor += 1;
    const answer = await onRequest({
      request: new Request('https://propllc.pages.dev/api/contact', {
        method: 'POST',
        headers: {
          'Content-Type': 'application/json',
          Origin: 'https://propllc.pages.dev',
          'CF-Connecting-IP': `198.51.100.${visitor % 250}`,
        },
        body: JSON.stringify(body),
      }),
      env,
      waitUntil: (work) => void background.push(work),
    });
    await Promise.all(background);
    return answer.status;
  };
  const keys = async (prefix: string) =>
    (await run('SELECT key FROM kv WHERE key >= ?1 AND key < ?2', [prefix, `${prefix}~`])).map((row) => String(row.key));
  return { leads, post, keys };
}

describe('D1 rows written through the Cloudflare Pages Function', () => {
  it('a lead stored and notified writes a few rows, and its invocation stays within its 50 subrequests', async () => {
    const { leads, post } = await isolate();
    // The isolate's first request also does the day's work (the purge, once a day): the next one is a lead alone.
    expect(await post(validLead({ email: 'premiere@example.com', message: 'Bonjour, une première question sur ma LLC.' }))).toBe(200);
    const from = leads.statements.length;
    expect(await post(validLead({ email: 'jeanne@example.com', message: 'Bonjour, je voudrais une LLC pour mes payouts.' }))).toBe(
      200,
    );
    const writes = leads.writes(from);
    expect(received.filter((body) => body.digest === undefined).map((body) => body.email)).toEqual([
      'premiere@example.com',
      'jeanne@example.com',
    ]);
    expect(writes.length).toBeGreaterThanOrEqual(2);
    expect(writes.length).toBeLessThanOrEqual(leadWrites);
    expect(leads.statements.length - from).toBeLessThanOrEqual(50);
  });

  it('a flood of spam past the day’s cap writes its count only, one row per message, no message', async () => {
    const { leads, post, keys } = await isolate();
    const trap = (index: number) => ({
      ...validLead({ name: `Robot ${index}`, email: `robot${index}@example.com`, message: `Offre numéro ${index} pour votre site.` }),
      website: `https://bot${index}.example`,
    });
    for (let index = 0; index < spamCaps.honeypot; index += 1) expect(await post(trap(index))).toBe(200);
    expect(await keys('spam/')).toHaveLength(spamCaps.honeypot);
    const past = 20;
    const perMessage: { writes: string[]; statements: number }[] = [];
    for (let index = 0; index < past; index += 1) {
      const from = leads.statements.length;
      // Answered like any message: a robot learns nothing.
      expect(await post(trap(spamCaps.honeypot + index))).toBe(200);
      perMessage.push({ writes: leads.writes(from).map((statement) => statement.key), statements: leads.statements.length - from });
    }
    // Each one past the cap: its day's count, nothing else.
    for (const message of perMessage) expect(message.writes).toEqual([expect.stringMatching(/^spam-day\/\d{4}-\d{2}-\d{2}$/)]);
    expect(await keys('spam/')).toHaveLength(spamCaps.honeypot);
    expect(await keys('lead/')).toEqual([]);
    expect(await keys('due/')).toEqual([]);
    // No message notified (a digest may go, after 08:00, that counts them).
    expect(received.filter((body) => body.digest === undefined)).toEqual([]);
    // The day's record says how many were refused, for the next digest.
    const [day] = await keys('spam-day/');
    const counts = JSON.parse(String((await run('SELECT value FROM kv WHERE key = ?1', [day ?? '']))[0]?.value));
    expect(counts).toEqual({ stored: { honeypot: spamCaps.honeypot }, refused: { honeypot: past } });
  });
});
