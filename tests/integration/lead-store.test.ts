// @vitest-environment node
/**
 * Store first, notify after: the lead store over the files of `npm start` (LEADS_DIR, src/hosts/node/files-driver.ts)
 * and the retried notification, through the API as the Node server runs it (src/api/app.ts, tests/fixtures/api.ts),
 * with a stand-in for the webhook that fails, then answers again; then 200 messages at once to the server itself.
 */
import { mkdir, mkdtemp, readdir, writeFile } from 'node:fs/promises';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { createApi } from '../../src/api/app.ts';
import { passBudgetMs } from '../../src/api/contact/notify.ts';
import { spamCaps } from '../../src/api/contact/spam/weights.ts';
import { idTime, type StoredLead } from '../../src/api/store/lead.ts';
import { leadStore } from '../../src/api/store/lead-store.ts';
import { contactFields } from '../../src/contact/contact-fields.ts';
import { settingsLines } from '../../src/contact/lines.ts';
import { readSettings } from '../../src/contact/settings.ts';
import { fillTemplate } from '../../src/content/template.ts';
import { filesDriver } from '../../src/hosts/node/files-driver.ts';
import { createSiteServer } from '../../src/hosts/node/site-server.ts';
import { testApi } from '../fixtures/api.ts';
import { missingLeadColumns } from '../fixtures/d1-columns.ts';
import { validLead } from '../fixtures/visitor.ts';

/** Every file the files driver opens to read (its reads go through `open`), to count what a pass reads. */
const reads = vi.hoisted(() => [] as string[]);
vi.mock('node:fs/promises', async (importOriginal) => {
  const actual = await importOriginal<typeof import('node:fs/promises')>();
  return {
    ...actual,
    open: ((file: Parameters<typeof actual.open>[0], flags?: unknown, ...rest: unknown[]) => {
      if (flags === undefined || flags === 'r') reads.push(String(file));
      return (actual.open as (...args: unknown[]) => Promise<unknown>)(file, flags, ...rest);
    }) as typeof actual.open,
  };
});

const valid = validLead();

const tempDir = () => mkdtemp(path.join(tmpdir(), 'propllc-store-'));

const filesStore = (dir: string) => leadStore(filesDriver(dir), { spamCaps });

/** A lead stored (never refused: no spam here). */
async function stored(store: ReturnType<typeof filesStore>, at: Date): Promise<StoredLead> {
  const lead = await store.add(valid, at);
  if (!('id' in lead)) throw new Error('not stored');
  return lead;
}

const webhook = { CONTACT_WEBHOOK_URL: 'https://hooks.example.org/secret' };

describe('the lead store over the files of LEADS_DIR', () => {
  it('lets one sender only take a lead, and a claim left by a stopped sender expires', async () => {
    const store = filesStore(await tempDir());
    const lead = await stored(store, new Date());
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
    const store = filesStore(dir);
    const good = await stored(store, new Date());
    const broken = `${idTime(new Date())}-0badf11e`;
    // Both in the due index, as a lead whose record was damaged after it was stored.
    await mkdir(path.join(dir, 'due', '000000000000001'), { recursive: true });
    await writeFile(path.join(dir, 'lead', `${broken}.json`), '{"name": "Jeanne", "email": ');
    await writeFile(path.join(dir, 'lead', 'notes.json'), '{}');
    await writeFile(path.join(dir, 'due', '000000000000001', `${broken}.json`), '1');
    await writeFile(path.join(dir, 'due', '000000000000001', 'notes.json'), '1');

    const listing = await store.list();
    expect(listing.leads.map((lead) => lead.id)).toEqual([good.id]);
    expect(listing.unreadable.map(({ id, where }) => ({ id, where })).sort((a, b) => a.id.localeCompare(b.id))).toEqual([
      { id: broken, where: `${dir} lead/${broken}` },
      { id: 'notes', where: `${dir} lead/notes` },
    ]);
    expect(listing.unreadable.find((record) => record.id === broken)?.reason).toMatch(/^contenu illisible\u202f: /);

    // A pass sets both aside once, logs each once, and sends the good lead.
    const site = await testApi(webhook, { leads: filesDriver(dir) });
    await site.api.scheduled();
    await site.api.scheduled();
    expect(site.sent.map((sent) => sent.body)).toEqual([expect.objectContaining({ ...valid, id: good.id })]);
    expect(site.errors.sort()).toEqual([
      expect.stringMatching(
        new RegExp(`^Message illisible, mis de côté sans notification\u202f: \\S+ lead/${broken} \\(contenu illisible\u202f: `),
      ),
      `Message illisible, mis de côté sans notification\u202f: ${dir} lead/notes (ce nom n’est pas celui d’un message enregistré). Examinez-le\u202f; les autres messages continuent d’être notifiés.`,
    ]);

    // Forget carries on past them and says what it skipped; the purge, by names, deletes the old lead only.
    const ancient = await stored(store, new Date('2020-03-02T10:00:00Z'));
    const forgotten = await store.forget(valid.email);
    expect(forgotten.leads.map((lead) => lead.id)).toEqual([good.id, ancient.id]);
    expect(forgotten.unreadable).toHaveLength(2);
    const again = await stored(store, new Date('2020-03-03T10:00:00Z'));
    const purged = await store.purge(new Date('2023-01-01T00:00:00Z'), new Date('2023-01-01T00:00:00Z'), { detailed: true });
    expect(purged).toMatchObject({ leads: [expect.objectContaining({ id: again.id })], unreadable: [], done: true });
    expect((await readdir(path.join(dir, 'lead'))).sort()).toEqual([`${broken}.json`, 'notes.json']);
  });
});

