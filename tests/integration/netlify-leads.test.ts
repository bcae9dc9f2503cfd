// @vitest-environment node
/**
 * The Netlify Function with CONTACT_STORE=blobs, against the local Netlify Blobs server that
 * @netlify/blobs ships (its `BlobsServer`), configured the way Netlify configures a function
 * (NETLIFY_BLOBS_CONTEXT), with a webhook stand-in on this machine that is down, then up.
 */
import { createServer, type Server } from 'node:http';
import { mkdir, mkdtemp, writeFile } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { getStore } from '@netlify/blobs';
import { BlobsServer } from '@netlify/blobs/server';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { passBudgetMs } from '../../src/api/contact/notify.ts';
import { blobsLeadStore, blobsStoreName } from '../../src/hosts/netlify/blobs-store.ts';
import { validLead } from '../fixtures/visitor.ts';

const visitor = validLead();

const token = 'jeton-de-test';
const siteID = 'site-de-test';
let blobs: BlobsServer;
let blobsDir = '';
/** The requests the local Blobs server received, to count what a pass reads. */
const blobRequests: { type: string; url: string }[] = [];
let edgeURL = '';
let provider: Server;
let providerUp = false;
let failedAttempts = 0;
const received: unknown[] = [];
const idHeaders: (string | undefined)[] = [];

beforeAll(async () => {
  blobsDir = await mkdtemp(path.join(tmpdir(), 'propllc-blobs-'));
  blobs = new BlobsServer({ directory: blobsDir, token, port: 0, onRequest: (event) => blobRequests.push(event) });
  edgeURL = `http://127.0.0.1:${(await blobs.start()).port}`;
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
  // What Netlify gives every function: where the site's blob stores are, and the token to reach them.
  const context = { edgeURL, uncachedEdgeURL: edgeURL, token, siteID };
  vi.stubEnv('NETLIFY_BLOBS_CONTEXT', Buffer.from(JSON.stringify(context)).toString('base64'));
  vi.stubEnv('CONTACT_STORE', 'blobs');
  vi.stubEnv('CONTACT_WEBHOOK_URL', `http://127.0.0.1:${(provider.address() as AddressInfo).port}/hook`);
  vi.spyOn(console, 'log').mockImplementation(() => undefined);
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
});

afterAll(async () => {
  vi.useRealTimers();
  vi.unstubAllEnvs();
  vi.restoreAllMocks();
  await blobs.stop();
  await new Promise((resolve) => provider.close(resolve));
});

const leads = () =>
  blobsLeadStore(getStore({ name: blobsStoreName, edgeURL, uncachedEdgeURL: edgeURL, token, siteID, consistency: 'strong' }));

