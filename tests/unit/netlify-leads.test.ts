// @vitest-environment node
/**
 * The Netlify Function with CONTACT_STORE=blobs, against the local Netlify Blobs server that
 * @netlify/blobs ships (its `BlobsServer`), configured the way Netlify configures a function
 * (NETLIFY_BLOBS_CONTEXT), with a webhook stand-in on this machine that is down, then up.
 */
import { createServer, type Server } from 'node:http';
import { mkdtemp } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { getStore } from '@netlify/blobs';
import { BlobsServer } from '@netlify/blobs/server';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { blobsLeadStore, blobsStoreName } from '../../src/receiver/store/blobs.ts';
import { validLead } from '../visitor.ts';

const visitor = validLead();

const token = 'jeton-de-test';
const siteID = 'site-de-test';
let blobs: BlobsServer;
let edgeURL = '';
let provider: Server;
let providerUp = false;
let failedAttempts = 0;
const received: unknown[] = [];

beforeAll(async () => {
  blobs = new BlobsServer({ directory: await mkdtemp(path.join(tmpdir(), 'propllc-blobs-')), token, port: 0 });
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
    expect(failedAttempts).toBeGreaterThan(0);
    const [stored] = await leads().list();
    expect(stored).toMatchObject(visitor);
    expect(stored?.notifiedAt).toBeUndefined();
    expect((await leads().pending()).map((lead) => lead.email)).toEqual([visitor.email]);

    // The schedule runs while the provider is still down: nothing sent, still pending.
    expect((await contactNotify()).status).toBe(204);
    expect(received).toEqual([]);

    providerUp = true;
    // One after the other: the local server checks a conditional write, then writes, without a lock, so two
    // claims at the same instant can both pass there. Concurrent claims are tested on the stores whose local
    // run is atomic: files (lead-store.test.ts) and D1 (cloudflare-leads.spec.ts).
    await contactNotify();
    await contactNotify();
    expect(received).toEqual([expect.objectContaining(visitor)]);
    expect(await leads().pending()).toEqual([]);
    expect((await leads().list())[0]?.notifiedAt).toMatch(/^\d{4}-\d{2}-\d{2}T/);
  });

  it('forgets a person and purges old leads in the store', async () => {
    const store = leads();
    await store.add({ ...visitor, email: 'ancien@example.com' }, new Date('2020-01-02T10:00:00Z'));
    expect((await store.purge(new Date('2023-01-01T00:00:00Z'))).map((lead) => lead.email)).toEqual(['ancien@example.com']);
    expect((await store.forget('JEANNE.MARTIN@example.com')).map((lead) => lead.email)).toEqual([visitor.email]);
    expect(await store.list()).toEqual([]);
  });
});