describe('10,000 pending leads in LEADS_DIR', () => {
  it('finds the due ones by their names, reads one batch, and a pass ends within its budget', async () => {
    const dir = await tempDir();
    const start = Date.parse('2026-11-24T08:00:00Z');
    const ids = Array.from(
      { length: 10_000 },
      (_, index) => `${idTime(new Date(start + index))}-${index.toString(16).padStart(8, '0')}`,
    );
    const now = new Date('2026-11-24T09:00:00Z');
    // All failed once and wait for their next attempt in an hour, but the last 30, due now. Written as the files
    // driver writes them (`lead/<id>.json`, `due/<ms>/<id>.json`): 10,000 writes through it would take minutes.
    const later = now.getTime() + 3_600_000;
    await mkdir(path.join(dir, 'lead'), { recursive: true });
    for (let index = 0; index < ids.length; index += 500) {
      await Promise.all(
        ids.slice(index, index + 500).map(async (id, offset) => {
          const nextAt = index + offset < 9970 ? later : now.getTime() - 1;
          const receivedAt = new Date(start + index + offset).toISOString();
          const record = {
            ...valid,
            receivedAt,
            notification: { state: 'pending', attempts: 1, nextAt: new Date(nextAt).toISOString(), lastReason: 'HTTP 503' },
          };
          const dueDir = path.join(dir, 'due', String(nextAt).padStart(15, '0'));
          await mkdir(dueDir, { recursive: true });
          await Promise.all([
            writeFile(path.join(dir, 'lead', `${id}.json`), JSON.stringify(record)),
            writeFile(path.join(dueDir, `${id}.json`), '1'),
          ]);
        }),
      );
    }
    const leadFile = (file: string) => path.dirname(file) === path.join(dir, 'lead') && file.endsWith('.json');
    reads.length = 0;
    const due = await filesStore(dir).due(now, 20);
    expect(due.leads).toHaveLength(20);
    expect(due.leads.every((lead) => ids.indexOf(lead.id) >= 9970)).toBe(true);
    // Read: the leads of the batch's index entries (at most twice the batch), nothing else.
    expect(reads.filter(leadFile).length).toBeGreaterThanOrEqual(20);
    expect(reads.filter(leadFile).length).toBeLessThanOrEqual(40);
    expect(reads.length).toBe(reads.filter(leadFile).length);

    const site = await testApi(webhook, { leads: filesDriver(dir), now: () => now });
    reads.length = 0;
    const began = performance.now();
    await site.api.scheduled();
    expect(performance.now() - began).toBeLessThan(passBudgetMs);
    const sent = site.sent.map((hit) => (hit.body as { id: string }).id);
    expect(new Set(sent).size).toBe(20);
    expect(sent.every((id) => ids.indexOf(id) >= 9970)).toBe(true);
    // The batch's leads (read to list them, to claim them, to record them); none of the 9,970 others.
    const leadsRead = new Set(reads.filter(leadFile).map((file) => path.basename(file, '.json')));
    expect(leadsRead.size).toBeLessThanOrEqual(40);
    expect([...leadsRead].every((id) => ids.indexOf(id) >= 9970)).toBe(true);
  });
});

