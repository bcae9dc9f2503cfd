// @vitest-environment node
/**
 * A person's GDPR requests through `npm run leads` (run in this process: ../fixtures/operator-command.ts), on each lead
 * store written once over its host's driver (src/api/store/lead-store.ts): files (LEADS_DIR),
 * Netlify Blobs (the local server @netlify/blobs ships, reached with `--netlify`) and D1 (the local database of
 * wrangler, `--local --persist-to`). `--email` lists and exports all of that person's messages, those set apart
 * as spam included and marked so; `--forget` then leaves nothing that names them: every file under LEADS_DIR,
 * every key and value of the Blobs store, every row of every D1 table is read back. Another person's lead stays.
 */
import { randomUUID } from 'node:crypto';
import { mkdtemp, readdir, readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parse } from 'csv-parse/sync';
import { afterAll, describe, expect, it } from 'vitest';
import { spamLines } from '../../src/api/contact/spam/lines.ts';
import { spamCaps } from '../../src/api/contact/spam/weights.ts';
import type { Driver } from '../../src/api/store/driver.ts';
import type { StoredLead } from '../../src/api/store/lead.ts';
import { type LeadStore, leadStore } from '../../src/api/store/lead-store.ts';
import type { ContactValues } from '../../src/contact/contact-fields.ts';
import { d1Driver } from '../../src/hosts/cloudflare/d1-driver.ts';
import { wranglerRunner } from '../../src/hosts/cloudflare/wrangler-d1.ts';
import { blobsDriver } from '../../src/hosts/netlify/blobs-driver.ts';
import { blobsStoreName } from '../../src/hosts/netlify/store.ts';
import { filesDriver } from '../../src/hosts/node/files-driver.ts';
import { startBlobs } from '../fixtures/blobs-server.ts';
import { migrate } from '../fixtures/d1-migrate.ts';
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

const over = (driver: Driver) => leadStore(driver, { spamCaps });

const setups: Record<string, () => Promise<Setup>> = {
  files: async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'propllc-gdpr-files-'));
    return { store: over(filesDriver(dir)), args: [], env: { LEADS_DIR: dir }, traces: () => filesInside(dir) };
  },
  blobs: async () => {
    const blobs = await startBlobs();
    stops.push(() => blobs.stop());
    const siteID = `site-${randomUUID()}`;
    const raw = blobs.open(blobsStoreName, siteID);
    const driver = blobsDriver(raw, 'blobs');
    return {
      store: over(driver),
      args: ['--netlify'],
      env: { NETLIFY_SITE_ID: siteID, NETLIFY_AUTH_TOKEN: blobs.token, LEADS_TEST_BLOBS_URL: blobs.url },
      // Every blob of the store, read as it is (keys the driver would refuse included).
      traces: async () => {
        const keys = (await raw.list()).blobs.map((blob) => blob.key);
        return [...keys, ...(await Promise.all(keys.map(async (key) => (await raw.get(key, { type: 'text' })) ?? '')))];
      },
    };
  },
  d1: async () => {
    const persistTo = await mkdtemp(path.join(tmpdir(), 'propllc-gdpr-d1-'));
    // The local database `npm run leads -- --local --persist-to` opens, every migration applied.
    const run = wranglerRunner('--local', persistTo);
    await migrate(run, path.resolve(import.meta.dirname, '../../src/hosts/cloudflare/migrations'));
    return {
      store: over(d1Driver(run, 'D1')),
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
  const add = async (values: ContactValues, when: Date, judged?: Parameters<LeadStore['add']>[2]) => {
    const lead = await store.add(values, when, judged);
    if (!('id' in lead)) throw new Error('not stored');
    return lead;
  };
  const sent = await add(person, at(0));
  await store.record(sent.id, { state: 'sent', at: at(0).toISOString() }, await store.claim(sent, at(0), at(2)));
  const failed = await add(person, at(1));
  await store.record(
    failed.id,
    { state: 'failed', attempts: 1, at: at(1).toISOString(), reason: 'HTTP 400' },
    await store.claim(failed, at(1), at(3)),
  );
  // Failed once, and held right now by a sender.
  const pending = await add(person, at(2));
  await store.record(pending.id, { state: 'pending', attempts: 1, nextAt: at(3).toISOString(), lastReason: 'HTTP 503' });
  const claimed = await store.claim(
    { ...pending, notification: { state: 'pending', attempts: 1, nextAt: at(3).toISOString() } },
    at(4),
    new Date(Date.now() + 2 * minute),
  );
  expect(claimed?.notification).toMatchObject({ state: 'pending', attempts: 1 });
  const spam = await add({ ...person, message: 'Voir https://a.example/1, https://b.example/2 et https://c.example/3' }, at(5), {
    spam: { reasons: ['links'], kind: 'judged' },
  });
  const theirs = await add(other, at(6));
  return { mine: [sent, failed, pending, spam], theirs };
}

describe.each(Object.keys(setups))('a person’s GDPR requests on the %s store', (kind) => {
  it('gives all their messages with --email, those set apart included, then --forget leaves nothing naming them', async () => {
    const setup = await setups[kind]!();
    const { mine, theirs } = await fill(setup.store);
    const leads = (args: string[]) => runLeads([...setup.args, ...args], setup.env);

    const listed = await leads(['--email', 'INES.OUBLI@example.com']);
    expect(listed.code, listed.stderr).toBe(0);
    const rows = listed.stdout.split('\n').filter((line) => line.includes('ines.oubli@example.com'));
    expect(rows).toHaveLength(4);
    expect(rows.filter((line) => line.endsWith(`indésirable\u202f: ${spamLines.reasons.links}`))).toHaveLength(1);
    expect(listed.stdout).not.toContain('Paul Reste');
    expect(listed.stdout).not.toContain('masqué');
    expect(listed.stdout).toContain('Dont 1 message(s) mis à l’écart comme indésirable(s), non notifié(s)');

    const csv = path.join(await mkdtemp(path.join(tmpdir(), 'propllc-gdpr-csv-')), 'ines.csv');
    const exported = await leads(['--email', 'ines.oubli@example.com', '--csv', csv]);
    expect(exported.code, exported.stderr).toBe(0);
    expect(exported.stdout).toContain('4 message(s)');
    const table: string[][] = parse((await readFile(csv, 'utf8')).replace(/^\uFEFF/, ''), { delimiter: ';' });
    expect(table.slice(1).map((row) => row.at(-1))).toContainEqual(`indésirable\u202f: ${spamLines.reasons.links}`);
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
