// @vitest-environment node
/**
 * Signed webhooks (Standard Webhooks): with CONTACT_WEBHOOK_SECRET, every POST carries `webhook-id`,
 * `webhook-timestamp` and `webhook-signature`. Each signature is checked here as a receiver checks it: recomputed
 * with node:crypto from the secret and the bytes received, never with the code that made it.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import { mkdtemp } from 'node:fs/promises';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { contactReceiver } from '../../src/content/data/contact-receiver.ts';
import { receiverLines } from '../../src/api/contact/lines.ts';
import { postWebhook, webhookDelivery, webhookKey } from '../../src/api/contact/deliveries.ts';
import { readSettings } from '../../src/api/contact/settings.ts';
import { createSiteReceiver } from '../../src/api/contact/site-receiver.ts';
import { filesLeadStore, nodeLeadStore } from '../../src/hosts/node/files-store.ts';
import { validLead } from '../fixtures/visitor.ts';

const words = receiverLines;
// The spec's form: `whsec_` + the base64 of a random key (here 32 fixed bytes).
const keyBytes = Buffer.from(Array.from({ length: 32 }, (_, index) => (index * 37 + 11) % 256));
const secret = `whsec_${keyBytes.toString('base64')}`;

interface Received {
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

/** What a receiver does: the key from the secret, the HMAC of `id.timestamp.body`, a constant-time comparison. */
function verify(received: Received, receiverSecret: string, nowSeconds: number): boolean {
  const id = String(received.headers['webhook-id']);
  const timestamp = String(received.headers['webhook-timestamp']);
  if (Math.abs(nowSeconds - Number(timestamp)) > 5 * 60) return false;
  const key = receiverSecret.startsWith('whsec_')
    ? Buffer.from(receiverSecret.slice('whsec_'.length), 'base64')
    : Buffer.from(receiverSecret, 'utf8');
  const expected = createHmac('sha256', key).update(`${id}.${timestamp}.${received.body}`).digest();
  return String(received.headers['webhook-signature'])
    .split(' ')
    .some((signature) => {
      const [version, value] = signature.split(',');
      const given = Buffer.from(value ?? '', 'base64');
      return version === 'v1' && given.length === expected.length && timingSafeEqual(given, expected);
    });
}

