// @vitest-environment node
/**
 * The drivers' contract (tests/fixtures/driver-contract.ts) over each host's own driver, opened as the host and
 * `npm run leads` open it: the files of a folder (Node), the `kv` table of D1 (the local databases of wrangler.toml's
 * bindings, as `npm run leads -- --local` opens them, every migration applied) and a Netlify Blobs store (the local
 * server @netlify/blobs ships). The leads and memories written once over the driver get every case on every host;
 * a new host gets them with its row here. For files, what is on disk too: private, one file per entry.
 */
import { randomUUID } from 'node:crypto';
import { mkdtemp, readdir, readFile, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { leadStore } from '../../src/api/store/lead-store.ts';
import { audienceBinding } from '../../src/contact/audience-settings.ts';
import { d1Driver, type SqlRunner } from '../../src/hosts/cloudflare/d1-driver.ts';
import { d1Binding } from '../../src/hosts/cloudflare/store.ts';
import { openLocalD1 } from '../../src/hosts/cloudflare/wrangler-d1.ts';
import { blobsDriver } from '../../src/hosts/netlify/blobs-driver.ts';
import { filesDriver } from '../../src/hosts/node/files-driver.ts';
import { type LocalBlobs, startBlobs } from '../fixtures/blobs-server.ts';
import { driverContract } from '../fixtures/driver-contract.ts';
import { migrate } from '../fixtures/d1-migrate.ts';
import { validLead } from '../fixtures/visitor.ts';

const root = path.resolve(import.meta.dirname, '../..');
const tempDir = (name: string) => mkdtemp(path.join(tmpdir(), `propllc-contract-${name}-`));

driverContract('files', async () => {
  const dir = await tempDir('files');
  return { driver: filesDriver(dir), other: filesDriver(dir) };
});

describe('the files driver on disk', () => {
  it('one private JSON file per entry under LEADS_DIR, in private folders', async () => {
    const dir = await tempDir('disk');
    const lead = await leadStore(filesDriver(dir), { spamCaps: { honeypot: 1, markup: 1, judged: 1 } }).add(validLead(), new Date());
    if (!('id' in lead)) throw new Error('not stored');
    const file = path.join(dir, 'lead', `${lead.id}.json`);
    expect(JSON.parse(await readFile(file, 'utf8'))).toMatchObject(validLead());
    expect((await stat(file)).mode & 0o777).toBe(0o600);
    expect((await stat(path.join(dir, 'lead'))).mode & 0o777).toBe(0o700);
    // No temporary file or lock is left behind.
    expect((await readdir(path.join(dir, 'lead'))).filter((name) => name.startsWith('.'))).toEqual([]);
  });
});

let blobs: LocalBlobs | undefined;
beforeAll(async () => {
  blobs = await startBlobs();
});
afterAll(async () => {
  await blobs?.stop();
});

driverContract('Netlify Blobs', async () => {
  if (!blobs) throw new Error('Blobs not started');
  // A site of its own per case: the local server keeps each site's stores apart.
  const siteID = `site-${randomUUID()}`;
  return { driver: blobsDriver(blobs.open('leads', siteID), 'blobs'), other: blobsDriver(blobs.open('leads', siteID), 'blobs') };
});

let d1: { run: SqlRunner; dispose: () => Promise<void> } | undefined;
beforeAll(async () => {
  const local = await openLocalD1(await tempDir('d1'));
  const run = local.runner(d1Binding);
  await migrate(run, path.join(root, 'src/hosts/cloudflare/migrations'));
  await migrate(local.runner(audienceBinding), path.join(root, 'src/hosts/cloudflare/migrations-audience'));
  d1 = { run, dispose: () => local.dispose() };
});
afterAll(async () => {
  await d1?.dispose();
});

driverContract('D1', async () => {
  if (!d1) throw new Error('D1 not started');
  await d1.run('DELETE FROM kv', []);
  return { driver: d1Driver(d1.run, 'D1'), other: d1Driver(d1.run, 'D1') };
});
