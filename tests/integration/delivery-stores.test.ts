// @vitest-environment node
/**
 * The delivery's record (src/api/store/delivery-status.ts), the incidents the API opens in it and `npm run leads` (in
 * this process: ../fixtures/operator-command.ts) on each lead store, written once over its host's driver: files
 * (LEADS_DIR), Netlify Blobs (the local server @netlify/blobs ships, its conditional writes made atomic as Netlify's
 * by ../fixtures/blobs-server.ts, reached by the command as Netlify's API with `--netlify`) and D1 (the local
 * database of wrangler, every migration applied, read as `npm run leads -- --local --persist-to` reads it).
 * What is checked: of two senders opening or ending one incident, one only does; two senders whose leads a target
 * refuses one after the other open one incident, and the first lead goes back; a target that redirects opens a
 * `redirect` incident the list names; a lead a sender holds is waited for, never taken from it; the command's
 * `--retry` forms and what the list shows (the incident above the table, « non notifié (stockage seul) »).
 */
import { randomUUID } from 'node:crypto';
import { mkdtemp, readdir, readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { retryOne } from '../../ops/leads/inbox.ts';
import { leadsLines } from '../../ops/leads/lines.ts';
import { parisDateTime, parisTime } from '../../src/api/contact/notify.ts';
import { spamCaps } from '../../src/api/contact/spam/weights.ts';
import { type DeliveryStatusChange, type DeliveryStatusStore, deliveryStatusStore } from '../../src/api/store/delivery-status.ts';
import type { Driver } from '../../src/api/store/driver.ts';
import type { StoredLead } from '../../src/api/store/lead.ts';
import { type LeadStore, leadStore } from '../../src/api/store/lead-store.ts';
import type { ContactValues } from '../../src/contact/contact-fields.ts';
import type { LeadStoreKind } from '../../src/contact/lead-stores.ts';
import { fillTemplate } from '../../src/content/template.ts';
import { parisDay } from '../../src/content/french-date.ts';
import { d1Driver, type SqlRunner } from '../../src/hosts/cloudflare/d1-driver.ts';
import { wranglerRunner } from '../../src/hosts/cloudflare/wrangler-d1.ts';
import { blobsDriver } from '../../src/hosts/netlify/blobs-driver.ts';
import { blobsStoreName } from '../../src/hosts/netlify/store.ts';
import { filesDriver } from '../../src/hosts/node/files-driver.ts';
import { testApi } from '../fixtures/api.ts';
import { type LocalBlobs, startBlobs } from '../fixtures/blobs-server.ts';
import { validLead } from '../fixtures/visitor.ts';
import { runLeads } from './run-script.ts';
import { namesOf, webhookStandIn } from './webhook-stand-in.ts';

const root = path.resolve(import.meta.dirname, '../..');
const day = 86_400_000;
const minute = 60_000;

let blobs: LocalBlobs | undefined;
beforeAll(async () => {
  blobs = await startBlobs();
});
afterAll(async () => {
  await blobs?.stop();
});

/** Applies a folder of migrations statement by statement, as `wrangler d1 migrations apply` would. */
async function migrate(run: SqlRunner, folder: string): Promise<void> {
  for (const name of (await readdir(folder)).filter((file) => file.endsWith('.sql')).sort()) {
    const sql = (await readFile(path.join(folder, name), 'utf8')).replace(/--.*$/gm, '');
    for (const statement of sql.split(';').map((text) => text.trim())) if (statement) await run(statement, []);
  }
}

interface Opened {
  /** Two handles on one store, as two isolates or instances have. */
  driver: Driver;
  other: Driver;
  /** The host whose store it is, and the settings that choose it. */
  host: LeadStoreKind;
  env: Record<string, string>;
  /** `npm run leads` over this store. */
  leads: (args: string[]) => ReturnType<typeof runLeads>;
}

const stores: Record<string, () => Promise<Opened>> = {
  files: async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'propllc-delivery-files-'));
    return {
      driver: filesDriver(dir),
      other: filesDriver(dir),
      host: 'files',
      env: {},
      leads: (args) => runLeads(args, { LEADS_DIR: dir }),
    };
  },
  blobs: async () => {
    if (!blobs) throw new Error('Blobs not started');
    const local = blobs;
    // A site of its own per case: the local server keeps each site's stores apart.
    const siteID = `site-${randomUUID()}`;
    const open = () => blobsDriver(local.open(blobsStoreName, siteID), 'Netlify Blobs');
    return {
      driver: open(),
      other: open(),
      host: 'blobs',
      env: { CONTACT_STORE: 'blobs' },
      leads: (args) =>
        runLeads(['--netlify', ...args], {
          NETLIFY_SITE_ID: siteID,
          NETLIFY_AUTH_TOKEN: local.token,
          LEADS_TEST_BLOBS_URL: local.url,
        }),
    };
  },
  d1: async () => {
    const persistTo = await mkdtemp(path.join(tmpdir(), 'propllc-delivery-d1-'));
    // The local database `npm run leads -- --local --persist-to` opens, every migration applied.
    const run = wranglerRunner('--local', persistTo);
    await migrate(run, path.join(root, 'src/hosts/cloudflare/migrations'));
    return {
      driver: d1Driver(run, 'D1'),
      other: d1Driver(run, 'D1'),
      host: 'd1',
      env: { CONTACT_STORE: 'd1' },
      leads: (args) => runLeads(['--local', '--persist-to', persistTo, ...args]),
    };
  },
};

