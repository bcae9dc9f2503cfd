// @vitest-environment node
/**
 * Spam on each lead store: files (LEADS_DIR), Netlify Blobs (the local server @netlify/blobs ships) and D1 (the
 * local database wrangler's `getPlatformProxy` opens, with src/hosts/cloudflare/migrations/ applied statement by statement). A spam
 * lead is stored with its reasons, never due, rescued back to pending, purged after its 30 days; a lead « à vérifier »
 * keeps its reasons; the repeat memory counts distinct addresses, holds keyed hashes only, loses a person's entries
 * to `forget`, and starts again under a new key at each purge.
 */
import { mkdtemp, readdir, readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { getStore } from '@netlify/blobs';
import { BlobsServer } from '@netlify/blobs/server';
import { afterAll, describe, expect, it } from 'vitest';
import { wranglerRunner } from '../../src/hosts/cloudflare/wrangler-d1.ts';
import { spamCutoff } from '../../src/api/contact/purge.ts';
import { blobsLeadStore } from '../../src/hosts/netlify/blobs-store.ts';
import { d1LeadStore } from '../../src/hosts/cloudflare/d1-store.ts';
import { filesLeadStore } from '../../src/hosts/node/files-store.ts';
import type { LeadStore } from '../../src/api/store/lead-store.ts';
import { validLead } from '../fixtures/visitor.ts';

const day = 86_400_000;
const stops: (() => Promise<unknown>)[] = [];
afterAll(async () => {
  for (const stop of stops) await stop();
});

/** A store, and what it keeps of the repeat memory as `<key id>/<message hash>/<address hash>` lines. */
interface Opened {
  store: LeadStore;
  memory: () => Promise<string[]>;
}

const stores: Record<string, () => Promise<Opened>> = {
  files: async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'propllc-spam-files-'));
    const memory = async () => {
      const lines: string[] = [];
      const folder = path.join(dir, 'repeats');
      for (const keyId of (await readdir(folder).catch(() => [])).filter((name) => name !== 'key.json')) {
        for (const name of await readdir(path.join(folder, keyId))) {
          const seen = JSON.parse(await readFile(path.join(folder, keyId, name), 'utf8'));
          for (const email of Object.keys(seen)) lines.push(`${keyId}/${name.replace(/\.json$/, '')}/${email}`);
        }
      }
      return lines.sort();
    };
    return { store: filesLeadStore(dir), memory };
  },
  blobs: async () => {
    const server = new BlobsServer({ directory: await mkdtemp(path.join(tmpdir(), 'propllc-spam-blobs-')), token: 'jeton', port: 0 });
    const edgeURL = `http://127.0.0.1:${(await server.start()).port}`;
    stops.push(() => server.stop());
    const blobs = getStore({
      name: 'leads',
      edgeURL,
      uncachedEdgeURL: edgeURL,
      token: 'jeton',
      siteID: 'site',
      consistency: 'strong',
    });
    const memory = async () => {
      const lines: string[] = [];
      for (const { key } of (await blobs.list({ prefix: 'repeats/' })).blobs) {
        const seen = await blobs.get(key, { type: 'json' });
        for (const email of Object.keys(seen)) lines.push(`${key.slice('repeats/'.length)}/${email}`);
      }
      return lines.sort();
    };
    return { store: blobsLeadStore(blobs), memory };
  },
  d1: async () => {
    const run = wranglerRunner('--local', await mkdtemp(path.join(tmpdir(), 'propllc-spam-d1-')));
    const migrations = path.resolve(import.meta.dirname, '../../src/hosts/cloudflare/migrations');
    for (const name of (await readdir(migrations)).filter((file) => file.endsWith('.sql')).sort()) {
      const sql = (await readFile(path.join(migrations, name), 'utf8')).replace(/--.*$/gm, '');
      for (const statement of sql.split(';').map((text) => text.trim())) if (statement) await run(statement, []);
    }
    const memory = async () =>
      (await run('SELECT key_id, body, email FROM spam_repeats', [])).map((row) => `${row.key_id}/${row.body}/${row.email}`).sort();
    return { store: d1LeadStore(run), memory };
  },
};

describe.each(Object.keys(stores))('spam in the %s store', { timeout: 120_000 }, (kind) => {
  it('keeps spam apart and never due, rescues it, purges it after 30 days; keeps the reasons of a lead « à vérifier »', async () => {
    const { store } = await stores[kind]!();
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

  it('remembers repeated messages as keyed hashes, forgets a person’s entries, and starts afresh under a new key at each purge', async () => {
    const { store, memory } = await stores[kind]!();
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
});
