// @vitest-environment node
/**
 * Counting can never hurt a lead: on each host's adapter run here (the Node server of `npm start`, the Cloudflare
 * Pages Functions, the Netlify Functions), an audience store that fails on every call leaves `/api/count` answering
 * 204 and `/api/contact` storing each lead and answering 200. On Cloudflare the counts need their own database
 * (AUDIENCE_DB): without it nothing is counted, the log says so, and the leads' database is never used instead. A
 * count request there starts the gated retry pass of the leads « à notifier » and the daily purge, so a site with
 * visitors never waits for its next lead.
 */
import { mkdir, mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { getStore } from '@netlify/blobs';
import { BlobsServer } from '@netlify/blobs/server';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { audienceLines } from '../../src/api/audience/lines.ts';
import { cloudflareLines } from '../../src/hosts/cloudflare/lines.ts';
import { leadId } from '../../src/api/store/lead-store.ts';
import { filesLeadStore } from '../../src/hosts/node/files-store.ts';
import { blobsStoreName } from '../../src/hosts/netlify/blobs-store.ts';
import { createSiteServer } from '../../src/hosts/node/site-server.ts';
import { validLead } from '../fixtures/visitor.ts';
import { listen } from '../e2e/build-copy.ts';

const agent = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/150.0.0.0 Safari/537.36';
const lead = validLead();

const count = (origin: string) =>
  new Request(`${origin}/api/count?p=%2Fabout`, { method: 'POST', headers: { 'user-agent': agent, 'sec-fetch-site': 'same-origin' } });
const contact = (origin: string, headers: Record<string, string> = {}) =>
  new Request(`${origin}/api/contact`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Origin: origin, ...headers },
    body: JSON.stringify(lead),
  });

let errors: string[] = [];
let logs: string[] = [];
beforeEach(() => {
  errors = [];
  logs = [];
  vi.spyOn(console, 'log').mockImplementation((line: unknown) => void logs.push(String(line)));
  vi.spyOn(console, 'error').mockImplementation((line: unknown) => void errors.push(String(line)));
  vi.spyOn(console, 'warn').mockImplementation(() => undefined);
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.unstubAllEnvs();
  vi.restoreAllMocks();
  vi.doUnmock('../../src/hosts/netlify/audience-blobs-store.ts');
});

describe('Node: the server of npm start', () => {
  async function serve(env: (dir: string) => Record<string, string>, breakAudience?: (dir: string) => Promise<void>) {
    const dir = await mkdtemp(path.join(tmpdir(), 'propllc-isolation-'));
    await mkdir(path.join(dir, 'dist'));
    await writeFile(path.join(dir, 'dist/index.html'), '<!doctype html><title>PropLLC</title>');
    const site = await createSiteServer({
      root: path.join(dir, 'dist'),
      env: { LEADS_DIR: path.join(dir, 'leads'), CONTACT_RATE_LIMIT: '100', ...env(dir) },
      log: (line) => logs.push(line),
      logError: (line) => errors.push(line),
    });
    await breakAudience?.(dir);
    const origin = `http://127.0.0.1:${await listen(site.server)}`;
    return { dir, site, origin };
  }

  it('an audience folder that fails on every call: counts answer 204, every lead is stored and answered 200', async () => {
    const { dir, site, origin } = await serve(
      (dir) => ({ AUDIENCE_DIR: path.join(dir, 'audience') }),
      // Replaced by a file once the server runs: every read and write of the counts fails (ENOTDIR), even as root.
      async (dir) => writeFile(path.join(dir, 'audience'), 'pas un dossier'),
    );
    try {
      for (let index = 0; index < 3; index += 1) {
        expect((await fetch(count(origin))).status).toBe(204);
        expect((await fetch(contact(origin))).status).toBe(200);
      }
    } finally {
      await site.stop(2000);
    }
    expect((await filesLeadStore(path.join(dir, 'leads')).list()).leads).toHaveLength(3);
    expect(errors.filter((line) => line.startsWith(audienceLines.countFailed)).length).toBeGreaterThan(0);
  });

  it('AUDIENCE_DIR inside LEADS_DIR: counting is off and the log says so; the server starts and takes leads', async () => {
    const { dir, site, origin } = await serve((dir) => ({ AUDIENCE_DIR: path.join(dir, 'leads', 'audience') }));
    try {
      expect(site.problems).toEqual([]);
      expect((await fetch(count(origin))).status).toBe(204);
      expect((await fetch(contact(origin))).status).toBe(200);
    } finally {
      await site.stop(2000);
    }
    expect(errors.some((line) => line.startsWith('Audience\u202f: le dossier ') && line.includes('rien n’est compté'))).toBe(true);
    expect(await readdir(path.join(dir, 'leads'))).not.toContain('audience');
    expect((await filesLeadStore(path.join(dir, 'leads')).list()).leads).toHaveLength(1);
  });
});

