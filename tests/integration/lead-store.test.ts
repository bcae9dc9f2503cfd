// @vitest-environment node
/**
 * Store first, notify after: the files store of `npm start` (LEADS_DIR) and the retried notification,
 * through the site receiver as the Node server runs it, with a stand-in for the webhook that fails, then
 * answers again.
 */
import { mkdir, mkdtemp, readdir, writeFile } from 'node:fs/promises';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { passBudgetMs } from '../../src/api/contact/notify.ts';
import { createSiteServer } from '../../src/hosts/node/site-server.ts';
import { contactFields } from '../../src/contact/contact-fields.ts';
import { createSiteReceiver } from '../../src/api/contact/site-receiver.ts';
import { filesLeadStore, nodeLeadStore } from '../../src/hosts/node/files-store.ts';
import { missingLeadColumns } from '../fixtures/d1-columns.ts';
import { validLead } from '../fixtures/visitor.ts';

/** Every file the stores read, to count what a pass reads. */
const reads = vi.hoisted(() => [] as string[]);
vi.mock('node:fs/promises', async (importOriginal) => {
  const actual = await importOriginal<typeof import('node:fs/promises')>();
  return {
    ...actual,
    readFile: ((file: Parameters<typeof actual.readFile>[0], ...rest: unknown[]) => {
      reads.push(String(file));
      return (actual.readFile as (...args: unknown[]) => Promise<unknown>)(file, ...rest);
    }) as typeof actual.readFile,
  };
});

const valid = validLead();

const tempDir = () => mkdtemp(path.join(tmpdir(), 'propllc-store-'));

