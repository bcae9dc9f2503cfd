// @vitest-environment node
/**
 * Store first, notify after: the files store of `npm start` (LEADS_DIR) and the retried notification,
 * through the site receiver as the Node server runs it, with a stand-in for the webhook that fails, then
 * answers again.
 */
import { mkdtemp, readdir, readFile } from 'node:fs/promises';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { createSiteServer } from '../../src/server/site-server.ts';
import { contactFields } from '../../src/forms/contact-fields.ts';
import { createSiteReceiver } from '../../src/receiver/site.ts';
import { filesLeadStore, nodeLeadStore } from '../../src/receiver/store/files.ts';
import { missingLeadColumns } from './d1-columns.ts';
import { validLead } from '../visitor.ts';

const valid = validLead();

const tempDir = () => mkdtemp(path.join(tmpdir(), 'propllc-store-'));
const at = (iso: string) => new Date(iso);

describe('the files store (LEADS_DIR)', () => {
  it('keeps each lead as its own file, lists them newest first, and notes the notification beside them', async () => {
    const dir = await tempDir();
    const store = filesLeadStore(dir);
    const first = await store.add(valid, new Date());
    const second = await store.add({ ...valid, name: 'Paul Durand' }, new Date());
    expect((await store.list()).map((lead) => lead.name)).toEqual(['Paul Durand', 'Jeanne Martin']);
    expect(JSON.parse(await readFile(path.join(dir, `${first.id}.json`), 'utf8'))).toEqual(valid);
    expect((await store.pending()).map((lead) => lead.id)).toEqual([first.id, second.id]);

    const now = at('2026-11-24T10:00:00Z');
    expect(await store.claim(first.id, now, at('2026-11-24T10:02:00Z'))).toBe(true);
    // Held by a live sender: nobody else may send it.
    expect(await store.claim(first.id, now, at('2026-11-24T10:02:00Z'))).toBe(false);
    await store.markNotified(first.id, now);
    expect(await store.claim(first.id, at('2026-11-24T11:00:00Z'), at('2026-11-24T11:02:00Z'))).toBe(false);
    expect((await store.pending()).map((lead) => lead.id)).toEqual([second.id]);
    expect((await store.list()).find((lead) => lead.id === first.id)?.notifiedAt).toBe('2026-11-24T10:00:00.000Z');
    // The lead file itself never changes: the state is in notifications/.
    expect(JSON.parse(await readFile(path.join(dir, `${first.id}.json`), 'utf8'))).toEqual(valid);
    expect((await readdir(path.join(dir, 'notifications'))).sort()).toEqual([`${first.id}.sent`]);
  });

  it('lets one sender only take a lead, and a claim left by a stopped sender expires', async () => {
    const store = filesLeadStore(await tempDir());
    const lead = await store.add(valid, new Date());
    const now = at('2026-11-24T10:00:00Z');
    const claims = await Promise.all(Array.from({ length: 10 }, () => store.claim(lead.id, now, at('2026-11-24T10:02:00Z'))));
    expect(claims.filter(Boolean)).toHaveLength(1);
    const later = at('2026-11-24T10:05:00Z');
    const retaken = await Promise.all(Array.from({ length: 10 }, () => store.claim(lead.id, later, at('2026-11-24T10:07:00Z'))));
    expect(retaken.filter(Boolean)).toHaveLength(1);
  });

  it('forgets every lead of one person (any case) and purges those received before a date', async () => {
    const dir = await tempDir();
    const store = filesLeadStore(dir);
    await store.add(valid, new Date());
    await store.add({ ...valid, email: 'JEANNE.MARTIN@example.com' }, new Date());
    const other = await store.add({ ...valid, email: 'paul@example.com' }, new Date());
    expect(await store.forget('jeanne.martin@example.com')).toHaveLength(2);
    expect((await store.list()).map((lead) => lead.id)).toEqual([other.id]);
    expect(await store.purge(at('2000-01-01T00:00:00Z'))).toEqual([]);
    expect((await store.purge(new Date(Date.now() + 1000))).map((lead) => lead.id)).toEqual([other.id]);
    expect(await readdir(dir)).toEqual([]);
  });
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

  it('answers success once the lead is stored, keeps it « à notifier » while the provider fails, then sends it once', async () => {
    const dir = await tempDir();
    const env = { LEADS_DIR: dir, CONTACT_WEBHOOK_URL: 'https://hooks.example.org/secret' };
    const provider = webhook();
    const logError = vi.fn();
    const receiver = createSiteReceiver({ env, store: nodeLeadStore(env), fetch: provider.fetcher, log: () => undefined, logError });
    expect(receiver.describe.split('\n')).toEqual([
      `Formulaire de contact\u202f: chaque message est d’abord enregistré (${dir}), puis notifié\u202f; une notification qui échoue est renvoyée plus tard.`,
      'Formulaire de contact\u202f: chaque message est transmis au webhook de hooks.example.org',
    ]);

    const afterwards: Promise<void>[] = [];
    const answer = await receiver.handle(post(valid), {}, (work) => afterwards.push(work));
    expect(answer.status).toBe(200);
    await Promise.all(afterwards);
    const store = filesLeadStore(dir);
    expect((await store.pending()).map(({ name, email }) => ({ name, email }))).toEqual([{ name: valid.name, email: valid.email }]);
    expect(logError).toHaveBeenCalledWith(
      'Notification NON envoyée (webhook)\u202f: HTTP 503. Le message reste enregistré, «\u202fà notifier\u202f»\u202f: il sera renvoyé automatiquement dès que le service répondra (voir npm run leads).',
    );
    expect(provider.received).toEqual([]);

    provider.bringUp();
    // Retries at once (start-up, schedule, the next request's work): one of them sends it.
    const retried = await Promise.all([receiver.retryPending?.(), receiver.retryPending?.(), receiver.retryPending?.()]);
    expect(retried.reduce((sum, sent) => (sum ?? 0) + (sent ?? 0), 0)).toBe(1);
    await receiver.retryPending?.();
    expect(provider.received).toEqual([expect.objectContaining(valid)]);
    expect(await store.pending()).toEqual([]);
    expect((await store.list())[0]?.notifiedAt).toMatch(/^\d{4}-\d{2}-\d{2}T/);
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
      const stored = await filesLeadStore(path.join(dir, 'leads')).list();
      expect(stored.map((lead) => lead.message).sort()).toEqual([...messages].sort());
      expect(new Set(stored.map((lead) => lead.id)).size).toBe(200);
      await vi.waitFor(async () => expect(await filesLeadStore(path.join(dir, 'leads')).pending()).toEqual([]), { timeout: 20_000 });
      expect(received.map((lead) => lead.message).sort()).toEqual([...messages].sort());
    } finally {
      await stop(1000);
      await new Promise((resolve) => provider.close(resolve));
    }
  }, 60_000);
});

describe('the D1 table (migrations/)', () => {
  it('has a column for every field of the form', async () => {
    // A field added to src/forms/contact-fields.ts needs migrations/000N_<field>.sql:
    // ALTER TABLE leads ADD COLUMN <field> TEXT NOT NULL DEFAULT '';
    expect(await missingLeadColumns(contactFields)).toEqual([]);
  });
});
