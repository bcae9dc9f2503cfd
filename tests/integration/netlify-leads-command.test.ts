// @vitest-environment node
/**
 * `npm run leads -- --netlify`, run as a real process, over the local Netlify Blobs server that @netlify/blobs
 * ships (`BlobsServer`), reached the way the command reaches Netlify: its API, with the site id and token the
 * Netlify CLI uses (NETLIFY_SITE_ID, NETLIFY_AUTH_TOKEN). The local server is given by a setting for the tests
 * only (LEADS_TEST_BLOBS_URL), reached as an edge, not through its API route: that route reads `?prefix=` into
 * the store's name (its pattern `[^/]+`), so a listing through it is always empty.
 * The daily scheduled function that purges the store by itself is tested here too, configured as Netlify
 * configures a function (NETLIFY_BLOBS_CONTEXT).
 */
import { runLeads, runScript } from './run-script.ts';
import { mkdtemp, readFile, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { getStore } from '@netlify/blobs';
import { BlobsServer } from '@netlify/blobs/server';
import { parse } from 'csv-parse/sync';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { audienceBlobsStoreName, bounds as audienceBounds } from '../../src/contact/audience-settings.ts';
import { blobsAudienceStore } from '../../src/hosts/netlify/audience-blobs-store.ts';
import { blobsLeadStore, blobsStoreName } from '../../src/hosts/netlify/blobs-store.ts';
import { validLead } from '../fixtures/visitor.ts';

const token = 'jeton-de-test';
const siteID = 'site-de-test';
const day = 24 * 60 * 60 * 1000;

let blobs: BlobsServer;
let edgeURL = '';
let work = '';

beforeAll(async () => {
  work = await mkdtemp(path.join(tmpdir(), 'propllc-netlify-inbox-'));
  blobs = new BlobsServer({ directory: path.join(work, 'blobs'), token, port: 0 });
  edgeURL = `http://127.0.0.1:${(await blobs.start()).port}`;
});
afterAll(async () => {
  await blobs.stop();
});

const store = () =>
  blobsLeadStore(getStore({ name: blobsStoreName, siteID, token, edgeURL, uncachedEdgeURL: edgeURL, consistency: 'strong' }));

const jeanne = validLead({ name: 'Jeanne Martin', email: 'jeanne@example.com' });
const old = validLead({ name: 'Ancien Contact', email: 'ancien@example.com' });
// Stored before the input refused control characters: the OSC 52 sequence sets the operator's clipboard.
const eve = validLead({ name: 'Eve\u001b]52;c;cm0gLXJmIH4=\u0007', email: 'eve@example.com' });

beforeEach(async () => {
  const leads = store();
  for (const lead of (await leads.list()).leads) await leads.forget(lead.email);
  await leads.add(jeanne, new Date(Date.now() - day));
  await leads.add(eve, new Date(Date.now() - 2 * day));
  await leads.add(old, new Date(Date.now() - 4 * 366 * day));
});

const leads = (args: string[], env: Record<string, string> = {}) =>
  runLeads(['--netlify', ...args], {
    NETLIFY_SITE_ID: siteID,
    NETLIFY_AUTH_TOKEN: token,
    LEADS_TEST_BLOBS_URL: edgeURL,
    ...env,
  });

// biome-ignore lint/suspicious/noControlCharactersInRegex: what a terminal would act on.
const actedOn = /[\u0000-\u0009\u000b-\u001f\u007f-\u009f]/;

describe('npm run leads -- --netlify, over the site’s Netlify Blobs store', { timeout: 60_000 }, () => {
  it('lists the leads newest first, visitor text escaped, and names the store', async () => {
    const { code, stdout, stderr } = await leads([]);
    expect(stderr).toBe('');
    expect(code).toBe(0);
    expect(stdout).not.toMatch(actedOn);
    const lines = stdout.trimEnd().split('\n');
    expect(lines[0]).toMatch(/^Date +Nom +Email +Téléphone +Message +Notification$/);
    expect(lines.slice(1, 4).map((line) => line.split(/ {2,}/)[2])).toEqual([jeanne.email, eve.email, old.email]);
    expect(lines[2]).toContain('Eve\\x1b]52;c;cm0gLXJmIH4=\\x07');
    expect(lines.at(-1)).toMatch(
      /^Messages\u202f: 3, dont \d à notifier et \d en échec \(magasin Netlify Blobs «\u202fleads\u202f» du site site-de-test\)\.$/,
    );
  });

  it('exports a new CSV file, 0600, one person’s leads only with --email', async () => {
    const file = path.join(work, `export-${Date.now()}.csv`);
    const { code, stdout } = await leads(['--email', 'JEANNE@example.com', '--csv', file]);
    expect(code).toBe(0);
    expect(stdout.trim()).toBe(`Export CSV écrit dans ${file}\u202f: 1 message(s).`);
    expect((await stat(file)).mode & 0o777).toBe(0o600);
    const rows: string[][] = parse(await readFile(file), { bom: true, delimiter: ';' });
    expect(rows.map((row) => row.slice(1, 3))).toEqual([
      ['Nom', 'Email'],
      [jeanne.name, jeanne.email],
    ]);
  });

  it('forgets a person: deleted from the store, and says so', async () => {
    const { code, stdout } = await leads(['--forget', 'Eve@Example.com']);
    expect(code).toBe(0);
    expect(stdout).not.toMatch(actedOn);
    expect(stdout).toMatch(/supprimé\u202f: .*, Eve\\x1b\]52;c;cm0gLXJmIH4=\\x07 <eve@example\.com>/);
    expect(stdout.trim().split('\n').at(-1)).toBe('Suppression des messages de Eve@Example.com\u202f: 1.');
    expect((await store().list()).leads.map((lead) => lead.email)).toEqual([jeanne.email, old.email]);
  });

  it('purges the leads past the retention period, and only those', async () => {
    const { code, stdout } = await leads(['--purge']);
    expect(code).toBe(0);
    expect(stdout).toContain('Ancien Contact <ancien@example.com>');
    expect(stdout.trim().split('\n').at(-1)).toMatch(/^Suppression des messages reçus avant le .*\u202f: 1 \(durée de conservation/);
    expect((await store().list()).leads.map((lead) => lead.email)).toEqual([jeanne.email, eve.email]);
  });

  it('names the missing Netlify CLI setting in French and exits with 2', async () => {
    const noSite = await leads([], { NETLIFY_SITE_ID: '' });
    expect(noSite.code).toBe(2);
    expect(noSite.stderr.trim()).toBe(
      '--netlify\u202f: le réglage NETLIFY_SITE_ID manque (le même que pour l’outil en ligne de commande de Netlify\u202f: voir docs/operations.md).',
    );
    const noToken = await leads([], { NETLIFY_AUTH_TOKEN: ' ' });
    expect(noToken.code).toBe(2);
    expect(noToken.stderr).toContain('NETLIFY_AUTH_TOKEN');
    const wrongToken = await leads([], { NETLIFY_AUTH_TOKEN: 'faux' });
    expect(wrongToken.code).toBe(1);
    expect(wrongToken.stderr).toContain('Impossible d’atteindre les messages (magasin Netlify Blobs');
  });

  it('npm run stats -- --netlify reads the audience’s own store, with the same settings', async () => {
    // The audience's own store, never the leads'.
    const audience = blobsAudienceStore(
      getStore({ name: audienceBlobsStoreName, siteID, token, edgeURL, uncachedEdgeURL: edgeURL, consistency: 'strong' }),
    );
    const bounds = { ...audienceBounds, viewsPerVisitor: 9, viewsPerAddress: 9 };
    await audience.addView({ day: '2026-11-20', visitor: 'v1', address: 'a1', page: '/' }, bounds);
    await audience.addView({ day: '2026-11-20', visitor: 'v1', address: 'a1', page: '/contact' }, bounds);
    await audience.addLead('2026-11-20');
    const settings = { NETLIFY_SITE_ID: siteID, NETLIFY_AUTH_TOKEN: token, LEADS_TEST_BLOBS_URL: edgeURL };
    const args = ['--netlify', '--json', '--since', '2026-11-20', '--until', '2026-11-20'];
    const { code, stdout } = await runScript('ops/stats/stats.ts', args, settings);
    expect(code).toBe(0);
    expect(JSON.parse(stdout)).toMatchObject({ visitors: 1, pageviews: 2, reachedContact: 1, leads: 1 });
    const noToken = await runScript('ops/stats/stats.ts', args, { ...settings, NETLIFY_AUTH_TOKEN: '' });
    expect(noToken.code).toBe(2);
    expect(noToken.stderr).toContain('NETLIFY_AUTH_TOKEN');
  });
});

describe('Netlify: the daily scheduled function purges the store by itself', () => {
  it('deletes the leads past the retention period, logs the count, keeps the others', async () => {
    const context = { edgeURL, uncachedEdgeURL: edgeURL, token, siteID };
    vi.stubEnv('NETLIFY_BLOBS_CONTEXT', Buffer.from(JSON.stringify(context)).toString('base64'));
    vi.stubEnv('CONTACT_STORE', 'blobs');
    const log = vi.spyOn(console, 'log').mockImplementation(() => undefined);
    try {
      const { default: contactPurge, config } = await import('../../netlify/functions/contact-purge.ts');
      expect(config.schedule).toBe('@daily');
      expect((await contactPurge()).status).toBe(204);
      expect(log).toHaveBeenCalledWith(
        expect.stringMatching(/^Purge automatique, suppression des messages reçus avant le .*\u202f: 1 \(/),
      );
      expect((await store().list()).leads.map((lead) => lead.email)).toEqual([jeanne.email, eve.email]);
    } finally {
      vi.unstubAllEnvs();
      log.mockRestore();
    }
  });
});