describe('the files store (LEADS_DIR)', () => {
  it('lets one sender only take a lead, and a claim left by a stopped sender expires', async () => {
    const store = filesLeadStore(await tempDir());
    const lead = await store.add(valid, new Date());
    const now = new Date(Date.now() + 1000);
    const until = new Date(now.getTime() + 120_000);
    const claims = await Promise.all(Array.from({ length: 10 }, () => store.claim(lead, now, until)));
    expect(claims.filter(Boolean)).toHaveLength(1);
    const later = new Date(now.getTime() + 300_000);
    const retaken = await Promise.all(Array.from({ length: 10 }, () => store.claim(lead, later, new Date(later.getTime() + 120_000))));
    expect(retaken.filter(Boolean)).toHaveLength(1);
  });

  it('names a lead file it cannot read, and lists, forgets, purges and notifies all the others', async () => {
    const dir = await tempDir();
    const store = filesLeadStore(dir);
    const good = await store.add(valid, new Date());
    const broken = `${new Date().toISOString().replace(/[:.]/g, '-')}-0badf11e`;
    await writeFile(path.join(dir, `${broken}.json`), '{"name": "Jeanne", "email": ');
    await writeFile(path.join(dir, 'notes.json'), '{}');

    const listing = await store.list();
    expect(listing.leads.map((lead) => lead.id)).toEqual([good.id]);
    expect(listing.unreadable.map(({ id, where }) => ({ id, where })).sort((a, b) => a.id.localeCompare(b.id))).toEqual([
      { id: broken, where: path.join(dir, `${broken}.json`) },
      { id: 'notes', where: path.join(dir, 'notes.json') },
    ]);
    expect(listing.unreadable.find((record) => record.id === broken)?.reason).toMatch(/^contenu illisible\u202f: /);

    // A pass sets both aside once (« échec »), logs each once, and sends the good lead.
    const received: unknown[] = [];
    const logError = vi.fn();
    const env = { LEADS_DIR: dir, CONTACT_WEBHOOK_URL: 'https://hooks.example.org/secret' };
    const fetcher = (async (_input: unknown, init?: RequestInit) => {
      received.push(JSON.parse(String(init?.body)));
      return new Response('{}', { status: 200 });
    }) as typeof fetch;
    const receiver = createSiteReceiver({ env, store: nodeLeadStore(env), fetch: fetcher, log: () => undefined, logError });
    expect(await receiver.retryPending?.()).toBe(1);
    expect(await receiver.retryPending?.()).toBe(0);
    expect(received).toEqual([expect.objectContaining({ ...valid, id: good.id })]);
    expect(logError.mock.calls.map(([line]) => line as string).sort()).toEqual([
      expect.stringMatching(/^Message illisible, mis de côté sans notification\u202f: \S+0badf11e\.json \(contenu illisible\u202f: /),
      `Message illisible, mis de côté sans notification\u202f: ${path.join(dir, 'notes.json')} (ce nom n’est pas celui d’un message enregistré). Examinez-le\u202f; les autres messages continuent d’être notifiés.`,
    ]);

    // Forget and purge carry on past them, and say what they skipped.
    const forgotten = await store.forget(valid.email);
    expect(forgotten.leads.map((lead) => lead.id)).toEqual([good.id]);
    expect(forgotten.unreadable).toHaveLength(2);
    const purged = await store.purge(new Date(Date.now() + 1000));
    expect(purged).toEqual({
      leads: [],
      unreadable: [expect.objectContaining({ id: broken }), expect.objectContaining({ id: 'notes' })],
    });
    expect((await readdir(dir)).sort()).toEqual([`${broken}.json`, 'notes.json', 'notifications']);
  });
});

describe('10,000 pending leads in LEADS_DIR', () => {
  it('finds the due ones by their names, reads one batch, and a pass ends within its budget', async () => {
    const dir = await tempDir();
    await mkdir(path.join(dir, 'notifications'));
    const start = Date.parse('2026-11-24T08:00:00Z');
    const content = `${JSON.stringify(valid)}\n`;
    const ids = Array.from(
      { length: 10_000 },
      (_, index) => `${new Date(start + index).toISOString().replace(/[:.]/g, '-')}-${index.toString(16).padStart(8, '0')}`,
    );
    const now = new Date('2026-11-24T09:00:00Z');
    // All failed once and wait for their next attempt in an hour, but the last 30, due now.
    const later = now.getTime() + 3_600_000;
    for (let index = 0; index < ids.length; index += 500) {
      await Promise.all(
        ids
          .slice(index, index + 500)
          .flatMap((id, offset) => [
            writeFile(path.join(dir, `${id}.json`), content),
            writeFile(
              path.join(dir, 'notifications', `${id}.1.${index + offset < 9970 ? later : now.getTime() - 1}.pending`),
              'HTTP 503\n',
            ),
          ]),
      );
    }
    const store = filesLeadStore(dir);
    reads.length = 0;
    const due = await store.due(now, 20);
    expect(due.leads).toHaveLength(20);
    expect(due.leads.every((lead) => ids.indexOf(lead.id) >= 9970)).toBe(true);
    // Read: the 20 leads of the batch and their 20 markers, nothing else.
    expect(reads.filter((file) => file.endsWith('.json'))).toHaveLength(20);
    expect(reads.length).toBeLessThanOrEqual(40);

    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(now);
    try {
      const sent: string[] = [];
      const fetcher = (async (_input: unknown, init?: RequestInit) => {
        sent.push(JSON.parse(String(init?.body)).id);
        return new Response('{}', { status: 200 });
      }) as typeof fetch;
      const env = { LEADS_DIR: dir, CONTACT_WEBHOOK_URL: 'https://hooks.example.org/secret' };
      const receiver = createSiteReceiver({
        env,
        store: nodeLeadStore(env),
        fetch: fetcher,
        log: () => undefined,
        logError: () => undefined,
      });
      reads.length = 0;
      const began = performance.now();
      expect(await receiver.retryPending?.()).toBe(20);
      expect(performance.now() - began).toBeLessThan(passBudgetMs);
      // The 20 lead files; beside them, the pass reads only the delivery's record (delivery/status.json).
      expect(reads.filter((file) => path.dirname(file) === dir && file.endsWith('.json'))).toHaveLength(20);
      expect(new Set(sent).size).toBe(20);
    } finally {
      vi.useRealTimers();
    }
  }, 120_000);
});

describe('store first, then notify (npm start with a webhook)', () => {
  function webhook() {
    let up = false;
    const received: unknown[] = [];
    const fetcher = vi.fn(async (_input: unknown, init?: RequestInit) => {
      if (!up) return new Response('{"error":"indisponible"}', { status: 503 });
      received.push(JSON.parse(String(init?.body)));
      return new Response('{}', { status: 200 });
    });
    return { fetcher: fetcher as unknown as typeof fetch, received, bringUp: () => (up = true) };
  }

  const post = (body: unknown) =>
    new Request('http://localhost/api/contact', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify(body),
    });

  it('answers success once the lead is stored, keeps it « à notifier » while the provider fails, then sends it once when due', async () => {
    const dir = await tempDir();
    const env = { LEADS_DIR: dir, CONTACT_WEBHOOK_URL: 'https://hooks.example.org/secret' };
    const provider = webhook();
    const logError = vi.fn();
    const log = vi.fn();
    const receiver = createSiteReceiver({ env, store: nodeLeadStore(env), fetch: provider.fetcher, log, logError });
    expect(receiver.describe.split('\n')).toEqual([
      `Formulaire de contact\u202f: chaque message est d’abord enregistré (${dir}), puis notifié\u202f; une notification qui échoue est renvoyée plus tard.`,
      'Formulaire de contact\u202f: chaque message est transmis au webhook de hooks.example.org',
    ]);

    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      vi.setSystemTime(new Date('2026-11-24T09:00:00Z'));
      const afterwards: Promise<void>[] = [];
      const answer = await receiver.handle(post(valid), {}, (work) => afterwards.push(work));
      expect(answer.status).toBe(200);
      await Promise.all(afterwards);
      const store = filesLeadStore(dir);
      const [lead] = (await store.list()).leads;
      expect(lead).toMatchObject({
        ...valid,
        notification: { state: 'pending', attempts: 1, nextAt: '2026-11-24T09:01:00.000Z', lastReason: 'HTTP 503' },
      });
      // One line for this change of state, with the lead's id and the time of the next attempt (Paris).
      expect(logError.mock.calls).toEqual([
        [
          `Notification NON envoyée (webhook) pour le message ${lead?.id}, essai 1 sur 6\u202f: HTTP 503. Le message reste enregistré, «\u202fà notifier\u202f»\u202f: prochain essai à 10:01 (voir npm run leads).`,
        ],
      ]);
      expect(provider.received).toEqual([]);

      provider.bringUp();
      // Not due yet: a pass leaves it alone, and says nothing.
      expect(await receiver.retryPending?.()).toBe(0);
      expect(logError).toHaveBeenCalledTimes(1);

      vi.setSystemTime(new Date('2026-11-24T09:01:00Z'));
      // Retries at once (start-up, schedule, the next request's work): one of them sends it.
      const retried = await Promise.all([receiver.retryPending?.(), receiver.retryPending?.(), receiver.retryPending?.()]);
      expect(retried.reduce((sum, sent) => (sum ?? 0) + (sent ?? 0), 0)).toBe(1);
      await receiver.retryPending?.();
      expect(provider.received).toEqual([expect.objectContaining({ ...valid, id: lead?.id })]);
      expect((await store.due(new Date('2026-11-25T00:00:00Z'), 20)).leads).toEqual([]);
      expect((await store.list()).leads[0]?.notification).toEqual({ state: 'sent', at: '2026-11-24T09:01:00.000Z' });
      expect(log).toHaveBeenCalledWith(`Notification envoyée (webhook) pour le message ${lead?.id}, essai 2.`);
    } finally {
      vi.useRealTimers();
    }
  });

  it('refuses messages (503) when the store the settings ask for is another host’s', async () => {
    const env = { LEADS_DIR: await tempDir(), CONTACT_STORE: 'd1' };
    const receiver = createSiteReceiver({ env, store: nodeLeadStore(env), log: () => undefined, logError: () => undefined });
    expect(receiver.problems).toEqual([
      'Formulaire de contact, réglage à corriger\u202f: CONTACT_STORE doit valoir files (npm start), d1 (Cloudflare) ou blobs (Netlify).',
    ]);
    expect((await receiver.handle(post(valid))).status).toBe(503);
  });
});