describe('store first, then notify (npm start with a webhook)', () => {
  it('answers success once the lead is stored, keeps it « à notifier » while the provider fails, then sends it once when due', async () => {
    const dir = await tempDir();
    let up = false;
    let time = Date.parse('2026-11-24T09:00:00Z');
    const site = await testApi(webhook, {
      leads: filesDriver(dir),
      now: () => new Date(time),
      answer: () => (up ? 200 : new Response('{"error":"indisponible"}', { status: 503 })),
    });
    expect(site.api.describe.split('\n')).toEqual([
      `Formulaire de contact\u202f: chaque message est d’abord enregistré (${dir}), puis notifié\u202f; une notification qui échoue est renvoyée plus tard.`,
      'Formulaire de contact\u202f: chaque message est transmis au webhook de hooks.example.org',
    ]);

    const answer = await site.post(valid);
    expect(answer.status).toBe(200);
    await site.settle();
    const store = filesStore(dir);
    const [lead] = (await store.list()).leads;
    expect(lead).toMatchObject({
      ...valid,
      notification: { state: 'pending', attempts: 1, nextAt: '2026-11-24T09:01:00.000Z', lastReason: 'HTTP 503' },
    });
    // One line for this change of state, with the lead's id and the time of the next attempt (Paris).
    expect(site.errors).toEqual([
      `Notification NON envoyée (webhook) pour le message ${lead?.id}, essai 1 sur 6\u202f: HTTP 503. Le message reste enregistré, «\u202fà notifier\u202f»\u202f: prochain essai à 10:01 (voir npm run leads).`,
    ]);
    expect(site.sent).toHaveLength(1);

    up = true;
    // Not due yet: a pass leaves it alone, and says nothing.
    await site.api.scheduled();
    expect(site.sent).toHaveLength(1);
    expect(site.errors).toHaveLength(1);

    time = Date.parse('2026-11-24T09:01:00Z');
    // Passes at once (start-up, schedule, the next request's work): one of them sends it.
    await Promise.all([site.api.scheduled(), site.api.scheduled(), site.api.scheduled()]);
    await site.api.scheduled();
    expect(site.sent.slice(1).map((sent) => sent.body)).toEqual([expect.objectContaining({ ...valid, id: lead?.id })]);
    expect((await store.due(new Date('2026-11-25T00:00:00Z'), 20)).leads).toEqual([]);
    expect((await store.list()).leads[0]?.notification).toEqual({ state: 'sent', at: '2026-11-24T09:01:00.000Z' });
    expect(site.log).toContain(`Notification envoyée (webhook) pour le message ${lead?.id}, essai 2.`);
  });

  it('a store the settings ask for that is another host’s: the lead is kept in LEADS_DIR and answered 200, nobody notified', async () => {
    const dir = await tempDir();
    const site = await testApi({ CONTACT_STORE: 'd1', ...webhook }, { leads: filesDriver(dir) });
    const problem = fillTemplate(settingsLines.storeElsewhere, { store: 'd1', host: 'files' });
    expect(site.api.problems).toEqual([fillTemplate(settingsLines.invalid, { problem })]);
    expect(site.api.describe).toBe(fillTemplate(settingsLines.heldNotifications, { where: dir }));
    expect((await site.post(valid)).status).toBe(200);
    await site.settle();
    await site.api.scheduled();
    expect((await filesStore(dir).list()).leads.map((lead) => [lead.email, lead.notification.state])).toEqual([
      [valid.email, 'pending'],
    ]);
    expect(site.sent).toEqual([]);
  });

  it('refuses messages (503) when the settings are wrong and nothing can keep them', async () => {
    const api = await createApi({
      settings: readSettings({ CONTACT_STORE: 'blobs', ...webhook }, { host: 'files' }),
      host: 'files',
      log: () => undefined,
      logError: () => undefined,
    });
    const answer = await api.fetch(
      new Request('https://propllc.example/api/contact', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify(valid),
      }),
    );
    expect(answer.status).toBe(503);
  });
});

describe('200 messages posted at once to the server of npm start', () => {
  it('stores 200 leads, none twice, and notifies each lead once', async () => {
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
    await mkdir(path.join(dir, 'dist'));
    const { server, stop, problems } = await createSiteServer({
      root: path.join(dir, 'dist'),
      env: {
        LEADS_DIR: path.join(dir, 'leads'),
        AUDIENCE_DIR: path.join(dir, 'audience'),
        CONTACT_WEBHOOK_URL: hook,
        CONTACT_RATE_LIMIT: '1000',
      },
      log: () => undefined,
      logError: () => undefined,
    });
    expect(problems).toEqual([]);
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
      const { leads: kept } = await filesStore(path.join(dir, 'leads')).list();
      expect(kept.map((lead) => lead.message).sort()).toEqual([...messages].sort());
      expect(new Set(kept.map((lead) => lead.id)).size).toBe(200);
      await vi.waitFor(
        async () =>
          expect(
            (await filesStore(path.join(dir, 'leads')).list()).leads.filter((lead) => lead.notification.state !== 'sent'),
          ).toEqual([]),
        { timeout: 120_000 },
      );
      expect(received.map((lead) => lead.message).sort()).toEqual([...messages].sort());
    } finally {
      await stop(1000);
      await new Promise((resolve) => provider.close(resolve));
    }
  });
});

describe('the D1 table of the leads before the key-value store (src/hosts/cloudflare/migrations/)', () => {
  it('has a column for every field of the form, which 0009_kv.sql carries into each lead’s record', async () => {
    // A field added to src/contact/contact-fields.ts needs src/hosts/cloudflare/migrations/000N_<field>.sql:
    // ALTER TABLE leads ADD COLUMN <field> TEXT NOT NULL DEFAULT '';
    expect(await missingLeadColumns(contactFields)).toEqual([]);
  });
});
