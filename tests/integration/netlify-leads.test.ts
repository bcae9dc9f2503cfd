// @vitest-environment node
/**
 * The Netlify Functions with CONTACT_STORE=blobs (netlify/functions/contact.ts and scheduled.ts, both handing their
 * event to src/hosts/netlify/api.ts), against the local Netlify Blobs server (tests/fixtures/blobs-server.ts),
 * configured the way Netlify configures a function (NETLIFY_BLOBS_CONTEXT), with a webhook stand-in on this machine
 * that is down, then up. Each case is a new instance (its modules loaded afresh) over a site of its own.
 */
import { randomUUID } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { acknowledgementMemory } from '../../src/api/contact/acknowledgement.ts';
import { repeatMemory } from '../../src/api/contact/spam/repeats.ts';
import { spamCaps } from '../../src/api/contact/spam/weights.ts';
import { idTime } from '../../src/api/store/lead.ts';
import { leadStore } from '../../src/api/store/lead-store.ts';
import { fillTemplate } from '../../src/content/template.ts';
import { blobsDriver } from '../../src/hosts/netlify/blobs-driver.ts';
import { netlifyLines } from '../../src/hosts/netlify/lines.ts';
import { blobsStoreName } from '../../src/hosts/netlify/store.ts';
import { blobsFolder, writeBlobs } from '../fixtures/blobs-folder.ts';
import { type LocalBlobs, startBlobs } from '../fixtures/blobs-server.ts';
import { validLead } from '../fixtures/visitor.ts';

const visitor = validLead();

let blobs: LocalBlobs;
let provider: Server;
let providerUp = false;
let failedAttempts = 0;
const received: Record<string, unknown>[] = [];
const idHeaders: (string | undefined)[] = [];
/** The requests this instance made to the Blobs server, to count what a pass reads. */
const blobRequests: { method: string; url: URL }[] = [];
let siteID = '';
let errors: string[] = [];

beforeAll(async () => {
  blobs = await startBlobs();
  provider = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString()));
    request.on('end', () => {
      if (!providerUp) {
        failedAttempts += 1;
        response.writeHead(503).end();
        return;
      }
      received.push(JSON.parse(body));
      idHeaders.push(request.headers['idempotency-key'] as string | undefined);
      response.writeHead(200, { 'Content-Type': 'application/json' }).end('{}');
    });
  });
  await new Promise<void>((resolve) => provider.listen(0, '127.0.0.1', resolve));
});

afterAll(async () => {
  await blobs.stop();
  provider.closeAllConnections();
  await new Promise((resolve) => provider.close(resolve));
});