describe('200 messages posted at once to the server of npm start', () => {
  it('stores 200 files, none twice, and notifies each lead once', async () => {
    const dir = await tempDir();
    const received: { message: string }[] = [];
    const provider = createServer((request, response) => {
      let body = '';
      request.on('data', (chunk: Buffer) => (body += chunk.toString()));
      request.on('end', () => {
        received.push(JSON.parse(body));
        response.writeHead(200, { 'Content-Type': 'application/json' }).end('{}');
      });
    });
    await new Promise<void>((resolve) => provider.listen(0, '127.0.0.1', resolve));
    const hook = `http://127.0.0.1:${(provider.address() as AddressInfo).port}/hook`;
    const { server, stop } = await createSiteServer({
      root: dir,
      env: { LEADS_DIR: path.join(dir, 'leads'), CONTACT_WEBHOOK_URL: hook, CONTACT_RATE_LIMIT: '1000' },
      log: () => undefined,
      logError: () => undefined,
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    try {
      const messages = Array.from({ length: 200 }, (_, index) => `Message numéro ${index} : une question sur les payouts.`);
      const statuses = await Promise.all(
        messages.map(
          async (message) =>
            (
              await fetch(`${origin}/api/contact`, {
                method: 'POST',
                headers: { 'Content-Type': 'application/json', Origin: origin },
                body: JSON.stringify({ ...valid, message }),
              })
            ).status,
        ),
      );
      expect(statuses).toEqual(Array(200).fill(200));
      const { leads: stored } = await filesLeadStore(path.join(dir, 'leads')).list();
      expect(stored.map((lead) => lead.message).sort()).toEqual([...messages].sort());
      expect(new Set(stored.map((lead) => lead.id)).size).toBe(200);
      await vi.waitFor(
        async () =>
          expect(
            (await filesLeadStore(path.join(dir, 'leads')).list()).leads.filter((lead) => lead.notification.state !== 'sent'),
          ).toEqual([]),
        { timeout: 20_000 },
      );
      expect(received.map((lead) => lead.message).sort()).toEqual([...messages].sort());
    } finally {
      await stop(1000);
      await new Promise((resolve) => provider.close(resolve));
    }
  }, 120_000);
});

describe('the D1 table (src/hosts/cloudflare/migrations/)', () => {
  it('has a column for every field of the form', async () => {
    // A field added to src/contact/contact-fields.ts needs src/hosts/cloudflare/migrations/000N_<field>.sql:
    // ALTER TABLE leads ADD COLUMN <field> TEXT NOT NULL DEFAULT '';
    expect(await missingLeadColumns(contactFields)).toEqual([]);
  });
});