/** A webhook stand-in on 127.0.0.1 that keeps the raw bytes and headers of each POST. */
async function standIn() {
  const received: Received[] = [];
  const server = createServer((request, response) => {
    let body = '';
    request.setEncoding('utf8');
    request.on('data', (chunk: string) => (body += chunk));
    request.on('end', () => {
      received.push({ headers: request.headers, body });
      response.writeHead(200).end('{}');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    received,
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`,
    close: () => new Promise((resolve) => server.close(resolve)),
  };
}

const at = new Date('2026-11-27T10:00:00Z');
const seconds = at.getTime() / 1000;

describe('signed webhooks (CONTACT_WEBHOOK_SECRET)', () => {
  it('signs a lead’s POST with its id, the time in seconds and the HMAC of the bytes sent; a wrong secret fails', async () => {
    const target = await standIn();
    try {
      const id = '2026-11-27T10-00-00-000Z-0123abcd';
      const key = webhookKey(secret);
      expect(key).toBeDefined();
      await webhookDelivery({ url: target.url, text: contactReceiver.webhookText, key, now: () => at })({ ...validLead(), id });
      const [post] = target.received;
      expect(post?.headers['webhook-id']).toBe(id);
      expect(post?.headers['idempotency-key']).toBe(id);
      expect(post?.headers['webhook-timestamp']).toBe(String(seconds));
      expect(post?.headers['webhook-signature']).toMatch(/^v1,[A-Za-z0-9+/]{43}=$/);
      expect(JSON.parse(post?.body ?? '')).toMatchObject({ id, name: validLead().name });

      expect(verify(post as Received, secret, seconds)).toBe(true);
      // Another key, the same body under another id, a changed byte, or five minutes and one second later: refused.
      const otherKey = Buffer.from(keyBytes);
      otherKey[0] = (otherKey[0] ?? 0) ^ 1;
      expect(verify(post as Received, `whsec_${otherKey.toString('base64')}`, seconds)).toBe(false);
      expect(verify({ ...(post as Received), headers: { ...post?.headers, 'webhook-id': 'autre' } }, secret, seconds)).toBe(false);
      expect(verify({ ...(post as Received), body: post?.body.replace('Jeanne', 'Jeanné') ?? '' }, secret, seconds)).toBe(false);
      expect(verify(post as Received, secret, seconds + 301)).toBe(false);
    } finally {
      await target.close();
    }
  });

  it('takes a secret without the whsec_ prefix as the key itself (its UTF-8 bytes), as n8n’s and Make’s HMAC fields do', async () => {
    const target = await standIn();
    try {
      const plain = 'une phrase secrète assez longue pour signer';
      await postWebhook({ url: target.url, key: webhookKey(plain), now: () => at }, 'digest-2026-11-27', { digest: [] });
      const [post] = target.received;
      expect(post?.headers['webhook-id']).toBe('digest-2026-11-27');
      expect(post?.body).toBe('{"digest":[]}');
      expect(verify(post as Received, plain, seconds)).toBe(true);
      expect(verify(post as Received, `${plain}.`, seconds)).toBe(false);
    } finally {
      await target.close();
    }
  });

  it('without a secret, sends no signature headers', async () => {
    const target = await standIn();
    try {
      await webhookDelivery({ url: target.url, text: 't' })(validLead());
      expect(Object.keys(target.received[0]?.headers ?? {}).filter((name) => name.startsWith('webhook-'))).toEqual([]);
    } finally {
      await target.close();
    }
  });

  it('refuses a secret that cannot serve, in French, and then delivers nothing (never unsigned)', () => {
    const read = (value: string) =>
      readSettings(
        { CONTACT_WEBHOOK_URL: 'https://hook.example.org/x', CONTACT_WEBHOOK_SECRET: value },
        { hasLeadStore: true, words },
      );
    for (const bad of ['whsec_', 'whsec_pas du base64 !', `whsec_${Buffer.alloc(16).toString('base64')}`, 'trop-court']) {
      expect(read(bad), bad).toEqual({
        settings: { delivery: { mode: 'none' }, rateLimit: 10 },
        problems: [words.webhookSecretInvalid],
      });
    }
    expect(words.webhookSecretInvalid).toContain('CONTACT_WEBHOOK_SECRET');
    expect(read(secret).problems).toEqual([]);
    expect(read(secret).settings.delivery).toMatchObject({ mode: 'webhook', key: new Uint8Array(keyBytes) });
  });

  it('the site receiver signs each lead it notifies, under the lead’s stored id', async () => {
    const target = await standIn();
    try {
      const dir = await mkdtemp(path.join(tmpdir(), 'propllc-signed-'));
      const env = { LEADS_DIR: dir, CONTACT_WEBHOOK_URL: target.url, CONTACT_WEBHOOK_SECRET: secret };
      const receiver = createSiteReceiver({ env, store: nodeLeadStore(env), log: vi.fn(), logError: vi.fn() });
      expect(receiver.problems).toEqual([]);
      const work: Promise<void>[] = [];
      const request = new Request('http://localhost/api/contact', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify(validLead()),
      });
      expect((await receiver.handle(request, {}, (after) => work.push(after))).status).toBe(200);
      await Promise.all(work);
      const [lead] = (await filesLeadStore(dir).list()).leads;
      const [post] = target.received;
      expect(post?.headers['webhook-id']).toBe(lead?.id);
      expect(verify(post as Received, secret, Math.floor(Date.now() / 1000))).toBe(true);
    } finally {
      await target.close();
    }
  });
});
