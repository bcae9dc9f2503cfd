// @vitest-environment node
/**
 * A person's GDPR requests through `npm run leads`, run as a real process, on each lead store: files (LEADS_DIR),
 * Netlify Blobs (the local server @netlify/blobs ships, reached with `--netlify`) and D1 (the local database of
 * wrangler, `--local --persist-to`). `--email` lists and exports all of that person's messages, those set apart
 * as spam included and marked so; `--forget` then leaves nothing that names them: every file under LEADS_DIR,
 * every key and value of the Blobs store, every row of every D1 table is read back. Another person's lead stays.
 */
import { readdir, readFile, mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { getStore } from '@netlify/blobs';
import { BlobsServer } from '@netlify/blobs/server';
import { parse } from 'csv-parse/sync';
import { afterAll, describe, expect, it } from 'vitest';
import { wranglerRunner } from '../../src/hosts/cloudflare/wrangler-d1.ts';
import { blobsLeadStore, blobsStoreName } from '../../src/hosts/netlify/blobs-store.ts';
import { d1LeadStore } from '../../src/hosts/cloudflare/d1-store.ts';
import { filesLeadStore } from '../../src/hosts/node/files-store.ts';
import type { LeadStore, StoredLead } from '../../src/api/store/lead-store.ts';
import { validLead } from '../fixtures/visitor.ts';
import { runLeads } from './run-script.ts';

const minute = 60_000;
const person = validLead({ name: 'Inès Oubli', email: 'ines.oubli@example.com', phone: '+33 6 98 76 54 32' });
const other = validLead({ name: 'Paul Reste', email: 'paul.reste@example.com' });

const stops: (() => Promise<unknown>)[] = [];
afterAll(async () => {
  for (const stop of stops) await stop();
});

interface Setup {
  store: LeadStore;
  /** The command's flags and settings for this store. */
  args: string[];
  env: Record<string, string>;
  /** Every name and text the store holds, one string each. */
  traces: () => Promise<string[]>;
}

async function filesInside(dir: string): Promise<string[]> {
  const found: string[] = [];
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) found.push(entry.name, ...(await filesInside(file)));
    else found.push(entry.name, await readFile(file, 'utf8'));
  }
  return found;
}

const setups: Record<string, () => Promise<Setup>> = {
  files: async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'propllc-gdpr-files-'));
    return { store: filesLeadStore(dir), args: [], env: { LEADS_DIR: dir }, traces: () => filesInside(dir) };
  },
  blobs: async () => {
    const token = 'jeton-de-test';
    const siteID = 'site-de-test';
    const server = new BlobsServer({ directory: await mkdtemp(path.join(tmpdir(), 'propllc-gdpr-blobs-')), token, port: 0 });
    const edgeURL = `http://127.0.0.1:${(await server.start()).port}`;
    stops.push(() => server.stop());
    const raw = getStore({ name: blobsStoreName, siteID, token, edgeURL, uncachedEdgeURL: edgeURL, consistency: 'strong' });
    return {
      store: blobsLeadStore(raw),
      args: ['--netlify'],
      env: { NETLIFY_SITE_ID: siteID, NETLIFY_AUTH_TOKEN: token, LEADS_TEST_BLOBS_URL: edgeURL },
      traces: async () => {
        const keys = (await raw.list()).blobs.map((blob) => blob.key);
        return [...keys, ...(await Promise.all(keys.map(async (key) => (await raw.get(key, { type: 'text' })) ?? '')))];
      },
    };
  },
  d1: async () => {
    const persistTo = await mkdtemp(path.join(tmpdir(), 'propllc-gdpr-d1-'));
    const run = wranglerRunner('--local', persistTo);
    const migrations = path.resolve(import.meta.dirname, '../../src/hosts/cloudflare/migrations');
    for (const name of (await readdir(migrations)).filter((file) => file.endsWith('.sql')).sort()) {
      const sql = (await readFile(path.join(migrations, name), 'utf8')).replace(/--.*$/gm, '');
      for (const statement of sql.split(';').map((part) => part.trim())) if (statement) await run(statement, []);
    }
    return {
      store: d1LeadStore(run),
      args: ['--local', '--persist-to', persistTo],
      env: {},
      traces: async () => {
        const tables = await run("SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE '\\_cf\\_%' ESCAPE '\\'", []);
        const rows = await Promise.all(tables.map(({ name }) => run(`SELECT * FROM "${String(name)}"`, [])));
        return [...tables.map(({ name }) => String(name)), ...rows.flat().map((row) => JSON.stringify(row))];
      },
    };
  },
};