const over = (driver: Driver): LeadStore => leadStore(driver, { spamCaps });

/** A lead stored (never refused: no spam here). */
async function added(store: LeadStore, message: ContactValues, at: Date): Promise<StoredLead> {
  const lead = await store.add(message, at);
  if (!('id' in lead)) throw new Error('not stored');
  return lead;
}

const openIncident =
  (at: Date): DeliveryStatusChange =>
  (current) =>
    current.pause
      ? undefined
      : {
          ...current,
          pause: {
            kind: 'configuration',
            since: at.toISOString(),
            delivery: 'webhook',
            reason: 'HTTP 404',
            failures: 1,
            nextAt: new Date(at.getTime() + minute).toISOString(),
            target: 'réglage',
          },
        };
const endIncident: DeliveryStatusChange = (current) => (current.pause ? { ...current, pause: undefined } : undefined);

const failed = (store: LeadStore, lead: StoredLead, at: Date) =>
  store.record(lead.id, { state: 'failed', attempts: 1, at: at.toISOString(), reason: 'HTTP 400' });

type Changed = Awaited<ReturnType<DeliveryStatusStore['change']>>;
const opens = (results: Changed[]) => results.filter(({ before, after }) => !before.pause && after.pause).length;
const ends = (results: Changed[]) => results.filter(({ before, after }) => before.pause && !after.pause).length;

// Each with a text of their own: one text from a third address would be kept apart as spam (a repeated body).
const visitor = (name: string): ContactValues =>
  validLead({
    name,
    email: `${name.split(' ')[0]?.toLowerCase()}@example.com`,
    message: `Bonjour, ici ${name} : une question sur ma LLC.`,
  });

/** The API's clock, for the cases that run it: `at(ms)` moves it to `t0 + ms`. */
const t0 = Date.parse('2026-11-24T09:00:00Z');
let time = t0;
const at = (ms: number) => {
  time = t0 + ms;
};
beforeEach(() => at(0));

/** The API as this store's host runs it, over `driver`, its deliveries over the network to `url`. */
async function hostApi(opened: Opened, driver: Driver, url: string) {
  const api = await testApi(
    { ...opened.env, CONTACT_WEBHOOK_URL: url },
    { host: opened.host, leads: driver, now: () => new Date(time), fetch: (input, init) => fetch(input, init) },
  );
  expect(api.api.problems).toEqual([]);
  return {
    ...api,
    send: async (name: string) => {
      expect((await api.post(visitor(name))).status).toBe(200);
      await api.settle();
    },
  };
}

const pausedLines = (lines: string[]) => lines.filter((line) => line.startsWith('Livraison EN PANNE'));