describe('Netlify: store first in Netlify Blobs, then notify', () => {
  it('answers success once the lead is in the store, keeps it « à notifier » while the provider fails, then sends it once', async () => {
    const { default: contact } = await import('../../netlify/functions/contact.ts');
    const { default: contactNotify, config } = await import('../../netlify/functions/contact-notify.ts');
    expect(config.schedule).toBe('* * * * *');

    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-11-24T09:00:00Z'));
    const background: Promise<unknown>[] = [];
    const answer = await contact(
      new Request('https://propllc.netlify.app/api/contact', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify(visitor),
      }),
      { ip: '203.0.113.7', waitUntil: (promise) => background.push(promise) },
    );
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
    expect((await contactNotify()).status).toBe(204);
    expect(failedAttempts).toBe(1);
    expect(received).toEqual([]);

    providerUp = true;
    vi.setSystemTime(new Date('2026-11-24T09:01:00Z'));
    // One after the other: the local server checks a conditional write, then writes, without a lock, so two
    // claims at the same instant can both pass there. Concurrent claims are tested on the stores whose local
    // run is atomic: files (lead-store.test.ts) and D1 (cloudflare-leads.spec.ts).
    await contactNotify();
    await contactNotify();
    // Once, with its id in the JSON and in the header, so that a receiver can drop a repeat.
    expect(received).toEqual([expect.objectContaining({ ...visitor, id: stored?.id })]);
    expect(idHeaders).toEqual([stored?.id]);
    expect((await leads().due(new Date('2026-11-25T00:00:00Z'), 20)).leads).toEqual([]);
    expect((await leads().list()).leads[0]?.notification).toEqual({ state: 'sent', at: '2026-11-24T09:01:00.000Z' });
    vi.useRealTimers();
  });

  it('forgets a person and purges old leads in the store', async () => {
    const store = leads();
    await store.add({ ...visitor, email: 'ancien@example.com' }, new Date('2020-01-02T10:00:00Z'));
    expect((await store.purge(new Date('2023-01-01T00:00:00Z'))).leads.map((lead) => lead.email)).toEqual(['ancien@example.com']);
    expect((await store.forget('JEANNE.MARTIN@example.com')).leads.map((lead) => lead.email)).toEqual([visitor.email]);
    expect(await store.list()).toEqual({ leads: [], unreadable: [] });
    // Nothing of them is left: neither the index of pending leads nor their states nor the repeat memory. Only the
    // memory's random key stays, linked to no person; the day's anonymous lead count is in the audience's own store.
    const keys = (await getStore({ name: blobsStoreName, edgeURL, uncachedEdgeURL: edgeURL, token, siteID }).list()).blobs;
    expect(keys.map((blob) => blob.key)).toEqual(['repeats-key']);
  });

  it('names a lead it cannot read, sets it aside once, and notifies the others', async () => {
    const raw = getStore({ name: blobsStoreName, edgeURL, uncachedEdgeURL: edgeURL, token, siteID, consistency: 'strong' });
    const store = leads();
    const good = await store.add({ ...visitor, name: 'Paul Durand' }, new Date());
    const broken = await store.add(visitor, new Date());
    await raw.set(`leads/${broken.id}`, '{"receivedAt": ');
    const listing = await store.list();
    expect(listing.leads.map((lead) => lead.id)).toEqual([good.id]);
    expect(listing.unreadable).toEqual([
      { id: broken.id, where: `leads/${broken.id}`, reason: expect.stringMatching(/^contenu illisible\u202f: /) },
    ]);

    const { default: contactNotify } = await import('../../netlify/functions/contact-notify.ts');
    received.length = 0;
    await contactNotify();
    await contactNotify();
    expect(received).toEqual([expect.objectContaining({ name: 'Paul Durand', id: good.id })]);
    expect(vi.mocked(console.error).mock.calls.filter(([line]) => String(line).startsWith('Message illisible'))).toEqual([
      [expect.stringContaining(`leads/${broken.id} (contenu illisible`)],
    ]);
    const forgotten = await store.forget(visitor.email);
    expect(forgotten.unreadable.map((record) => record.id)).toEqual([broken.id]);
    await raw.delete(`leads/${broken.id}`);
    await store.purge(new Date(Date.now() + 1000));
  });
});

describe('10,000 pending leads in Netlify Blobs', () => {
  it('lists the pending index, reads one batch, and a scheduled pass ends within its budget', async () => {
    const now = new Date();
    // Written on the local server's disk, where it keeps each key as a file: 10,000 requests would take minutes.
    const storeDir = path.join(blobsDir, 'entries', siteID, `site:${blobsStoreName}`);
    await mkdir(path.join(storeDir, 'leads'), { recursive: true });
    await mkdir(path.join(storeDir, 'pending'), { recursive: true });
    const ids: string[] = [];
    for (let index = 0; index < 10_000; index += 1) {
      const receivedAt = new Date(now.getTime() - 3_600_000 + index);
      ids.push(`${receivedAt.toISOString().replace(/[:.]/g, '-')}-${index.toString(16).padStart(8, '0')}`);
    }
    for (let index = 0; index < ids.length; index += 500) {
      await Promise.all(
        ids.slice(index, index + 500).flatMap((id, offset) => {
          const receivedAt = new Date(now.getTime() - 3_600_000 + index + offset).toISOString();
          // All failed once and wait for an attempt in an hour, but 30 due now.
          const next = index + offset < 9970 ? now.getTime() + 3_600_000 : now.getTime() - 1000;
          return [
            writeFile(path.join(storeDir, 'leads', id), JSON.stringify({ receivedAt, ...visitor })),
            writeFile(path.join(storeDir, 'pending', `${id}.1.${next}`), 'HTTP 503'),
          ];
        }),
      );
    }
    blobRequests.length = 0;
    const due = await leads().due(now, 20);
    expect(due.leads).toHaveLength(20);
    expect(due.leads.every((lead) => ids.indexOf(lead.id) >= 9970)).toBe(true);
    // One listing of the index, then the batch's leads and their markers: not the 10,000 leads.
    expect(blobRequests.filter((request) => request.type === 'list')).toHaveLength(1);
    expect(blobRequests.filter((request) => request.type === 'get').length).toBeLessThanOrEqual(40);

    const { default: contactNotify } = await import('../../netlify/functions/contact-notify.ts');
    received.length = 0;
    providerUp = true;
    const began = performance.now();
    await contactNotify();
    expect(performance.now() - began).toBeLessThan(passBudgetMs);
    expect(received).toHaveLength(20);
  }, 120_000);
});
