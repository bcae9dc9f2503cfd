// @vitest-environment node
/**
 * The delivery's record and `npm run leads -- --retry` on each lead store: files (LEADS_DIR), Netlify Blobs (the
 * local server @netlify/blobs ships, reached by the command as Netlify's API) and D1 (the local database of
 * `wrangler d1 migrations apply --local`, read through wrangler as `npm run leads -- --local` reads it).
 * What is checked: of two senders opening or ending one incident, one only does; a lead a sender holds is
 * waited for, never taken from it; the command's `--retry` forms and what the list shows (the incident above
 * the table, « non notifié (stockage seul) »).
 */
import { execFile } from 'node:child_process';
import { cp, mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { getStore } from '@netlify/blobs';
import { BlobsServer } from '@netlify/blobs/server';
import { afterAll, describe, expect, it } from 'vitest';
import { wranglerRunner } from '../../src/hosts/cloudflare/wrangler-d1.ts';
import { parisDay } from '../../src/content/french-date.ts';
import { retryOne } from '../../ops/leads/inbox.ts';
import { blobsLeadStore, blobsStoreName } from '../../src/hosts/netlify/blobs-store.ts';
import { d1LeadStore } from '../../src/hosts/cloudflare/d1-store.ts';
import { filesLeadStore } from '../../src/hosts/node/files-store.ts';
import { leadsWriter } from '../../src/hosts/node/files-folder.ts';
import { type DeliveryStatusChange, type LeadStore, leadId, type StoredLead } from '../../src/api/store/lead-store.ts';
import type { ContactValues } from '../../src/contact/contact-fields.ts';
import { validLead } from '../fixtures/visitor.ts';
import { runLeads } from './run-script.ts';

const root = path.resolve(import.meta.dirname, '../..');
const day = 86_400_000;
const minute = 60_000;
const stops: (() => Promise<unknown>)[] = [];
afterAll(async () => {
  for (const stop of stops) await stop();
});

interface Opened {
  /** Two handles on one store, as two isolates or instances have. */
  store: LeadStore;
  other: LeadStore;
  /** `npm run leads` over this store. */
  leads: (args: string[]) => ReturnType<typeof runLeads>;
  /** A lead received at `at` (the files store names a new lead by the time it is written: it is written so here). */
  addAt: (message: ContactValues, at: Date) => Promise<StoredLead>;
}

const token = 'jeton';
const siteID = 'site-de-test';

let d1Template: Promise<string> | undefined;

const stores: Record<string, () => Promise<Opened>> = {
  files: async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'propllc-delivery-files-'));
    const store = filesLeadStore(dir);
    return {
      store,
      other: filesLeadStore(dir),
      leads: (args) => runLeads(args, { LEADS_DIR: dir }),
      addAt: async (message, at) => {
        const id = leadId(at);
        await leadsWriter(dir)(message, id);
        const lead = (await store.list()).leads.find((found) => found.id === id);
        if (!lead) throw new Error(`${id} not written`);
        return lead;
      },
    };
  },
  blobs: async () => {
    const server = new BlobsServer({ directory: await mkdtemp(path.join(tmpdir(), 'propllc-delivery-blobs-')), token, port: 0 });
    const edgeURL = `http://127.0.0.1:${(await server.start()).port}`;
    stops.push(() => server.stop());
    const open = () =>
      blobsLeadStore(getStore({ name: blobsStoreName, edgeURL, uncachedEdgeURL: edgeURL, token, siteID, consistency: 'strong' }));
    const store = open();
    return {
      store,
      other: open(),
      addAt: (message, at) => store.add(message, at),
      leads: (args) =>
        runLeads(['--netlify', ...args], {
          NETLIFY_SITE_ID: siteID,
          NETLIFY_AUTH_TOKEN: token,
          LEADS_TEST_BLOBS_URL: edgeURL,
        }),
    };
  },
  d1: async () => {
    // Migrated once, then copied: each test gets a database of its own without running wrangler's migrations again.
    d1Template ??= (async () => {
      const template = await mkdtemp(path.join(tmpdir(), 'propllc-delivery-d1-template-'));
      // Wrangler's own script, run by this Node (`npx` would start npm first).
      await promisify(execFile)(
        process.execPath,
        [
          path.join(root, 'node_modules/wrangler/bin/wrangler.js'),
          'd1',
          'migrations',
          'apply',
          'propllc-leads',
          '--local',
          '--persist-to',
          template,
        ],
        {
          cwd: root,
          env: { ...process.env, CI: 'true', WRANGLER_SEND_METRICS: 'false' },
        },
      );
      return template;
    })();
    const persistTo = await mkdtemp(path.join(tmpdir(), 'propllc-delivery-d1-'));
    await cp(await d1Template, persistTo, { recursive: true });
    const runner = wranglerRunner('--local', persistTo);
    const store = d1LeadStore(runner);
    return {
      store,
      addAt: (message, at) => store.add(message, at),
      other: d1LeadStore(runner),
      leads: (args) => runLeads(['--local', '--persist-to', persistTo, ...args]),
    };
  },
};

