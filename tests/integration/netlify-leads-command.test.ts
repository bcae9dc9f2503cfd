// @vitest-environment node
/**
 * `npm run leads -- --netlify` (in this process: ../fixtures/operator-command.ts), over the local Netlify Blobs server of @netlify/blobs
 * ships, reached the way the command reaches Netlify: its API, with the site id and token the
 * Netlify CLI uses (NETLIFY_SITE_ID, NETLIFY_AUTH_TOKEN). The local server is given by a setting for the tests
 * only (LEADS_TEST_BLOBS_URL), reached as an edge, not through its API route: that route reads `?prefix=` into
 * the store's name (its pattern `[^/]+`), so a listing through it is always empty.
 * The scheduled function that purges the store by itself once a day is tested here too, configured as Netlify
 * configures a function (NETLIFY_BLOBS_CONTEXT). The local server is tests/fixtures/blobs-server.ts's; each case
 * takes a site of its own.
 */
import { runLeads, runScript } from './run-script.ts';
import { randomUUID } from 'node:crypto';
import { mkdtemp, readFile, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parse } from 'csv-parse/sync';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { spamCaps } from '../../src/api/contact/spam/weights.ts';
import { audienceStore } from '../../src/api/store/audience-store.ts';
import { leadStore } from '../../src/api/store/lead-store.ts';
import { audienceBlobsStoreName, bounds as audienceBounds } from '../../src/contact/audience-settings.ts';
import type { ContactValues } from '../../src/contact/contact-fields.ts';
import { blobsDriver } from '../../src/hosts/netlify/blobs-driver.ts';
import { blobsStoreName } from '../../src/hosts/netlify/store.ts';
import { type LocalBlobs, startBlobs } from '../fixtures/blobs-server.ts';
import { validLead } from '../fixtures/visitor.ts';

const day = 24 * 60 * 60 * 1000;

let blobs: LocalBlobs;
let work = '';
/** A site of its own for each case: its stores start empty. */
let siteID = '';

beforeAll(async () => {
  work = await mkdtemp(path.join(tmpdir(), 'propllc-netlify-inbox-'));
  blobs = await startBlobs();
});
afterAll(async () => {
  await blobs.stop();
});

const store = () => leadStore(blobsDriver(blobs.open(blobsStoreName, siteID), 'test'), { spamCaps });

const jeanne = validLead({ name: 'Jeanne Martin', email: 'jeanne@example.com' });
const old = validLead({ name: 'Ancien Contact', email: 'ancien@example.com' });
// Stored before the input refused control characters: the OSC 52 sequence sets the operator's clipboard.
const eve = validLead({ name: 'Eve\u001b]52;c;cm0gLXJmIH4=\u0007', email: 'eve@example.com' });

beforeEach(async () => {
  siteID = `site-${randomUUID()}`;
  const leads = store();
  const add = async (values: ContactValues, at: Date) => {
    if (!('id' in (await leads.add(values, at)))) throw new Error('not stored');
  };
  await add(jeanne, new Date(Date.now() - day));
  await add(eve, new Date(Date.now() - 2 * day));
  await add(old, new Date(Date.now() - 4 * 366 * day));
});

const leads = (args: string[], env: Record<string, string> = {}) =>
  runLeads(['--netlify', ...args], {
    NETLIFY_SITE_ID: siteID,
    NETLIFY_AUTH_TOKEN: blobs.token,
    LEADS_TEST_BLOBS_URL: blobs.url,
    ...env,
  });

// biome-ignore lint/suspicious/noControlCharactersInRegex: what a terminal would act on.
const actedOn = /[\u0000-\u0009\u000b-\u001f\u007f-\u009f]/;

describe('npm run leads -- --netlify, over the site’s Netlify Blobs store', () => {
  it('lists the leads newest first, visitor text escaped, and names the store', async () => {
    const { code, stdout, stderr } = await leads([]);
    expect(stderr).toBe('');
    expect(code).toBe(0);
    expect(stdout).not.toMatch(actedOn);
    const lines = stdout.trimEnd().split('\n');
    expect(lines[0]).toMatch(/^Date +Nom +Email +Téléphone +Message +Notification$/);
    expect(lines.slice(1, 4).map((line) => line.split(/ {2,}/)[2])).toEqual([jeanne.email, eve.email, old.email]);
    expect(lines[2]).toContain('Eve\\x1b]52;c;cm0gLXJmIH4=\\x07');
    expect(lines.at(-1)).toBe(
      `Messages\u202f: 3, dont 3 à notifier et 0 en échec (magasin Netlify Blobs «\u202fleads\u202f» du site ${siteID}).`,
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
    const audience = audienceStore(blobsDriver(blobs.open(audienceBlobsStoreName, siteID), 'test'));
    const bounds = { ...audienceBounds, viewsPerVisitor: 9, viewsPerAddress: 9 };
    await audience.addView({ day: '2026-11-20', visitor: 'v1', address: 'a1', page: '/' }, bounds);
    await audience.addView({ day: '2026-11-20', visitor: 'v1', address: 'a1', page: '/contact' }, bounds);
    await audience.addLead('2026-11-20');
    const settings = { NETLIFY_SITE_ID: siteID, NETLIFY_AUTH_TOKEN: blobs.token, LEADS_TEST_BLOBS_URL: blobs.url };
    const args = ['--netlify', '--json', '--since', '2026-11-20', '--until', '2026-11-20'];
    const { code, stdout } = await runScript('ops/stats/stats.ts', args, settings);
    expect(code).toBe(0);
    expect(JSON.parse(stdout)).toMatchObject({ visitors: 1, pageviews: 2, reachedContact: 1, leads: 1 });
    const noToken = await runScript('ops/stats/stats.ts', args, { ...settings, NETLIFY_AUTH_TOKEN: '' });
    expect(noToken.code).toBe(2);
    expect(noToken.stderr).toContain('NETLIFY_AUTH_TOKEN');
  });
});

describe('Netlify: the scheduled function purges the store by itself, once a day', () => {
  it('deletes the leads past the retention period, logs the count, keeps the others', async () => {
    const context = { edgeURL: blobs.url, uncachedEdgeURL: blobs.url, token: blobs.token, siteID };
    vi.stubEnv('NETLIFY_BLOBS_CONTEXT', Buffer.from(JSON.stringify(context)).toString('base64'));
    vi.stubEnv('CONTACT_STORE', 'blobs');
    const log = vi.spyOn(console, 'log').mockImplementation(() => undefined);
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    try {
      // A new instance, made from this environment.
      vi.resetModules();
      const { default: scheduled, config } = await import('../../netlify/functions/scheduled.ts');
      expect(config.schedule).toBe('* * * * *');
      expect((await scheduled()).status).toBe(204);
      const purged = (line: unknown) =>
        /^Purge automatique, suppression des messages reçus avant le .*\u202f: 1 \(/.test(String(line));
      expect(log.mock.calls.filter(([line]) => purged(line))).toHaveLength(1);
      expect((await store().list()).leads.map((lead) => lead.email)).toEqual([jeanne.email, eve.email]);
      // Every minute it runs again: the day's purge is done, kept in the store.
      expect((await scheduled()).status).toBe(204);
      expect(log.mock.calls.filter(([line]) => String(line).startsWith('Purge automatique'))).toHaveLength(1);
    } finally {
      vi.unstubAllEnvs();
      log.mockRestore();
      error.mockRestore();
    }
  });
});
