// @vitest-environment node
/**
 * Counting can never hurt a lead: on each host's adapter run here (the Node server of `npm start`, the Cloudflare
 * Pages Function of functions/api/, the Netlify Functions of netlify/functions/), an audience store that fails on
 * every call leaves `/api/count` answering 204 and `/api/contact` storing each lead and answering 200. On Cloudflare
 * the counts need their own database (AUDIENCE_DB): without it nothing is counted, the log says so, and the leads'
 * database is never used instead. A count request there starts the gated retry pass of the leads « à notifier » and
 * the daily purge, so a site with visitors never waits for its next lead. D1 is miniflare's local one
 * (src/hosts/cloudflare/wrangler-d1.ts), handed to the function as a binding.
 */
import { mkdir, mkdtemp, readdir, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { audienceLines } from '../../src/api/audience/lines.ts';
import { spamCaps } from '../../src/api/contact/spam/weights.ts';
import { leadStore } from '../../src/api/store/lead-store.ts';
import { audienceBinding } from '../../src/contact/audience-settings.ts';
import { d1Driver, type SqlRunner } from '../../src/hosts/cloudflare/d1-driver.ts';
import { cloudflareLines } from '../../src/hosts/cloudflare/lines.ts';
import { d1Binding } from '../../src/hosts/cloudflare/store.ts';
import { type LocalD1, openLocalD1 } from '../../src/hosts/cloudflare/wrangler-d1.ts';
import { blobsStoreName } from '../../src/hosts/netlify/store.ts';
import { filesDriver } from '../../src/hosts/node/files-driver.ts';
import { createSiteServer } from '../../src/hosts/node/site-server.ts';
import { listen } from '../e2e/build-copy.ts';
import { type LocalBlobs, startBlobs } from '../fixtures/blobs-server.ts';
import { migrate } from '../fixtures/d1-migrate.ts';
import { validLead } from '../fixtures/visitor.ts';

const root = path.resolve(import.meta.dirname, '../..');
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

/** The audience's keys (src/api/store/audience-store.ts): none may be in a leads' store. */
const audienceKey = /^(day|salt|visitor|address|intents)\//;

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
  const leadsIn = async (dir: string) => (await leadStore(filesDriver(path.join(dir, 'leads')), { spamCaps }).list()).leads;

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
    expect(await leadsIn(dir)).toHaveLength(3);
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
    expect(errors.some((line) => line.includes('Audience\u202f: le dossier ') && line.includes('rien n’est compté'))).toBe(true);
    expect(await readdir(path.join(dir, 'leads'))).not.toContain('audience');
    expect(await leadsIn(dir)).toHaveLength(1);
  });
});

/** A D1 binding over a runner, as the Pages Function's `env` holds one; every statement is noted. */
function binding(run: SqlRunner) {
  const statements: { sql: string; params: unknown[] }[] = [];
  return {
    statements,
    binding: {
      prepare: (sql: string) => ({
        bind: (...params: unknown[]) => ({
          all: async () => {
            statements.push({ sql, params });
            return { results: await run(sql, params as (string | null)[]) };
          },
        }),
      }),
    },
  };
}

/** An AUDIENCE_DB that fails on every statement (a quota used up, a database gone). */
const failingDatabase = {
  prepare: () => {
    throw new Error('D1_ERROR: too many requests');
  },
};

let local: LocalD1 | undefined;
beforeAll(async () => {
  local = await openLocalD1(await mkdtemp(path.join(tmpdir(), 'propllc-isolation-d1-')));
  await migrate(local.runner(d1Binding), path.join(root, 'src/hosts/cloudflare/migrations'));
  await migrate(local.runner(audienceBinding), path.join(root, 'src/hosts/cloudflare/migrations-audience'));
});
afterAll(async () => {
  await local?.dispose();
});