/**
 * A D1 binding that keeps the leads' rows in memory: what src/hosts/cloudflare/functions/contact.ts and the retry pass ask of
 * LEADS_DB (src/hosts/cloudflare/d1-store.ts), no more.
 */
function leadsDatabase(pending: Record<string, string>[] = []) {
  const rows = [...pending];
  const statements: string[] = [];
  const run = (sql: string, params: unknown[]): Record<string, unknown>[] => {
    statements.push(sql);
    if (sql.startsWith('INSERT INTO leads')) {
      const columns = /\(([^)]+)\)/.exec(sql)?.[1]?.split(', ') ?? [];
      rows.push(Object.fromEntries(columns.map((column, index) => [column, params[index] as string])));
    } else if (sql.startsWith('SELECT') && sql.includes('FROM leads WHERE notified_at IS NULL')) {
      return rows.filter((row) => !row.notified_at);
    } else if (sql.startsWith('UPDATE leads SET claimed_until')) {
      return rows.filter((row) => row.id === params[1] && !row.notified_at);
    } else if (sql.startsWith('UPDATE leads SET notified_at')) {
      const row = rows.find((candidate) => candidate.id === params[0]);
      if (row && params[1]) row.notified_at = String(params[1]);
    } else if (sql.includes('count(*)')) {
      return [{ n: 0 }];
    }
    return [];
  };
  return {
    rows,
    statements,
    binding: {
      prepare: (sql: string) => ({ bind: (...params: unknown[]) => ({ all: async () => ({ results: run(sql, params) }) }) }),
    },
  };
}

/** An AUDIENCE_DB that fails on every statement (a quota used up, a database gone). */
const failingDatabase = {
  prepare: () => {
    throw new Error('D1_ERROR: too many requests');
  },
};

describe('Cloudflare Pages Functions (src/hosts/cloudflare/functions/count.ts, src/hosts/cloudflare/functions/contact.ts)', () => {
  const origin = 'https://propllc.pages.dev';
  // One module per isolate: each test gets fresh ones, as a fresh isolate would.
  const load = async () => {
    vi.resetModules();
    return { count: await import('../../functions/api/count.ts'), contact: await import('../../functions/api/contact.ts') };
  };

  it('an AUDIENCE_DB that fails on every call: counts answer 204, leads are stored in LEADS_DB and answered 200', async () => {
    const { count: countFunction, contact: contactFunction } = await load();
    const leads = leadsDatabase();
    const env = { CONTACT_STORE: 'd1', CONTACT_DELIVERY: 'local', LEADS_DB: leads.binding, AUDIENCE_DB: failingDatabase };
    const background: Promise<unknown>[] = [];
    const waitUntil = (promise: Promise<unknown>) => void background.push(promise);
    for (let index = 0; index < 3; index += 1) {
      expect((await countFunction.onRequest({ request: count(origin), env, waitUntil })).status).toBe(204);
      const answer = await contactFunction.onRequestPost({
        request: contact(origin, { 'CF-Connecting-IP': '203.0.113.5' }),
        env,
        waitUntil,
      });
      expect(answer.status).toBe(200);
    }
    await Promise.all(background);
    expect(leads.rows.map((row) => row.email)).toEqual([lead.email, lead.email, lead.email]);
    expect(errors.filter((line) => line.startsWith(audienceLines.countFailed)).length).toBeGreaterThan(0);
    // Nothing of the audience went to the leads' database.
    expect(leads.statements.filter((sql) => sql.includes('audience_'))).toEqual([]);
  });

  it('without AUDIENCE_DB nothing is counted, the log says so, and the leads’ database is never used instead', async () => {
    const { count: countFunction, contact: contactFunction } = await load();
    const leads = leadsDatabase();
    const env = { CONTACT_STORE: 'd1', CONTACT_DELIVERY: 'local', LEADS_DB: leads.binding };
    const background: Promise<unknown>[] = [];
    const waitUntil = (promise: Promise<unknown>) => void background.push(promise);
    expect((await countFunction.onRequest({ request: count(origin), env, waitUntil })).status).toBe(204);
    expect((await contactFunction.onRequestPost({ request: contact(origin), env, waitUntil })).status).toBe(200);
    await Promise.all(background);
    expect(errors).toContain(cloudflareLines.audienceBindingMissing);
    expect(leads.statements.filter((sql) => sql.includes('audience_'))).toEqual([]);
    expect(leads.rows).toHaveLength(1);
  });

  it('a count request starts the retry pass of a lead « à notifier » and the daily purge, after its answer', async () => {
    const received: unknown[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (_input: unknown, init?: RequestInit) => {
        received.push(JSON.parse(String(init?.body)));
        return new Response('{}', { status: 200 });
      }),
    );
    const receivedAt = new Date(Date.now() - 60_000);
    const waiting = {
      id: leadId(receivedAt),
      received_at: receivedAt.toISOString(),
      ...lead,
      attempts: '1',
      next_at: new Date(Date.now() - 1000).toISOString(),
    };
    const leads = leadsDatabase([waiting]);
    const { count: countFunction } = await load();
    const env = { CONTACT_STORE: 'd1', CONTACT_WEBHOOK_URL: 'https://hooks.example.org/propllc', LEADS_DB: leads.binding };
    const background: Promise<unknown>[] = [];
    const answer = await countFunction.onRequest({
      request: count(origin),
      env,
      waitUntil: (promise) => void background.push(promise),
    });
    expect(answer.status).toBe(204);
    await Promise.all(background);
    expect(received).toEqual([expect.objectContaining({ id: waiting.id, email: lead.email })]);
    expect(leads.rows[0]?.notified_at).toMatch(/^\d{4}-/);
    expect(logs.some((line) => line.startsWith('Purge automatique, suppression des messages reçus avant le '))).toBe(true);
    // The gate: a second count right after starts no second pass.
    await countFunction.onRequest({ request: count(origin), env, waitUntil: (promise) => void background.push(promise) });
    await Promise.all(background);
    expect(received).toHaveLength(1);
  });
});