beforeEach(() => {
  siteID = `site-${randomUUID()}`;
  providerUp = false;
  failedAttempts = 0;
  received.length = 0;
  idHeaders.length = 0;
  blobRequests.length = 0;
  errors = [];
  // What Netlify gives every function: where the site's blob stores are, and the token to reach them.
  const context = { edgeURL: blobs.url, uncachedEdgeURL: blobs.url, token: blobs.token, siteID };
  vi.stubEnv('NETLIFY_BLOBS_CONTEXT', Buffer.from(JSON.stringify(context)).toString('base64'));
  vi.stubEnv('CONTACT_STORE', 'blobs');
  vi.stubEnv('CONTACT_WEBHOOK_URL', `http://127.0.0.1:${(provider.address() as AddressInfo).port}/hook`);
  vi.spyOn(console, 'log').mockImplementation(() => undefined);
  vi.spyOn(console, 'error').mockImplementation((line: unknown) => void errors.push(String(line)));
  // The Blobs client takes the global `fetch` when its store is opened: each request to the server is noted.
  const fetch = globalThis.fetch;
  vi.stubGlobal('fetch', (input: string | URL | Request, init?: RequestInit) => {
    const url = new URL(input instanceof Request ? input.url : String(input));
    if (url.origin === blobs.url) blobRequests.push({ method: (init?.method ?? 'GET').toUpperCase(), url });
    return fetch(input, init);
  });
  // A new instance: its API is made again from this environment.
  vi.resetModules();
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllEnvs();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

/** The functions as Netlify loads them. */
async function functions() {
  const { default: contact } = await import('../../netlify/functions/contact.ts');
  const { default: scheduled, config } = await import('../../netlify/functions/scheduled.ts');
  return { contact, scheduled, config };
}

/** The site's leads store, as `npm run leads -- --netlify` opens it. */
const raw = () => blobs.open(blobsStoreName, siteID);
const leads = () => leadStore(blobsDriver(raw(), 'test'), { spamCaps });
const where = fillTemplate(netlifyLines.storeBlobs, { name: blobsStoreName });

const post = (body: unknown) =>
  new Request('https://propllc.netlify.app/api/contact', {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  });

describe('Netlify: store first in Netlify Blobs, then notify', () => {
  it('answers success once the lead is in the store, keeps it « à notifier » while the provider fails, then sends it once', async () => {
    const { contact, scheduled, config } = await functions();
    expect(config.schedule).toBe('* * * * *');

    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-11-24T09:00:00Z'));
    const background: Promise<unknown>[] = [];
    const answer = await contact(post(visitor), { ip: '203.0.113.7', waitUntil: (promise) => background.push(promise) });
    expect(answer.status).toBe(200);
    await Promise.all(background);
    expect(failedAttempts).toBe(1);
    const [stored] = (await leads().list()).leads;
    expect(stored).toMatchObject({
      ...visitor,
      notification: { state: 'pending', attempts: 1, nextAt: '2026-11-24T09:01:00.000Z', lastReason: 'HTTP 503' },
    });
    expect((await leads().due(new Date('2026-11-24T09:01:00Z'), 20)).leads.map((lead) => lead.email)).toEqual([visitor.email]);

    // The schedule runs while the lead waits for its next attempt: the provider is not asked again.
    expect((await scheduled()).status).toBe(204);
    expect(failedAttempts).toBe(1);
    expect(received).toEqual([]);

    providerUp = true;
    vi.setSystemTime(new Date('2026-11-24T09:01:00Z'));
    // Two runs at once (Netlify may overlap them): the claim in the store lets one send it.
    await Promise.all([scheduled(), scheduled()]);
    await scheduled();
    // Once, with its id in the JSON and in the header, so that a receiver can drop a repeat.
    expect(received).toEqual([expect.objectContaining({ ...visitor, id: stored?.id })]);
    expect(idHeaders).toEqual([stored?.id]);
    expect((await leads().due(new Date('2026-11-25T00:00:00Z'), 20)).leads).toEqual([]);
    expect((await leads().list()).leads[0]?.notification).toEqual({ state: 'sent', at: '2026-11-24T09:01:00.000Z' });
  });

  it('forgets a person and purges old leads in the store, leaving nothing that names them', async () => {
    const { contact } = await functions();
    providerUp = true;
    const background: Promise<unknown>[] = [];
    expect((await contact(post(visitor), { ip: '203.0.113.7', waitUntil: (promise) => background.push(promise) })).status).toBe(200);
    await Promise.all(background);
    const store = leads();
    const ancient = await store.add({ ...visitor, email: 'ancien@example.com' }, new Date('2020-01-02T10:00:00Z'));
    if (!('id' in ancient)) throw new Error('not stored');
    const purged = await store.purge(new Date('2023-01-01T00:00:00Z'), new Date('2023-01-01T00:00:00Z'), { detailed: true });
    expect(purged.leads.map((lead) => lead.email)).toEqual(['ancien@example.com']);
    expect((await store.forget('JEANNE.MARTIN@example.com')).leads.map((lead) => lead.email)).toEqual([visitor.email]);
    // As `npm run leads -- --forget` does: the person's traces in the memories too.
    await repeatMemory(blobsDriver(raw(), 'test')).forget('JEANNE.MARTIN@example.com');
    await acknowledgementMemory(blobsDriver(raw(), 'test')).forget('JEANNE.MARTIN@example.com');
    expect(await store.list()).toEqual({ leads: [], unreadable: [] });
    // Nothing of them is left: neither a lead nor its index entries nor its states. The repeat memory keeps only its
    // random key, linked to no person; the day's anonymous lead count is in the audience's own store.
    const keys = (await raw().list()).blobs.map((blob) => blob.key);
    expect(keys.filter((key) => /^(lead|spam|due|failed)\//.test(key))).toEqual([]);
    expect(keys.filter((key) => key.startsWith('repeat/'))).toEqual(['repeat/key', 'repeat/previous']);
    const values = await Promise.all(keys.map(async (key) => `${key} ${(await raw().get(key, { type: 'text' })) ?? ''}`));
    expect(values.join('\n').toLowerCase()).not.toContain('jeanne');
  });

  it('names a lead it cannot read, sets it aside once, and notifies the others', async () => {
    const { scheduled } = await functions();
    providerUp = true;
    const store = leads();
    const good = await store.add({ ...visitor, name: 'Paul Durand' }, new Date());
    const broken = await store.add(visitor, new Date());
    if (!('id' in good) || !('id' in broken)) throw new Error('not stored');
    await raw().set(`lead/${broken.id}`, '{"receivedAt": ');
    const listing = await store.list();
    expect(listing.leads.map((lead) => lead.id)).toEqual([good.id]);
    expect(listing.unreadable).toEqual([
      { id: broken.id, where: `test lead/${broken.id}`, reason: expect.stringMatching(/^contenu illisible\u202f: /) },
    ]);

    await scheduled();
    await scheduled();
    expect(received).toEqual([expect.objectContaining({ name: 'Paul Durand', id: good.id })]);
    expect(errors.filter((line) => line.startsWith('Message illisible'))).toEqual([
      expect.stringContaining(`${where} lead/${broken.id} (contenu illisible`),
    ]);
    const forgotten = await store.forget(visitor.email);
    expect(forgotten.unreadable.map((record) => record.id)).toEqual([broken.id]);
  });
});

describe('10,000 pending leads in Netlify Blobs', () => {
  it('lists the due index once a pass, reads one batch, and the scheduled passes send each due lead once, no other', async () => {
    const now = new Date();
    const ids: string[] = [];
    const entries: (readonly [string, string])[] = [];
    for (let index = 0; index < 10_000; index += 1) {
      const receivedAt = new Date(now.getTime() - 3_600_000 + index);
      const id = `${idTime(receivedAt)}-${index.toString(16).padStart(8, '0')}`;
      ids.push(id);
      // All failed once and wait for an attempt in an hour, but 30 due now.
      const next = index < 9970 ? now.getTime() + 3_600_000 : now.getTime() - 1000;
      const notification = { state: 'pending', attempts: 1, nextAt: new Date(next).toISOString(), lastReason: 'HTTP 503' };
      entries.push([`lead/${id}`, JSON.stringify({ ...visitor, receivedAt: receivedAt.toISOString(), notification })]);
      entries.push([`due/${String(next).padStart(15, '0')}/${id}`, '1']);
    }
    // On the server's disk (../fixtures/blobs-folder.ts): 20,000 writes through it would take most of a minute.
    await writeBlobs(await blobsFolder(raw(), siteID, blobsStoreName), entries);

    const { scheduled } = await functions();
    providerUp = true;
    blobRequests.length = 0;
    // The clock stands still during the passes: the local server answers a read without its ETag, which the driver
    // then takes from two listings, each a walk of the 10,000 leads' files (Netlify's service answers it with the
    // read), and a pass, seeing its 25 seconds go by, would start no attempt. No time is asserted here.
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(now);
    await scheduled();
    const first = received.map((lead) => String(lead.id));
    const requests = [...blobRequests];
    // The next passes, each once a claim left by a sender stopped midway has expired (2 minutes): a lead a pass
    // could not take stays due for a later one. (Here that happens: the local server's listing, which the driver's
    // read needs, can miss a key while another is written beside it.)
    for (let pass = 1; pass < 4 && received.length < 30; pass += 1) {
      vi.setSystemTime(now.getTime() + pass * 3 * 60_000);
      await scheduled();
    }
    vi.useRealTimers();
    // A pass sends one batch (20) of the due leads; the next ones the rest. Each due lead once, no other.
    expect(first.length).toBeGreaterThan(0);
    expect(first.length).toBeLessThanOrEqual(20);
    expect(received.map((lead) => String(lead.id)).sort()).toEqual(ids.slice(9970).sort());
    // One listing of the due index; the leads read are the batch's (at most twice its size), never the others.
    const path = (request: { url: URL }) => decodeURIComponent(request.url.pathname);
    expect(requests.filter((request) => request.url.searchParams.get('prefix') === 'due/')).toHaveLength(1);
    const read = new Set(
      requests
        .filter((request) => request.method === 'GET' && !request.url.searchParams.has('prefix'))
        .map(path)
        .filter((name) => name.includes('/lead/'))
        .map((name) => name.slice(name.lastIndexOf('/') + 1)),
    );
    expect(read.size).toBeGreaterThanOrEqual(first.length);
    expect(read.size).toBeLessThanOrEqual(40);
    expect([...read].every((id) => ids.indexOf(id) >= 9970)).toBe(true);
  });
});