describe('Cloudflare Pages Functions (functions/api/count.ts, functions/api/contact.ts)', () => {
  const origin = 'https://propllc.pages.dev';
  // One module per isolate: each test gets fresh ones, as a fresh isolate would.
  const load = async () => {
    vi.resetModules();
    return { count: await import('../../functions/api/count.ts'), contact: await import('../../functions/api/contact.ts') };
  };
  /** Each case's databases start empty. */
  async function databases() {
    if (!local) throw new Error('D1 not started');
    const leadsRun = local.runner(d1Binding);
    const audienceRun = local.runner(audienceBinding);
    await leadsRun('DELETE FROM kv', []);
    await audienceRun('DELETE FROM kv', []);
    return { leadsRun, audienceRun, leads: binding(leadsRun), audience: binding(audienceRun) };
  }
  const keysOf = async (run: SqlRunner) => (await run('SELECT key FROM kv ORDER BY key', [])).map((row) => String(row.key));

  it('an AUDIENCE_DB that fails on every call: counts answer 204, leads are stored in LEADS_DB and answered 200', async () => {
    const { count: countFunction, contact: contactFunction } = await load();
    const { leads, leadsRun } = await databases();
    const env = { CONTACT_STORE: 'd1', CONTACT_DELIVERY: 'local', LEADS_DB: leads.binding, AUDIENCE_DB: failingDatabase };
    const background: Promise<unknown>[] = [];
    const waitUntil = (promise: Promise<unknown>) => void background.push(promise);
    for (let index = 0; index < 3; index += 1) {
      expect((await countFunction.onRequest({ request: count(origin), env, waitUntil })).status).toBe(204);
      const answer = await contactFunction.onRequest({
        request: contact(origin, { 'CF-Connecting-IP': '203.0.113.5' }),
        env,
        waitUntil,
      });
      expect(answer.status).toBe(200);
    }
    await Promise.all(background);
    const stored = await leadStore(d1Driver(leadsRun, 'D1'), { spamCaps }).list();
    expect(stored.leads.map((row) => row.email)).toEqual([lead.email, lead.email, lead.email]);
    expect(errors.filter((line) => line.startsWith(audienceLines.countFailed)).length).toBeGreaterThan(0);
    // Nothing of the audience went to the leads' database.
    expect((await keysOf(leadsRun)).filter((key) => audienceKey.test(key))).toEqual([]);
  });

  it('without AUDIENCE_DB nothing is counted, the log says so, and the leads’ database is never used instead', async () => {
    const { count: countFunction, contact: contactFunction } = await load();
    const { leads, leadsRun } = await databases();
    const env = { CONTACT_STORE: 'd1', CONTACT_DELIVERY: 'local', LEADS_DB: leads.binding };
    const background: Promise<unknown>[] = [];
    const waitUntil = (promise: Promise<unknown>) => void background.push(promise);
    expect((await countFunction.onRequest({ request: count(origin), env, waitUntil })).status).toBe(204);
    expect((await contactFunction.onRequest({ request: contact(origin), env, waitUntil })).status).toBe(200);
    await Promise.all(background);
    expect(errors).toContain(cloudflareLines.audienceBindingMissing);
    expect((await keysOf(leadsRun)).filter((key) => audienceKey.test(key))).toEqual([]);
    expect((await leadStore(d1Driver(leadsRun, 'D1'), { spamCaps }).list()).leads).toHaveLength(1);
  });

  /** A lead stored a minute ago, its first attempt failed, due again now; and what the webhook receives. */
  async function waitingLead(leadsRun: SqlRunner) {
    const received: Record<string, unknown>[] = [];
    const fetch = globalThis.fetch;
    vi.stubGlobal('fetch', async (input: string | URL | Request, init?: RequestInit) => {
      if (!String(input).startsWith('https://hooks.example.org/')) return fetch(input, init);
      received.push(JSON.parse(String(init?.body)));
      return new Response('{}', { status: 200 });
    });
    const store = leadStore(d1Driver(leadsRun, 'D1'), { spamCaps });
    const waiting = await store.add(lead, new Date(Date.now() - 60_000));
    if (!('id' in waiting)) throw new Error('not stored');
    await store.record(waiting.id, {
      state: 'pending',
      attempts: 1,
      nextAt: new Date(Date.now() - 1000).toISOString(),
      lastReason: 'HTTP 503',
    });
    return { received, store, waiting };
  }

  it('a count request starts the retry pass of a lead « à notifier » and the daily purge, after its answer', async () => {
    const { leads, leadsRun, audience } = await databases();
    const { received, store, waiting } = await waitingLead(leadsRun);
    const { count: countFunction } = await load();
    const env = {
      CONTACT_STORE: 'd1',
      CONTACT_WEBHOOK_URL: 'https://hooks.example.org/propllc',
      // The Paid plan's subrequests: the count, the day's purge and the lead fit in one invocation.
      CLOUDFLARE_SUBREQUESTS: '1000',
      LEADS_DB: leads.binding,
      AUDIENCE_DB: audience.binding,
    };
    const background: Promise<unknown>[] = [];
    const answer = await countFunction.onRequest({
      request: count(origin),
      env,
      waitUntil: (promise) => void background.push(promise),
    });
    expect(answer.status).toBe(204);
    await Promise.all(background);
    expect(received).toEqual([expect.objectContaining({ id: waiting.id, email: lead.email })]);
    expect((await store.list()).leads[0]?.notification.state).toBe('sent');
    expect(logs.some((line) => line.startsWith('Purge automatique, suppression des messages reçus avant le '))).toBe(true);
    // The gate: a second count right after starts no second pass.
    const before = leads.statements.length;
    await countFunction.onRequest({ request: count(origin), env, waitUntil: (promise) => void background.push(promise) });
    await Promise.all(background);
    expect(received).toHaveLength(1);
    expect(leads.statements.length).toBe(before);
  });

  it('on the Free plan’s 50 subrequests, the lead the day’s first request could not fit goes with a later one', async () => {
    const { leads, leadsRun, audience } = await databases();
    const { received, store, waiting } = await waitingLead(leadsRun);
    const { count: countFunction } = await load();
    const env = {
      CONTACT_STORE: 'd1',
      CONTACT_WEBHOOK_URL: 'https://hooks.example.org/propllc',
      LEADS_DB: leads.binding,
      AUDIENCE_DB: audience.binding,
    };
    const background: Promise<unknown>[] = [];
    const waitUntil = (promise: Promise<unknown>) => void background.push(promise);
    const calls = () => leads.statements.length + audience.statements.length + received.length;
    expect((await countFunction.onRequest({ request: count(origin), env, waitUntil })).status).toBe(204);
    await Promise.all(background);
    expect(calls()).toBeLessThanOrEqual(50);
    // The count and the day's purge took most of the invocation: the lead waits, and the log says why.
    expect(logs.some((line) => line.startsWith('Purge automatique, suppression des messages reçus avant le '))).toBe(true);
    if (received.length === 0) {
      expect(logs.some((line) => line.startsWith('Passe de notification arrêtée avant la fin de son lot (1 message(s)'))).toBe(true);
      expect((await store.list()).leads[0]?.notification.state).toBe('pending');
      // A request after the isolate's gap between passes (10 s; the clock moved by the test) sends it.
      vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + 11_000 });
      const spent = calls();
      try {
        expect((await countFunction.onRequest({ request: count(origin), env, waitUntil })).status).toBe(204);
        await Promise.all(background);
      } finally {
        vi.useRealTimers();
      }
      expect(calls() - spent).toBeLessThanOrEqual(50);
    }
    expect(received).toEqual([expect.objectContaining({ id: waiting.id, email: lead.email })]);
    expect((await store.list()).leads[0]?.notification.state).toBe('sent');
  });
});