describe('Netlify Functions (src/hosts/netlify/functions/count.ts, src/hosts/netlify/functions/contact.ts)', () => {
  it('an audience Blobs store that fails on every call: counts answer 204, leads are stored and answered 200', async () => {
    const token = 'jeton-de-test';
    const siteID = 'site-de-test';
    const directory = await mkdtemp(path.join(tmpdir(), 'propllc-blobs-isolation-'));
    const blobs = new BlobsServer({ directory, token, port: 0 });
    const edgeURL = `http://127.0.0.1:${(await blobs.start()).port}`;
    try {
      vi.stubEnv(
        'NETLIFY_BLOBS_CONTEXT',
        Buffer.from(JSON.stringify({ edgeURL, uncachedEdgeURL: edgeURL, token, siteID })).toString('base64'),
      );
      vi.stubEnv('CONTACT_STORE', 'blobs');
      vi.stubEnv('CONTACT_DELIVERY', 'local');
      const fail = async () => {
        throw new Error('BlobsInternalError: 500');
      };
      vi.doMock('../../src/hosts/netlify/audience-blobs-store.ts', () => ({
        blobsAudienceStore: () => ({ salt: fail, addView: fail, addLead: fail, days: fail, purge: fail }),
      }));
      vi.resetModules();
      const { default: countFunction } = await import('../../netlify/functions/count.ts');
      const { default: contactFunction } = await import('../../netlify/functions/contact.ts');
      const background: Promise<unknown>[] = [];
      const context = { ip: '203.0.113.7', waitUntil: (promise: Promise<unknown>) => void background.push(promise) };
      const netlifyOrigin = 'https://propllc.netlify.app';
      for (let index = 0; index < 3; index += 1) {
        expect((await countFunction(count(netlifyOrigin), context)).status).toBe(204);
        expect((await contactFunction(contact(netlifyOrigin), context)).status).toBe(200);
      }
      await Promise.all(background);
      const leads = getStore({ name: blobsStoreName, edgeURL, uncachedEdgeURL: edgeURL, token, siteID, consistency: 'strong' });
      expect((await leads.list({ prefix: 'leads/' })).blobs).toHaveLength(3);
      expect(errors.filter((line) => line.startsWith(audienceLines.countFailed)).length).toBeGreaterThan(0);
    } finally {
      await blobs.stop();
      await rm(directory, { recursive: true, force: true });
    }
  });
});