describe.each(Object.keys(stores))('the %s store', (kind) => {
  it('keeps one delivery record: of two senders opening or ending one incident, one only does', async () => {
    const opened = await stores[kind]!();
    const store = deliveryStatusStore(opened.driver);
    const other = deliveryStatusStore(opened.other);
    expect(await store.read()).toEqual({});
    const now = new Date();
    // One after the other: the second handle finds the incident open.
    expect(opens([await store.change(openIncident(now)), await other.change(openIncident(now))])).toBe(1);
    expect((await other.read()).pause).toMatchObject({ reason: 'HTTP 404', failures: 1, since: now.toISOString() });

    // Store-only mode is noted beside it, and each part changes without losing the other.
    await store.change((current) => ({ ...current, storeOnly: now.toISOString() }));
    expect(ends([await other.change(endIncident), await store.change(endIncident)])).toBe(1);
    expect(await store.read()).toEqual({ storeOnly: now.toISOString() });

    // At the same time: whatever the order, one opens and one ends.
    const handles = [store, other, store, other];
    expect(opens(await Promise.all(handles.map((handle) => handle.change(openIncident(now)))))).toBe(1);
    expect(ends(await Promise.all(handles.map((handle) => handle.change(endIncident))))).toBe(1);
  });

  it('two senders whose leads the target refuses (403) one after the other open one incident, said once; the first lead goes back, and both arrive once', async () => {
    const opened = await stores[kind]!();
    let answer = 403;
    const target = await webhookStandIn(() => answer);
    try {
      const one = await hostApi(opened, opened.driver, target.url());
      const other = await hostApi(opened, opened.other, target.url());
      await one.send('Jeanne Martin');
      const store = over(opened.driver);
      const state = async (name: string) => (await store.list()).leads.find((lead) => lead.name === name)?.notification;
      expect(await state('Jeanne Martin')).toMatchObject({ state: 'failed', attempts: 1, reason: 'HTTP 403' });
      at(10_000);
      await other.send('Anne Durand');
      expect((await deliveryStatusStore(opened.driver).read()).pause).toMatchObject({
        kind: 'configuration',
        reason: 'HTTP 403',
        failures: 1,
      });
      expect([...pausedLines([...one.log, ...one.errors]), ...pausedLines([...other.log, ...other.errors])]).toHaveLength(1);
      expect(await state('Jeanne Martin')).toMatchObject({ state: 'pending', attempts: 0 });
      expect(await state('Anne Durand')).toMatchObject({ state: 'pending', attempts: 0 });

      // The target answers again: the pass at the pause's end, here or there, sends each once.
      answer = 200;
      at(2 * minute);
      await Promise.all([one.api.scheduled(), other.api.scheduled()]);
      at(24 * 60 * minute);
      await Promise.all([one.api.scheduled(), other.api.scheduled()]);
      expect(namesOf(target.leads(), 200).sort()).toEqual(['Anne Durand', 'Jeanne Martin']);
      expect(target.leads()).toHaveLength(4);
      expect(await state('Jeanne Martin')).toMatchObject({ state: 'sent' });
      expect(await state('Anne Durand')).toMatchObject({ state: 'sent' });
      expect(await deliveryStatusStore(opened.driver).read()).toEqual({});
    } finally {
      await target.close();
    }
  });

  it('two different leads redirected (302): a `redirect` incident in the store, which npm run leads names above the table', async () => {
    const opened = await stores[kind]!();
    const target = await webhookStandIn(() => ({ status: 302, location: 'https://script.example.org/macros/exec' }));
    try {
      const site = await hostApi(opened, opened.driver, target.url());
      await site.send('Jeanne Martin');
      at(10_000);
      await site.send('Anne Durand');
      at(20_000);
      await site.send('Marc Petit');
      expect(namesOf(target.leads())).toEqual(['Jeanne Martin', 'Anne Durand']);
      const pause = (await deliveryStatusStore(opened.driver).read()).pause;
      const reason = 'HTTP 302 → https://script.example.org';
      expect(pause).toMatchObject({ kind: 'redirect', delivery: 'webhook', reason, since: new Date(t0 + 10_000).toISOString() });

      const listed = await opened.leads([]);
      expect(listed.stderr).toBe('');
      expect(listed.code).toBe(0);
      const lines = listed.stdout.split('\n');
      expect(lines[0]).toBe(
        fillTemplate(leadsLines.redirected, {
          reason,
          delivery: 'webhook',
          since: parisDateTime(pause?.since ?? ''),
          time: parisTime(pause?.nextAt ?? ''),
        }),
      );
      expect(lines[2]).toMatch(/^Date +Nom/);
      expect(lines.find((line) => line.includes('Marc Petit'))).toMatch(/ à notifier \(essai 1, prochain à \d{2}:\d{2}\)$/);
    } finally {
      await target.close();
    }
  });

  it('--retry waits for a sender’s live claim and never clears it; a lead that sender sent is not sent again unless forced', async () => {
    const opened = await stores[kind]!();
    const store = over(opened.driver);
    const other = over(opened.other);
    const held = await added(store, validLead({ name: 'Jeanne Tenue' }), new Date());
    const second = await added(store, validLead({ name: 'Paul Envoyé' }), new Date());
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
    const opened = await stores[kind]!();
    const { leads } = opened;
    const store = over(opened.driver);
    const now = new Date();
    const old = await added(store, validLead({ name: 'Ancienne Échec', email: 'a@example.com' }), new Date(now.getTime() - 3 * day));
    const recent = await added(store, validLead({ name: 'Récente Échec', email: 'r@example.com' }), new Date(now.getTime() - 1000));
    const sent = await added(store, validLead({ name: 'Déjà Envoyée', email: 's@example.com' }), new Date(now.getTime() - 2000));
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
    const opened = await stores[kind]!();
    const store = over(opened.driver);
    const status = deliveryStatusStore(opened.driver);
    const now = new Date();
    await added(store, validLead({ name: 'Jeanne Attente' }), new Date(now.getTime() - 1000));
    await status.change(openIncident(new Date('2026-11-24T09:00:00Z')));
    const paused = await opened.leads([]);
    expect(paused.code).toBe(0);
    const lines = paused.stdout.split('\n');
    expect(lines[0]).toMatch(
      /^Livraison en panne\u202f: HTTP 404 \(webhook, depuis le 24\/11\/2026 10:00\u202f; prochain essai à 10:01\)\. Les messages attendent/,
    );
    expect(lines[2]).toMatch(/^Date +Nom/);
    expect(lines[3]).toMatch(/ à notifier \(essai 1, prochain à \d{2}:\d{2}\)$/);

    await status.change(endIncident);
    await status.change((current) => ({ ...current, storeOnly: now.toISOString() }));
    const storeOnly = await opened.leads([]);
    expect(storeOnly.stdout.split('\n')[0]).toMatch(/^Date +Nom/);
    expect(storeOnly.stdout.split('\n')[1]).toMatch(/ non notifié \(stockage seul\)$/);
    expect(storeOnly.stdout.trimEnd().split('\n').at(-1)).toMatch(
      /^Messages\u202f: 1, dont 1 non notifié\(s\) \(stockage seul\u202f: aucun email ni webhook n’est réglé\) et 0 en échec \(/,
    );
  });
});