describe('Netlify Functions (netlify/functions/count.ts, netlify/functions/contact.ts)', () => {
  let blobs: LocalBlobs | undefined;
  beforeAll(async () => {
    blobs = await startBlobs();
  });
  afterAll(async () => {
    await blobs?.stop();
  });

  it('an audience Blobs store that fails on every call: counts answer 204, leads are stored and answered 200', async () => {
    if (!blobs) throw new Error('Blobs not started');
    const siteID = `site-${randomUUID()}`;
    vi.stubEnv(
      'NETLIFY_BLOBS_CONTEXT',
      Buffer.from(JSON.stringify({ edgeURL: blobs.url, uncachedEdgeURL: blobs.url, token: blobs.token, siteID })).toString('base64'),
    );
    vi.stubEnv('CONTACT_STORE', 'blobs');
    vi.stubEnv('CONTACT_DELIVERY', 'local');
    // The audience's store answers every request with a server error (the Blobs client takes `fetch` when a store
    // is opened); the leads' store works.
    const fetch = globalThis.fetch;
    let refused = 0;
    vi.stubGlobal('fetch', async (input: string | URL | Request, init?: RequestInit) => {
      if (!decodeURIComponent(String(input)).includes('/site:audience')) return fetch(input, init);
      refused += 1;
      return new Response('panne', { status: 500 });
    });
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
    const keys = (await blobs.open(blobsStoreName, siteID).list({ prefix: 'lead/' })).blobs;
    expect(keys).toHaveLength(3);
    expect(refused).toBeGreaterThan(0);
    expect(errors.filter((line) => line.startsWith(audienceLines.countFailed)).length).toBeGreaterThan(0);
  });
});
