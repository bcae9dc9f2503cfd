// @vitest-environment node
/**
 * The contract of a host's stores (src/api/store/host-store.ts): the same cases over every store, each opened by
 * its host's own constructor (src/hosts/<host>/store.ts) as `npm run leads` and `npm run stats` open it: files
 * (LEADS_DIR and AUDIENCE_DIR), Netlify Blobs (the local server @netlify/blobs ships) and D1 (the local databases
 * of wrangler.toml's bindings, as `npm run leads -- --local` opens them, with src/hosts/cloudflare/migrations*\/
 * applied). Each case asserts what the store gives back, and for
 * files what is on disk. A new store gets every case with its row in `rows`.
 */
import { mkdtemp, readdir, readFile, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { getStore } from '@netlify/blobs';
import { BlobsServer } from '@netlify/blobs/server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { spamCutoff } from '../../src/api/contact/purge.ts';
import type { Bounds } from '../../src/api/store/audience-store.ts';
import type { Stores } from '../../src/api/store/host-store.ts';
import { leadId, type StoredLead } from '../../src/api/store/lead-store.ts';
import type { ContactValues } from '../../src/contact/contact-fields.ts';
import { leadsWriter } from '../../src/hosts/node/files-folder.ts';
import { d1Binding, type SqlRunner } from '../../src/hosts/cloudflare/d1-store.ts';
import { openLocalD1 } from '../../src/hosts/cloudflare/wrangler-d1.ts';
import { d1Stores } from '../../src/hosts/cloudflare/store.ts';
import { blobsStoreName } from '../../src/hosts/netlify/blobs-store.ts';
import { blobsStores } from '../../src/hosts/netlify/store.ts';
import { filesStores } from '../../src/hosts/node/store.ts';
import { audienceBinding, audienceBlobsStoreName } from '../../src/contact/audience-settings.ts';
import { validLead } from '../fixtures/visitor.ts';

const root = path.resolve(import.meta.dirname, '../..');
const day = 86_400_000;
const valid = validLead();
/** An audience's day with a lead and nothing else. */
const noViews = { visitors: 0, pageviews: 0, pages: {}, referrers: {}, reachedContact: 0, contactFrom: {} };

/** Fresh, empty stores of one host. */
interface Opened {
  stores: Stores;
  /** A second handle on the same stores, as a second isolate, instance or process has. */
  other: Stores;
  /**
   * Adds a lead received at `at`: the files store names a new lead by the time it is written, so it is written
   * so here (as a lead the server wrote then).
   */
  addAt: (message: ContactValues, at: Date) => Promise<StoredLead>;
  /** The repeat memory as `<key id>/<message hash>/<address hash>` lines. */
  memory: () => Promise<string[]>;
  /** What identifies the visitors of `day`: its salt, the hashes of its visitors and clients (names, keys, rows). */
  dayTraces: (day: string) => Promise<string[]>;
  /** What the acknowledgements' memory holds: each salt and hash, as names, keys or rows with their values. */
  ackTraces: () => Promise<string[]>;
  /** Files only: the folders, whose content the cases check too. */
  dirs?: { leads: string; audience: string };
}

interface Row {
  /** Starts what the store needs once per suite (a server, a runtime); gives back how to stop it. */
  start?: () => Promise<() => Promise<void>>;
  open: () => Promise<Opened>;
  /**
   * False where the test server cannot show it: the local Blobs server sends no etag with a read, so a claim past
   * its time cannot be taken over conditionally there (Netlify's API sends one).
   */
  retakesExpiredClaims?: false;
}

const tempDir = (name: string) => mkdtemp(path.join(tmpdir(), `propllc-contract-${name}-`));

let blobsURL = '';
let blobsSites = 0;
let d1: { leads: SqlRunner; audience: SqlRunner } | undefined;

/** Every table of a D1 database, emptied: each case starts from an empty store without starting workerd again. */
async function emptyTables(run: SqlRunner): Promise<void> {
  const tables = await run(
    "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' AND name NOT LIKE '_cf_%'",
    [],
  );
  for (const { name } of tables) await run(`DELETE FROM "${String(name)}"`, []);
}

/** Applies a folder of migrations statement by statement, as `wrangler d1 migrations apply` would. */
async function migrate(run: SqlRunner, folder: string): Promise<void> {
  for (const name of (await readdir(folder)).filter((file) => file.endsWith('.sql')).sort()) {
    const sql = (await readFile(path.join(folder, name), 'utf8')).replace(/--.*$/gm, '');
    for (const statement of sql.split(';').map((text) => text.trim())) if (statement) await run(statement, []);
  }
}

const rows: Record<string, Row> = {
  files: {
    open: async () => {
      const dirs = { leads: await tempDir('leads'), audience: await tempDir('audience') };
      const memory = async () => {
        const lines: string[] = [];
        const folder = path.join(dirs.leads, 'repeats');
        for (const keyId of (await readdir(folder).catch(() => [])).filter((name) => name !== 'key.json')) {
          for (const name of await readdir(path.join(folder, keyId))) {
            const seen = JSON.parse(await readFile(path.join(folder, keyId, name), 'utf8'));
            for (const email of Object.keys(seen)) lines.push(`${keyId}/${name.replace(/\.json$/, '')}/${email}`);
          }
        }
        return lines.sort();
      };
      const stores = filesStores(dirs.leads, dirs.audience);
      const addAt = async (message: ContactValues, at: Date) => {
        const id = leadId(at);
        await leadsWriter(dirs.leads)(message, id);
        const lead = (await stores.leads.list()).leads.find((found) => found.id === id);
        if (!lead) throw new Error(`${id} not written`);
        return lead;
      };
      const dayTraces = async (day: string) =>
        (await readdir(path.join(dirs.audience, 'today')).catch(() => [])).filter((name) => name.startsWith(day));
      const ackTraces = async () => {
        const folder = path.join(dirs.leads, 'acknowledgements');
        const names = await readdir(folder).catch(() => []);
        return Promise.all(names.map(async (name) => `${name} ${await readFile(path.join(folder, name), 'utf8')}`));
      };
      return { stores, other: filesStores(dirs.leads, dirs.audience), addAt, memory, dayTraces, ackTraces, dirs };
    },
  },
  blobs: {
    retakesExpiredClaims: false,
    start: async () => {
      const server = new BlobsServer({ directory: await tempDir('blobs'), token: 'jeton', port: 0 });
      blobsURL = `http://127.0.0.1:${(await server.start()).port}`;
      return () => server.stop();
    },
    open: async () => {
      // A site of its own per case: the local server keeps each site's stores apart.
      const siteID = `site-${++blobsSites}`;
      const open = (name: string) =>
        getStore({ name, edgeURL: blobsURL, uncachedEdgeURL: blobsURL, token: 'jeton', siteID, consistency: 'strong' });
      const leads = open(blobsStoreName);
      const memory = async () => {
        const lines: string[] = [];
        for (const { key } of (await leads.list({ prefix: 'repeats/' })).blobs) {
          const seen = await leads.get(key, { type: 'json' });
          for (const email of Object.keys(seen)) lines.push(`${key.slice('repeats/'.length)}/${email}`);
        }
        return lines.sort();
      };
      const stores = blobsStores(open);
      const audience = open(audienceBlobsStoreName);
      const dayTraces = async (day: string) => {
        const keys = [];
        for (const prefix of [`audience/salts/${day}`, `audience/today/${day}/`]) {
          keys.push(...(await audience.list({ prefix })).blobs.map((blob) => blob.key));
        }
        return keys;
      };
      const ackTraces = async () =>
        Promise.all(
          (await leads.list({ prefix: 'acknowledgements/' })).blobs.map(
            async ({ key }) => `${key} ${await leads.get(key, { type: 'text', consistency: 'strong' })}`,
          ),
        );
      return {
        stores,
        other: blobsStores(open),
        addAt: (message, at) => stores.leads.add(message, at),
        memory,
        dayTraces,
        ackTraces,
      };
    },
  },
  d1: {
    start: async () => {
      const local = await openLocalD1(await tempDir('d1'));
      d1 = { leads: local.runner(d1Binding), audience: local.runner(audienceBinding) };
      await migrate(d1.leads, path.join(root, 'src/hosts/cloudflare/migrations'));
      await migrate(d1.audience, path.join(root, 'src/hosts/cloudflare/migrations-audience'));
      return () => local.dispose();
    },
    open: async () => {
      if (!d1) throw new Error('D1 not started');
      const { leads, audience } = d1;
      await emptyTables(leads);
      await emptyTables(audience);
      const memory = async () =>
        (await leads('SELECT key_id, body, email FROM spam_repeats', []))
          .map((row) => `${row.key_id}/${row.body}/${row.email}`)
          .sort();
      const stores = d1Stores(leads, audience);
      const dayTraces = async (day: string) => [
        ...(await audience('SELECT day FROM audience_salts WHERE day = ?1', [day])).map((row) => `salt ${row.day}`),
        ...(await audience('SELECT id FROM audience_today WHERE day = ?1', [day])).map((row) => `today ${row.id}`),
      ];
      const ackTraces = async () => [
        ...(await leads('SELECT day, salt FROM ack_salts', [])).map((row) => `salt ${row.day} ${row.salt}`),
        ...(await leads('SELECT day, address FROM acks', [])).map((row) => `ack ${row.day} ${row.address}`),
      ];
      return {
        stores,
        other: d1Stores(leads, audience),
        addAt: (message, at) => stores.leads.add(message, at),
        memory,
        dayTraces,
        ackTraces,
      };
    },
  },
};

describe.each(Object.keys(rows))('the %s stores', { timeout: 120_000 }, (kind) => {
  const row = rows[kind] as Row;
  let stop: (() => Promise<void>) | undefined;
  beforeAll(async () => {
    stop = await row.start?.();
  }, 120_000);
  afterAll(async () => {
    await stop?.();
  });

  it('add: keeps each lead with its fields, pending and due at once, or with its review reasons', async () => {
    const { stores, dirs } = await row.open();
    const receivedAt = new Date();
    const lead = await stores.leads.add(valid, receivedAt);
    // The time of reception: the one given, or (files) the time the lead was written, within the call.
    const received = Date.parse(lead.receivedAt);
    expect(received).toBeGreaterThanOrEqual(receivedAt.getTime());
    expect(received).toBeLessThanOrEqual(Date.now());
    expect(lead).toEqual({
      ...valid,
      id: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T\d{2}-\d{2}-\d{2}-\d{3}Z-[0-9a-f]{8}$/),
      receivedAt: lead.receivedAt,
      notification: { state: 'pending', attempts: 0, nextAt: lead.receivedAt },
    });
    const marked = await stores.leads.add({ ...valid, name: 'Lucie Casino' }, receivedAt, undefined, ['word']);
    expect(marked.review).toEqual(['word']);
    const { leads, unreadable } = await stores.leads.list();
    expect(unreadable).toEqual([]);
    expect(leads.find((found) => found.id === lead.id)).toEqual(lead);
    expect(leads.find((found) => found.id === marked.id)).toMatchObject({ name: 'Lucie Casino', review: ['word'] });
    if (dirs) {
      // One file per lead, named by its id, private, holding the form's fields only.
      expect(JSON.parse(await readFile(path.join(dirs.leads, `${lead.id}.json`), 'utf8'))).toEqual(valid);
      expect((await stat(path.join(dirs.leads, `${lead.id}.json`))).mode & 0o777).toBe(0o600);
      expect((await stat(dirs.leads)).mode & 0o777).toBe(0o700);
    }
  });

  it('claim: one sender only takes a lead while its claim lasts', async () => {
    const { stores, other } = await row.open();
    const lead = await stores.leads.add(valid, new Date());
    const now = new Date(Date.now() + 1000);
    const until = new Date(now.getTime() + 120_000);
    expect(await stores.leads.claim(lead, now, until)).toEqual({ state: 'pending', attempts: 0, nextAt: lead.receivedAt });
    // Held by a live sender: nobody else may send it, through this handle or another.
    expect(await other.leads.claim(lead, new Date(now.getTime() + 60_000), until)).toBeUndefined();
    expect(await stores.leads.claim(lead, new Date(now.getTime() + 60_000), until)).toBeUndefined();
  });

  it.skipIf(row.retakesExpiredClaims === false)(
    'claim: a claim left by a stopped sender expires, and one sender retakes it',
    async () => {
      const { stores, other } = await row.open();
      const lead = await stores.leads.add(valid, new Date());
      const now = new Date(Date.now() + 1000);
      expect(await stores.leads.claim(lead, now, new Date(now.getTime() + 120_000))).toBeDefined();
      const later = new Date(now.getTime() + 300_000);
      expect(await other.leads.claim(lead, later, new Date(later.getTime() + 120_000))).toMatchObject({
        state: 'pending',
        attempts: 0,
      });
      expect(await stores.leads.claim(lead, later, new Date(later.getTime() + 120_000))).toBeUndefined();
    },
  );

  it('due: the pending leads due now, one batch at most; none not yet due, sent or failed', async () => {
    const { stores, addAt } = await row.open();
    const start = Date.now() - 10 * 60_000;
    const added = [];
    for (let index = 0; index < 4; index++)
      added.push(await addAt({ ...valid, name: `Client ${index}` }, new Date(start + index * 1000)));
    const [first, second, third, fourth] = added as [(typeof added)[0], (typeof added)[0], (typeof added)[0], (typeof added)[0]];
    const now = new Date();
    await stores.leads.record(first.id, { state: 'sent', at: now.toISOString() }, first.notification);
    await stores.leads.record(
      second.id,
      { state: 'failed', attempts: 1, at: now.toISOString(), reason: 'HTTP 400' },
      second.notification,
    );
    const nextAt = new Date(now.getTime() + 60_000).toISOString();
    await stores.leads.record(third.id, { state: 'pending', attempts: 1, nextAt, lastReason: 'HTTP 503' }, third.notification);
    expect((await stores.leads.due(now, 20)).leads.map((lead) => lead.id)).toEqual([fourth.id]);
    const later = new Date(now.getTime() + 60_000);
    expect((await stores.leads.due(later, 20)).leads.map((lead) => lead.id).sort()).toEqual([third.id, fourth.id].sort());
    // One batch at most: a pass reads `limit` leads whatever the number due.
    const batch = (await stores.leads.due(later, 1)).leads.map((lead) => lead.id);
    expect(batch).toHaveLength(1);
    expect([third.id, fourth.id]).toContain(batch[0]);
  });

  it('record: notes each outcome, frees the claim, and the lead itself never changes', async () => {
    const { stores, dirs } = await row.open();
    const first = await stores.leads.add(valid, new Date());
    // Two leads of one millisecond have no order (their ids differ only in their random part), and the files store
    // stamps the moment it writes: the second is added once the clock has passed the first's millisecond.
    while (Date.now() <= Date.parse(first.receivedAt)) await new Promise((resolve) => setTimeout(resolve, 1));
    const second = await stores.leads.add({ ...valid, name: 'Paul Durand' }, new Date());
    expect((await stores.leads.list()).leads.map((lead) => lead.name)).toEqual(['Paul Durand', 'Jeanne Martin']);
    // New leads are due at once, oldest first.
    expect((await stores.leads.due(new Date(Date.now() + 1000), 20)).leads.map((lead) => lead.id)).toEqual([first.id, second.id]);

    const now = new Date(Date.now() + 1000);
    const until = new Date(now.getTime() + 120_000);
    expect(await stores.leads.claim(first, now, until)).toMatchObject({ state: 'pending', attempts: 0 });
    await stores.leads.record(first.id, { state: 'sent', at: '2026-11-24T10:00:00.000Z' }, first.notification);
    expect(await stores.leads.claim(first, new Date(now.getTime() + 3_600_000), new Date(now.getTime() + 3_700_000))).toBeUndefined();

    // The second fails once: it waits for its next time, and is not due before.
    expect(await stores.leads.claim(second, now, until)).toBeDefined();
    const nextAt = new Date(now.getTime() + 60_000).toISOString();
    const waiting = { state: 'pending', attempts: 1, nextAt, lastReason: 'HTTP 503' } as const;
    await stores.leads.record(second.id, waiting, second.notification);
    expect((await stores.leads.due(now, 20)).leads).toEqual([]);
    expect(await stores.leads.claim(second, now, until)).toBeUndefined();
    const later = new Date(now.getTime() + 60_000);
    const [due] = (await stores.leads.due(later, 20)).leads;
    expect(due?.notification).toEqual(waiting);
    // The claim freed by `record`: the next sender takes it at its time.
    expect(await stores.leads.claim(due!, later, new Date(later.getTime() + 120_000))).toMatchObject({ attempts: 1 });
    await stores.leads.record(second.id, { state: 'failed', attempts: 2, at: later.toISOString(), reason: 'HTTP 400' }, waiting);

    expect((await stores.leads.list()).leads.map((lead) => lead.notification)).toEqual([
      { state: 'failed', attempts: 2, at: later.toISOString(), reason: 'HTTP 400' },
      { state: 'sent', at: '2026-11-24T10:00:00.000Z' },
    ]);
    if (dirs) {
      // The lead files themselves never change: the state is in notifications/, one private file per lead.
      expect(JSON.parse(await readFile(path.join(dirs.leads, `${first.id}.json`), 'utf8'))).toEqual(valid);
      expect((await readdir(path.join(dirs.leads, 'notifications'))).sort()).toEqual(
        [`${first.id}.sent`, `${second.id}.failed`].sort(),
      );
      expect((await stat(path.join(dirs.leads, 'notifications', `${second.id}.failed`))).mode & 0o777).toBe(0o600);
      expect((await stat(path.join(dirs.leads, 'notifications'))).mode & 0o777).toBe(0o700);
    }
  });

  it('retry: a failed lead back to pending, no attempt made, due now; a lead a sender holds is left to it when asked', async () => {
    const { stores, other } = await row.open();
    const now = new Date();
    const failed = await stores.leads.add(valid, new Date(now.getTime() - 60_000));
    await stores.leads.record(
      failed.id,
      { state: 'failed', attempts: 3, at: now.toISOString(), reason: 'HTTP 400' },
      failed.notification,
    );
    const later = new Date(now.getTime() + 1000);
    const retried = await other.leads.retry(failed.id, later);
    expect(retried).toMatchObject({ id: failed.id, name: valid.name });
    expect(retried?.notification).toEqual({ state: 'pending', attempts: 0, nextAt: later.toISOString() });
    expect((await stores.leads.due(later, 20)).leads.map((lead) => lead.id)).toEqual([failed.id]);
    expect(await stores.leads.retry('2026-01-01T00-00-00-000Z-00000000', later)).toBeUndefined();

    const held = (await stores.leads.due(later, 20)).leads[0]!;
    expect(await stores.leads.claim(held, later, new Date(later.getTime() + 120_000))).toBeDefined();
    expect(await other.leads.retry(failed.id, later, { keepLiveClaim: true })).toBeUndefined();
  });

  it('forget: every lead of one person (any case), those kept apart as spam included, and their repeat entries', async () => {
    const { stores, memory, dirs } = await row.open();
    const now = new Date();
    await stores.leads.add(valid, now);
    await stores.leads.add({ ...valid, email: 'JEANNE.MARTIN@example.com' }, now, ['links']);
    const other = await stores.leads.add({ ...valid, email: 'paul@example.com' }, now);
    await stores.leads.repeats!(valid.message, valid.email, now);
    await stores.leads.repeats!(valid.message, 'paul@example.com', now);
    const before = await memory();
    expect(before).toHaveLength(2);

    const forgotten = await stores.leads.forget('jeanne.martin@example.com');
    expect(forgotten.leads.map((lead) => lead.notification.state).sort()).toEqual(['pending', 'spam']);
    expect(forgotten.unreadable).toEqual([]);
    expect((await stores.leads.list()).leads.map((lead) => lead.id)).toEqual([other.id]);
    const after = await memory();
    expect(after).toHaveLength(1);
    expect(before).toContain(after[0]);
    if (dirs) {
      const names = [...(await readdir(dirs.leads)), ...(await readdir(path.join(dirs.leads, 'notifications')).catch(() => []))];
      // Nothing named after one of their leads is left: neither the lead nor its state.
      expect(names.filter((name) => /^\d{4}-/.test(name) && !name.startsWith(other.id))).toEqual([]);
    }
  });

  it('purge: the leads received before a date, and spam before its shorter one', async () => {
    const { stores, addAt, dirs } = await row.open();
    const now = new Date();
    const old = await addAt({ ...valid, name: 'Vieille Cliente' }, new Date(now.getTime() - 4 * 365 * day));
    const spam = await stores.leads.add({ ...valid, name: 'Robot Liens' }, new Date(now.getTime() - 31 * day), ['links']);
    const recent = await stores.leads.add(valid, now);
    expect(await stores.leads.purge(new Date('2000-01-01T00:00:00Z'))).toEqual({ leads: [], unreadable: [] });
    const purged = await stores.leads.purge(new Date(now.getTime() - 3 * 365 * day), spamCutoff(now));
    expect(purged.leads.map((lead) => lead.id).sort()).toEqual([old.id, spam.id].sort());
    expect(purged.unreadable).toEqual([]);
    expect((await stores.leads.list()).leads.map((lead) => lead.id)).toEqual([recent.id]);
    expect((await stores.leads.purge(new Date(now.getTime() + 1000))).leads.map((lead) => lead.id)).toEqual([recent.id]);
    expect((await stores.leads.list()).leads).toEqual([]);
    if (dirs) {
      // Nothing named after a lead is left: neither the leads nor their states.
      const names = [...(await readdir(dirs.leads)), ...(await readdir(path.join(dirs.leads, 'notifications')).catch(() => []))];
      expect(names.filter((name) => /^\d{4}-/.test(name))).toEqual([]);
    }
  });

  it('quarantine: keeps spam apart and never due, rescues it, purges it after 30 days; keeps the reasons of a lead « à vérifier »', async () => {
    const store = (await row.open()).stores.leads;
    const now = new Date();
    const spam = await store.add(validLead({ name: 'Robot Liens' }), now, ['links', 'pattern']);
    expect(spam.notification).toEqual({ state: 'spam', reasons: ['links', 'pattern'], at: spam.receivedAt });
    const genuine = await store.add(validLead({ name: 'Jeanne Vraie' }), now);
    const marked = await store.add(validLead({ name: 'Lucie Casino' }), now, undefined, ['word']);
    expect(marked.review).toEqual(['word']);
    expect(genuine).not.toHaveProperty('review');
    const old = new Date(now.getTime() - 31 * day);
    await store.add(validLead({ name: 'Vieux Casino' }), old, ['pattern']);
    await store.add(validLead({ name: 'Vieille Cliente' }), old);

    const listed = Object.fromEntries((await store.list()).leads.map((lead) => [lead.name, lead]));
    expect(listed['Robot Liens']?.notification).toEqual({ state: 'spam', reasons: ['links', 'pattern'], at: spam.receivedAt });
    expect(listed['Jeanne Vraie']?.notification).toMatchObject({ state: 'pending' });
    expect(listed['Jeanne Vraie']).not.toHaveProperty('review');
    // The mark is read back with the lead, so a retried notification is marked too.
    expect(listed['Lucie Casino']).toMatchObject({ notification: { state: 'pending' }, review: ['word'] });
    const due = (await store.due(new Date(now.getTime() + 1000), 20)).leads;
    expect(due.map((lead) => lead.name).sort()).toEqual(['Jeanne Vraie', 'Lucie Casino', 'Vieille Cliente']);
    expect(due.find((lead) => lead.name === 'Lucie Casino')?.review).toEqual(['word']);
    expect(await store.claim(spam, new Date(now.getTime() + 1000), new Date(now.getTime() + 60_000))).toBeUndefined();

    const rescued = await store.retry(spam.id, new Date(now.getTime() + 2000));
    expect(rescued?.notification).toEqual({ state: 'pending', attempts: 0, nextAt: new Date(now.getTime() + 2000).toISOString() });
    const robot = (await store.list()).leads.find((lead) => lead.id === spam.id);
    expect(robot?.notification.state).toBe('pending');
    expect((await store.due(new Date(now.getTime() + 3000), 20)).leads.map((lead) => lead.id)).toContain(spam.id);

    const { leads: purged } = await store.purge(new Date(now.getTime() - 3 * 365 * day), spamCutoff(now));
    expect(purged.map((lead) => lead.name)).toEqual(['Vieux Casino']);
    expect((await store.list()).leads.map((lead) => lead.name).sort()).toEqual([
      'Jeanne Vraie',
      'Lucie Casino',
      'Robot Liens',
      'Vieille Cliente',
    ]);
  });

  it('repeats: remembers repeated messages as keyed hashes, forgets a person’s entries, and starts afresh under a new key at each purge', async () => {
    const { stores, memory } = await row.open();
    const store = stores.leads;
    const now = new Date();
    const pitch = 'Bonjour, je souhaite recevoir votre documentation complète sur la LLC. Merci.';
    const seen = [];
    for (const email of ['jeanne@example.com', 'paul@example.com', 'JEANNE@example.com ', 'zoe@example.com']) {
      seen.push(await store.repeats!(pitch, email, now));
    }
    // Case and spaces of an address make no other person.
    expect(seen).toEqual([1, 2, 2, 3]);
    expect(await store.repeats!('Une autre question, sur la TVA cette fois, pour ma LLC.', 'jeanne@example.com', now)).toBe(1);

    const before = await memory();
    expect(before).toHaveLength(4);
    // Hashes only: 64 hex digits under a 16-digit key id, never an address or a word of the text.
    for (const line of before) expect(line).toMatch(/^[0-9a-f]{16}\/[0-9a-f]{64}\/[0-9a-f]{64}$/);

    // forget: both entries of this person go, the others' stay.
    await store.forget('Jeanne@Example.com');
    const afterForget = await memory();
    expect(afterForget).toHaveLength(2);
    for (const line of afterForget) expect(before).toContain(line);

    // The purge: a new key, every entry of the old one gone; the same person and message now hash differently.
    await store.purge(new Date(0), new Date(0));
    expect(await memory()).toEqual([]);
    expect(await store.repeats!(pitch, 'paul@example.com', now)).toBe(1);
    const [keyAfter, bodyAfter, emailAfter] = (await memory())[0]?.split('/') ?? [];
    const parts = (index: number) => afterForget.map((line) => line.split('/')[index]);
    expect(parts(0)).not.toContain(keyAfter);
    expect(parts(1)).not.toContain(bodyAfter);
    expect(parts(2)).not.toContain(emailAfter);
    expect(await store.repeats!(pitch, 'zoe@example.com', now)).toBe(2);

    // Past the 24-hour window, the addresses are forgotten.
    expect(await store.repeats!(pitch, 'lea@example.com', new Date(now.getTime() + day + 1000))).toBe(1);
  });

  it('audience: a salt per day, views and leads added up per day within the bounds, totals read back and purged', async () => {
    const { stores, other, dayTraces, dirs } = await row.open();
    const { audience } = stores;
    const bounds: Bounds = {
      viewsPerVisitor: 3,
      viewsPerAddress: 100,
      viewsPerDay: 100,
      visitorsPerDay: 100,
      referrersPerDay: 100,
      intentsPerAddress: 100,
      intentsPerDay: 100,
    };
    const [oldDay, today, tomorrow] = ['2024-03-01', '2026-11-24', '2026-11-25'];
    const salt = await audience.salt(today);
    expect(salt).toMatch(/^[0-9a-f]{64}$/);
    expect(await other.audience.salt(today)).toBe(salt);

    const view = { day: today, address: 'client-1' };
    expect(await audience.addView({ ...view, visitor: 'visiteur-1', page: '/', referrer: 'www.qwant.com' }, bounds)).toBe(true);
    expect(await audience.addView({ ...view, visitor: 'visiteur-1', page: '/contact' }, bounds)).toBe(true);
    expect(await other.audience.addView({ ...view, visitor: 'visiteur-1', page: '/contact' }, bounds)).toBe(true);
    // The visitor's bound: nothing more of it that day.
    expect(await audience.addView({ ...view, visitor: 'visiteur-1', page: '/' }, bounds)).toBe(false);
    expect(await audience.addView({ ...view, visitor: 'visiteur-2', page: '/contact' }, bounds)).toBe(true);
    await audience.addLead(today);
    await other.audience.addLead(oldDay);

    const todays = {
      day: today,
      visitors: 2,
      pageviews: 4,
      pages: { '/': 1, '/contact': 3 },
      referrers: { 'www.qwant.com': 1 },
      reachedContact: 2,
      contactFrom: { '/': 1, '': 1 },
      leads: 1,
    };
    expect(await other.audience.days(oldDay, tomorrow)).toEqual([{ ...todays, day: oldDay, ...noViews }, todays]);
    expect(await audience.days(tomorrow, tomorrow)).toEqual([]);

    if (dirs) {
      // Private, and the totals hold no hash.
      expect((await stat(path.join(dirs.audience, 'today', `${today}.salt`))).mode & 0o777).toBe(0o600);
      expect(JSON.parse(await readFile(path.join(dirs.audience, 'days', `${today}.json`), 'utf8'))).toEqual(todays);
    }

    // The next day's salt: yesterday's and its visitors' hashes go, its totals stay.
    expect(await dayTraces(today)).not.toEqual([]);
    const next = await audience.salt(tomorrow);
    expect(next).not.toBe(salt);
    expect(await dayTraces(today)).toEqual([]);
    expect(await audience.days(today, today)).toEqual([todays]);
    if (dirs) expect(await readdir(path.join(dirs.audience, 'today'))).toEqual([`${tomorrow}.salt`]);
    expect(await audience.purge('2025-01-01', tomorrow)).toBe(1);
    expect(await audience.days(oldDay, tomorrow)).toEqual([todays]);
    if (dirs) expect(await readdir(path.join(dirs.audience, 'days'))).toEqual([`${today}.json`]);
  });

  it('contact intents: added up per day and per kind within the bounds, beside the views, read back and purged', async () => {
    const { stores, other, dayTraces, dirs } = await row.open();
    const { audience } = stores;
    const bounds: Bounds = {
      viewsPerVisitor: 10,
      viewsPerAddress: 10,
      viewsPerDay: 10,
      visitorsPerDay: 10,
      referrersPerDay: 10,
      intentsPerAddress: 3,
      intentsPerDay: 5,
    };
    const [oldDay, today, tomorrow] = ['2024-03-01', '2026-11-24', '2026-11-25'];
    await audience.salt(today);
    const intent = (address: string, kind: 'phone' | 'whatsapp' | 'telegram' | 'email' | 'booking', on = today) => ({
      day: on,
      address,
      kind,
    });
    expect(await audience.addView({ day: today, visitor: 'visiteur-1', address: 'client-1', page: '/contact' }, bounds)).toBe(true);
    expect(await audience.addIntent(intent('client-1', 'whatsapp'), bounds)).toBe(true);
    expect(await other.audience.addIntent(intent('client-1', 'phone'), bounds)).toBe(true);
    expect(await audience.addIntent(intent('client-1', 'whatsapp'), bounds)).toBe(true);
    // The client's bound: nothing more of it that day; another client still counts.
    expect(await audience.addIntent(intent('client-1', 'email'), bounds)).toBe(false);
    expect(await other.audience.addIntent(intent('client-2', 'booking'), bounds)).toBe(true);
    expect(await audience.addIntent(intent('client-3', 'telegram'), bounds)).toBe(true);
    // The day's bound: five intents, the day is full.
    expect(await audience.addIntent(intent('client-4', 'phone'), bounds)).toBe(false);
    expect(await audience.addIntent(intent('client-1', 'email', oldDay), bounds)).toBe(true);

    const todays = {
      day: today,
      visitors: 1,
      pageviews: 1,
      pages: { '/contact': 1 },
      referrers: {},
      reachedContact: 1,
      contactFrom: { '': 1 },
      leads: 0,
      intents: { whatsapp: 2, phone: 1, booking: 1, telegram: 1 },
    };
    const olds = { day: oldDay, ...noViews, leads: 0, intents: { email: 1 } };
    expect(await other.audience.days(oldDay, tomorrow)).toEqual([olds, todays]);
    if (dirs) expect(JSON.parse(await readFile(path.join(dirs.audience, 'days', `${today}.json`), 'utf8'))).toEqual(todays);

    // What bounded each client goes with the day; the totals stay until their retention ends.
    expect(await dayTraces(today)).not.toEqual([]);
    await audience.salt(tomorrow);
    expect(await dayTraces(today)).toEqual([]);
    expect(await audience.addIntent(intent('client-1', 'email', tomorrow), bounds)).toBe(true);
    expect(await audience.purge('2025-01-01', tomorrow)).toBe(1);
    expect(await audience.days(oldDay, tomorrow)).toEqual([todays, { day: tomorrow, ...noViews, leads: 0, intents: { email: 1 } }]);
  });

  it('acknowledgements: one per address per day whatever the handle, kept as hashes salted per day, forgotten after the day', async () => {
    const { stores, other, ackTraces } = await row.open();
    const [today, tomorrow] = ['2026-11-24', '2026-11-25'];
    const acknowledge = (email: string, day: string, through = stores) => through.leads.acknowledge!(email, day);
    expect(await acknowledge('jeanne.martin@example.com', today)).toBe(true);
    // The same address, typed otherwise, through another handle: already acknowledged today.
    expect(await acknowledge(' Jeanne.MARTIN@example.com', today, other)).toBe(false);
    expect(await acknowledge('paul@example.com', today, other)).toBe(true);
    expect(await acknowledge('paul@example.com', today)).toBe(false);
    const traces = await ackTraces();
    expect(traces.length).toBeGreaterThan(0);
    // Hashes only: no address, no part of one.
    for (const trace of traces) expect(trace).not.toMatch(/jeanne|paul|example/i);
    expect(traces.join('\n')).toMatch(/[0-9a-f]{64}/);

    // The next day: acknowledged again; the first claim of the day forgets the day before.
    expect(await acknowledge('jeanne.martin@example.com', tomorrow)).toBe(true);
    expect((await ackTraces()).filter((trace) => trace.includes(today))).toEqual([]);
    expect(await acknowledge('jeanne.martin@example.com', tomorrow, other)).toBe(false);
    // A GDPR erasure takes the address out of the day's memory too; the others stay.
    await acknowledge('paul@example.com', tomorrow);
    await other.leads.forget('Jeanne.Martin@example.com');
    expect(await acknowledge('jeanne.martin@example.com', tomorrow)).toBe(true);
    expect(await acknowledge('paul@example.com', tomorrow, other)).toBe(false);
    // The daily purge forgets every day but the one it runs on.
    await stores.leads.forgetAcknowledgements!('2026-11-26');
    expect(await ackTraces()).toEqual([]);
  });
});