/** The person's leads in every state a lead can be in, and another person's. */
async function fill(store: LeadStore): Promise<{ mine: StoredLead[]; theirs: StoredLead }> {
  const start = Date.now() - 60 * minute;
  const at = (minutes: number) => new Date(start + minutes * minute);
  const sent = await store.add(person, at(0));
  await store.claim(sent, at(0), at(2));
  await store.record(sent.id, { state: 'sent', at: at(0).toISOString() });
  const failed = await store.add(person, at(1));
  await store.claim(failed, at(1), at(3));
  await store.record(failed.id, { state: 'failed', attempts: 1, at: at(1).toISOString(), reason: 'HTTP 400' });
  // Failed once, and held right now by a sender.
  const pending = await store.add(person, at(2));
  await store.record(pending.id, { state: 'pending', attempts: 1, nextAt: at(3).toISOString(), lastReason: 'HTTP 503' });
  const claimed = await store.claim(
    { ...pending, notification: { state: 'pending', attempts: 1, nextAt: at(3).toISOString() } },
    at(4),
    new Date(Date.now() + 2 * minute),
  );
  expect(claimed).toMatchObject({ state: 'pending', attempts: 1 });
  const spam = await store.add({ ...person, message: 'Voir https://a.example/1 et https://a.example/2' }, at(5), ['links']);
  const theirs = await store.add(other, at(6));
  return { mine: [sent, failed, pending, spam], theirs };
}

describe.each(Object.keys(setups))('a person’s GDPR requests on the %s store', { timeout: 120_000 }, (kind) => {
  it('gives all their messages with --email, those set apart included, then --forget leaves nothing naming them', async () => {
    const setup = await setups[kind]!();
    const { mine, theirs } = await fill(setup.store);
    const leads = (args: string[]) => runLeads([...setup.args, ...args], setup.env);

    const listed = await leads(['--email', 'INES.OUBLI@example.com']);
    expect(listed.code, listed.stderr).toBe(0);
    const rows = listed.stdout.split('\n').filter((line) => line.includes('ines.oubli@example.com'));
    expect(rows).toHaveLength(4);
    expect(rows.filter((line) => /indésirable\u202f?: trois liens ou plus$/.test(line))).toHaveLength(1);
    expect(listed.stdout).not.toContain('Paul Reste');
    expect(listed.stdout).not.toContain('masqué');
    expect(listed.stdout).toContain('Dont 1 message(s) mis à l’écart comme indésirable(s), non notifié(s)');

    const csv = path.join(await mkdtemp(path.join(tmpdir(), 'propllc-gdpr-csv-')), 'ines.csv');
    const exported = await leads(['--email', 'ines.oubli@example.com', '--csv', csv]);
    expect(exported.code, exported.stderr).toBe(0);
    expect(exported.stdout).toContain('4 message(s)');
    const table: string[][] = parse((await readFile(csv, 'utf8')).replace(/^\uFEFF/, ''), { delimiter: ';' });
    expect(table.slice(1).map((row) => row.at(-1))).toContainEqual(expect.stringMatching(/^indésirable\u202f?: trois liens ou plus$/));
    expect(table.slice(1).every((row) => row.includes('ines.oubli@example.com'))).toBe(true);
    expect(table).toHaveLength(5);

    const forgotten = await leads(['--forget', 'Ines.Oubli@Example.com']);
    expect(forgotten.code, forgotten.stderr).toBe(0);
    expect(forgotten.stdout).toContain('Suppression des messages de Ines.Oubli@Example.com\u202f: 4.');

    const traces = (await setup.traces()).join('\n').toLowerCase();
    for (const named of [...mine.map((lead) => lead.id), person.email, person.name.toLowerCase(), person.phone]) {
      expect(traces).not.toContain(named.toLowerCase());
    }
    // Only the other person's lead is left.
    expect(traces).toContain(theirs.id.toLowerCase());
    expect((await setup.store.list()).leads.map((lead) => lead.id)).toEqual([theirs.id]);
  });
});