const openIncident =
  (at: Date): DeliveryStatusChange =>
  (current) =>
    current.pause
      ? undefined
      : {
          ...current,
          pause: {
            since: at.toISOString(),
            delivery: 'webhook',
            reason: 'HTTP 404',
            failures: 1,
            nextAt: new Date(at.getTime() + minute).toISOString(),
          },
        };
const endIncident: DeliveryStatusChange = (current) => (current.pause ? { ...current, pause: undefined } : undefined);

const failed = (store: LeadStore, lead: StoredLead, at: Date) =>
  store.record(lead.id, { state: 'failed', attempts: 1, at: at.toISOString(), reason: 'HTTP 400' });

describe.each(Object.keys(stores))('the %s store', { timeout: 240_000 }, (kind) => {
  it('keeps one delivery record: of two senders opening or ending one incident, one only does', async () => {
    const { store, other } = await stores[kind]!();
    expect(await store.deliveryStatus?.()).toEqual({});
    const now = new Date();
    const opens = (results: { before: { pause?: unknown }; after: { pause?: unknown } }[]) =>
      results.filter(({ before, after }) => !before.pause && after.pause).length;
    const ends = (results: { before: { pause?: unknown }; after: { pause?: unknown } }[]) =>
      results.filter(({ before, after }) => before.pause && !after.pause).length;
    // One after the other: the second handle finds the incident open.
    expect(opens([await store.updateDeliveryStatus!(openIncident(now)), await other.updateDeliveryStatus!(openIncident(now))])).toBe(
      1,
    );
    expect((await other.deliveryStatus?.())?.pause).toMatchObject({ reason: 'HTTP 404', failures: 1, since: now.toISOString() });

    // Store-only mode is noted beside it, and each part changes without losing the other.
    await store.updateDeliveryStatus!((current) => ({ ...current, storeOnly: now.toISOString() }));
    expect(ends([await other.updateDeliveryStatus!(endIncident), await store.updateDeliveryStatus!(endIncident)])).toBe(1);
    expect(await store.deliveryStatus?.()).toEqual({ storeOnly: now.toISOString() });

    // At the same time: whatever the order, one opens and one ends. (Not on the local server of @netlify/blobs,
    // whose conditional writes check, then write, in two steps; Netlify's own service does both at once.)
    if (kind === 'blobs') return;
    const handles = [store, other, store, other];
    expect(opens(await Promise.all(handles.map((handle) => handle.updateDeliveryStatus!(openIncident(now)))))).toBe(1);
    expect(ends(await Promise.all(handles.map((handle) => handle.updateDeliveryStatus!(endIncident))))).toBe(1);
  });

  it('--retry waits for a sender’s live claim and never clears it; a lead that sender sent is not sent again unless forced', async () => {
    const { store, other } = await stores[kind]!();
    const held = await store.add(validLead({ name: 'Jeanne Tenue' }), new Date());
    const second = await store.add(validLead({ name: 'Paul Envoyé' }), new Date());
    // Both due by then.
    const start = Date.now() + 1000;
    expect(await other.claim(held, new Date(start), new Date(start + 2 * minute))).toBeDefined();

    // The sender holds it past the wait: nothing changes, and its claim still keeps any other sender out.
    let clock = start;
    const waits: number[] = [];
    const options = {
      now: () => new Date(clock),
      sleep: async (ms: number) => {
        clock += ms;
      },
      onWait: () => waits.push(clock),
    };
    expect(await retryOne(store, held.id, options)).toEqual({ kind: 'claimed' });
    expect(waits).toHaveLength(1);
    expect(clock - start).toBeGreaterThanOrEqual(30_000);
    expect(await store.claim(held, new Date(start + 1000), new Date(start + 3 * minute))).toBeUndefined();

    // The sender finishes (it sent the lead) while --retry waits: --retry sees it sent and leaves it.
    clock = start;
    const claimed = await other.claim(second, new Date(start), new Date(start + 2 * minute));
    expect(claimed).toBeDefined();
    const finishing = {
      ...options,
      sleep: async (ms: number) => {
        clock += ms;
        await other.record(second.id, { state: 'sent', at: new Date(clock).toISOString() }, claimed);
      },
    };
    expect(await retryOne(store, second.id, finishing)).toEqual({ kind: 'alreadySent' });
    expect((await store.list()).leads.find((lead) => lead.id === second.id)?.notification.state).toBe('sent');
    const forced = await retryOne(store, second.id, { ...options, force: true });
    expect(forced).toMatchObject({ kind: 'retried', lead: { id: second.id, notification: { state: 'pending', attempts: 0 } } });

    // Once the claim has expired (a sender that stopped), --retry takes the lead back.
    clock = start + 3 * minute;
    expect(await retryOne(store, held.id, options)).toMatchObject({
      kind: 'retried',
      lead: { notification: { state: 'pending', attempts: 0 } },
    });
  });

  it('npm run leads -- --retry: every failed lead, or those received since a day; one lead, refused when sent unless --force', async () => {
    const { store, leads, addAt } = await stores[kind]!();
    const now = new Date();
    const old = await addAt(validLead({ name: 'Ancienne Échec', email: 'a@example.com' }), new Date(now.getTime() - 3 * day));
    const recent = await store.add(validLead({ name: 'Récente Échec', email: 'r@example.com' }), new Date(now.getTime() - 1000));
    const sent = await store.add(validLead({ name: 'Déjà Envoyée', email: 's@example.com' }), new Date(now.getTime() - 2000));
    await failed(store, old, now);
    await failed(store, recent, now);
    await store.record(sent.id, { state: 'sent', at: now.toISOString() });

    const today = parisDay(new Date(now.getTime() - 1000));
    const since = await leads(['--retry', '--depuis', today]);
    expect(since.stderr).toBe('');
    expect(since.code).toBe(0);
    expect(since.stdout.trimEnd().split('\n')).toEqual([
      `  remis «\u202fà notifier\u202f»\u202f: ${recent.id}`,
      expect.stringMatching(/^Messages en échec reçus depuis le .+ remis «\u202fà notifier\u202f»\u202f: 1\u202f; /),
    ]);
    const all = await leads(['--retry']);
    expect(all.stdout.trimEnd().split('\n')).toEqual([
      `  remis «\u202fà notifier\u202f»\u202f: ${old.id}`,
      expect.stringMatching(/^Messages en échec remis «\u202fà notifier\u202f»\u202f: 1\u202f; /),
    ]);
    const states = Object.fromEntries((await store.list()).leads.map((lead) => [lead.name, lead.notification.state]));
    expect(states).toEqual({ 'Ancienne Échec': 'pending', 'Récente Échec': 'pending', 'Déjà Envoyée': 'sent' });

    const refused = await leads(['--retry', sent.id]);
    expect(refused.code).toBe(1);
    expect(refused.stderr.trim()).toBe(
      `Le message ${sent.id} a déjà été envoyé\u202f: rien n’a été changé. Pour l’envoyer une seconde fois, ajoutez --force.`,
    );
    expect((await store.list()).leads.find((lead) => lead.id === sent.id)?.notification.state).toBe('sent');
    const forced = await leads(['--retry', sent.id, '--force']);
    expect(forced.code).toBe(0);
    expect((await store.list()).leads.find((lead) => lead.id === sent.id)?.notification).toMatchObject({
      state: 'pending',
      attempts: 0,
    });

    // The options themselves are checked before any store is opened: once is enough.
    if (kind !== 'files') return;
    for (const wrong of [
      ['--force'],
      ['--retry', '--force'],
      ['--retry', sent.id, '--depuis', today],
      ['--retry', '--depuis', '2026-13-01'],
      ['--depuis', today],
    ]) {
      const result = await leads(wrong);
      expect(result.code, wrong.join(' ')).toBe(2);
      expect(result.stderr).toMatch(/^Usage\u202f: .*--retry \[RÉFÉRENCE \[--force\] \| --depuis AAAA-MM-JJ\]/);
    }
  });

  it('npm run leads shows an incident above the table, and « non notifié (stockage seul) » in store-only mode', async () => {
    const { store, leads } = await stores[kind]!();
    const now = new Date();
    await store.add(validLead({ name: 'Jeanne Attente' }), new Date(now.getTime() - 1000));
    await store.updateDeliveryStatus!(openIncident(new Date('2026-11-24T09:00:00Z')));
    const paused = await leads([]);
    expect(paused.code).toBe(0);
    const lines = paused.stdout.split('\n');
    expect(lines[0]).toMatch(
      /^Livraison en panne\u202f: HTTP 404 \(webhook, depuis le 24\/11\/2026 10:00\u202f; prochain essai à 10:01\)\. Les messages attendent/,
    );
    expect(lines[2]).toMatch(/^Date +Nom/);
    expect(lines[3]).toMatch(/ à notifier \(essai 1, prochain à \d{2}:\d{2}\)$/);

    await store.updateDeliveryStatus!(endIncident);
    await store.updateDeliveryStatus!((current) => ({ ...current, storeOnly: now.toISOString() }));
    const storeOnly = await leads([]);
    expect(storeOnly.stdout.split('\n')[0]).toMatch(/^Date +Nom/);
    expect(storeOnly.stdout.split('\n')[1]).toMatch(/ non notifié \(stockage seul\)$/);
    expect(storeOnly.stdout.trimEnd().split('\n').at(-1)).toMatch(
      /^Messages\u202f: 1, dont 1 non notifié\(s\) \(stockage seul\u202f: aucun email ni webhook n’est réglé\) et 0 en échec \(/,
    );
  });
});
