// @vitest-environment node
/**
 * Signed webhooks (Standard Webhooks): with CONTACT_WEBHOOK_SECRET, every POST carries `webhook-id`,
 * `webhook-timestamp` and `webhook-signature`. The secret is read as the Standard Webhooks libraries read it: an
 * optional `whsec_` prefix, then base64, at least 24 bytes; anything else is a setting to correct, and nothing goes
 * out unsigned meanwhile. Each signature is checked here as a receiver checks it: recomputed with node:crypto from the
 * secret and the bytes received (HMAC-SHA256 of `id.timestamp.body`), never with the code that made it.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { postWebhook, webhookDelivery, webhookKey } from '../../src/api/contact/delivery/webhook.ts';
import { spamCaps } from '../../src/api/contact/spam/weights.ts';
import { leadStore } from '../../src/api/store/lead-store.ts';
import { settingsLines } from '../../src/contact/lines.ts';
import { readSettings } from '../../src/contact/settings.ts';
import { contactReceiver } from '../../src/content/data/contact-receiver.ts';
import { fillTemplate } from '../../src/content/template.ts';
import { filesDriver } from '../../src/hosts/node/files-driver.ts';
import { testApi } from '../fixtures/api.ts';
import { validLead } from '../fixtures/visitor.ts';
import { type Received, webhookStandIn } from './webhook-stand-in.ts';

// The spec's form: `whsec_` + the base64 of a random key (here 32 fixed bytes).
const keyBytes = Buffer.from(Array.from({ length: 32 }, (_, index) => (index * 37 + 11) % 256));
const secret = `whsec_${keyBytes.toString('base64')}`;

/**
 * What a receiver does, as the Standard Webhooks libraries: the key from the secret (its `whsec_` prefix dropped, the
 * rest base64-decoded), the HMAC-SHA256 of `id.timestamp.body`, a constant-time comparison, five minutes of tolerance.
 */
function verify(received: Pick<Received, 'headers' | 'raw'>, receiverSecret: string, nowSeconds: number): boolean {
  const id = String(received.headers['webhook-id']);
  const timestamp = String(received.headers['webhook-timestamp']);
  if (Math.abs(nowSeconds - Number(timestamp)) > 5 * 60) return false;
  const key = Buffer.from(receiverSecret.replace(/^whsec_/, ''), 'base64');
  const expected = createHmac('sha256', key).update(`${id}.${timestamp}.${received.raw}`).digest();
  return String(received.headers['webhook-signature'])
    .split(' ')
    .some((signature) => {
      const [version, value] = signature.split(',');
      const given = Buffer.from(value ?? '', 'base64');
      return version === 'v1' && given.length === expected.length && timingSafeEqual(given, expected);
    });
}

const at = new Date('2026-11-27T10:00:00Z');
const seconds = at.getTime() / 1000;
const nowSeconds = () => Math.floor(Date.now() / 1000);
const network: typeof fetch = (input, init) => fetch(input, init);
const tempDir = () => mkdtemp(path.join(tmpdir(), 'propllc-signed-'));

describe('signed webhooks (CONTACT_WEBHOOK_SECRET)', () => {
  it('signs a lead’s POST with its id, the time in seconds and the HMAC of the bytes sent; a wrong secret fails', async () => {
    const target = await webhookStandIn();
    try {
      const id = '2026-11-27T10-00-00-000Z-0123abcd';
      const key = webhookKey(secret);
      expect(key).toEqual(new Uint8Array(keyBytes));
      await webhookDelivery({ url: target.url(), text: contactReceiver.webhookText, ...(key ? { key } : {}), now: () => at })({
        ...validLead(),
        id,
      });
      const [post] = target.received;
      if (!post) throw new Error('nothing received');
      expect(post.headers['webhook-id']).toBe(id);
      expect(post.headers['idempotency-key']).toBe(id);
      expect(post.headers['webhook-timestamp']).toBe(String(seconds));
      expect(post.headers['webhook-signature']).toMatch(/^v1,[A-Za-z0-9+/]{43}=$/);
      expect(JSON.parse(post.raw)).toMatchObject({ id, name: validLead().name });

      expect(verify(post, secret, seconds)).toBe(true);
      // Another key, the same body under another id, a changed byte, or five minutes and one second later: refused.
      const otherKey = Buffer.from(keyBytes);
      otherKey[0] = (otherKey[0] ?? 0) ^ 1;
      expect(verify(post, `whsec_${otherKey.toString('base64')}`, seconds)).toBe(false);
      expect(verify({ ...post, headers: { ...post.headers, 'webhook-id': 'autre' } }, secret, seconds)).toBe(false);
      expect(verify({ ...post, raw: post.raw.replace('Jeanne', 'Jeanné') }, secret, seconds)).toBe(false);
      expect(verify(post, secret, seconds + 301)).toBe(false);
    } finally {
      await target.close();
    }
  });

  it('reads a secret without the whsec_ prefix as the same base64 key, as the Standard Webhooks libraries do; a passphrase is no key', async () => {
    const target = await webhookStandIn();
    try {
      const bare = keyBytes.toString('base64');
      expect(webhookKey(bare)).toEqual(webhookKey(secret));
      await postWebhook({ url: target.url(), key: webhookKey(bare) ?? new Uint8Array(), now: () => at }, 'digest-2026-11-27', {
        digest: [],
      });
      const [post] = target.received;
      if (!post) throw new Error('nothing received');
      expect(post.headers['webhook-id']).toBe('digest-2026-11-27');
      expect(post.raw).toBe('{"digest":[]}');
      // A receiver given either form of the secret accepts it.
      expect(verify(post, bare, seconds)).toBe(true);
      expect(verify(post, secret, seconds)).toBe(true);
      // A phrase's UTF-8 bytes were a key once (n8n's and Make's HMAC fields): not for Standard Webhooks.
      expect(webhookKey('une phrase secrète assez longue pour signer')).toBeUndefined();
    } finally {
      await target.close();
    }
  });

  it('without a secret, sends no signature headers', async () => {
    const target = await webhookStandIn();
    try {
      await webhookDelivery({ url: target.url(), text: 't' })(validLead());
      expect(Object.keys(target.received[0]?.headers ?? {}).filter((name) => name.startsWith('webhook-'))).toEqual([]);
    } finally {
      await target.close();
    }
  });

  it('refuses a secret that cannot serve, in French, then notifies nothing (never unsigned) until it is corrected', async () => {
    const read = (value: string) =>
      readSettings({ CONTACT_WEBHOOK_URL: 'https://hook.example.org/x', CONTACT_WEBHOOK_SECRET: value }, { host: 'files' });
    const short = Buffer.alloc(23, 7).toString('base64');
    for (const bad of [
      'whsec_',
      'whsec_pas du base64 !',
      `whsec_${Buffer.alloc(16).toString('base64')}`,
      `whsec_${short}`,
      short,
      'trop-court',
      'une phrase secrète assez longue pour signer',
    ]) {
      const settings = read(bad);
      expect(settings.delivery, bad).toEqual({ mode: 'none' });
      expect(settings.problems, bad).toEqual([settingsLines.webhookSecret]);
    }
    expect(settingsLines.webhookSecret).toContain('CONTACT_WEBHOOK_SECRET');
    // Set but blank: named as such.
    expect(read('').problems).toEqual([fillTemplate(settingsLines.blank, { name: 'CONTACT_WEBHOOK_SECRET' })]);
    // 24 bytes, with or without the prefix: a key.
    const least = Buffer.alloc(24, 7).toString('base64');
    for (const good of [secret, keyBytes.toString('base64'), `whsec_${least}`, least]) {
      expect(read(good).problems, good).toEqual([]);
      expect(read(good).delivery, good).toMatchObject({ mode: 'webhook', secret: good });
    }

    // The API under a wrong secret keeps the lead, answers the visitor, and posts nothing.
    const target = await webhookStandIn();
    try {
      const dir = await tempDir();
      const wrong = await testApi(
        { CONTACT_WEBHOOK_URL: target.url(), CONTACT_WEBHOOK_SECRET: 'une phrase secrète assez longue pour signer' },
        { leads: filesDriver(dir), fetch: network },
      );
      expect(wrong.api.problems).toEqual([fillTemplate(settingsLines.invalid, { problem: settingsLines.webhookSecret })]);
      expect((await wrong.post(validLead())).status).toBe(200);
      await wrong.settle();
      await wrong.api.scheduled();
      expect(target.received).toEqual([]);
      // Corrected: the lead held goes out, signed.
      const right = await testApi(
        { CONTACT_WEBHOOK_URL: target.url(), CONTACT_WEBHOOK_SECRET: secret },
        { leads: filesDriver(dir), fetch: network },
      );
      await right.api.scheduled();
      const [lead] = (await leadStore(filesDriver(dir), { spamCaps }).list()).leads;
      expect(target.leads().map((post) => post.headers['webhook-id'])).toEqual([lead?.id]);
      expect(verify(target.leads()[0] ?? { headers: {}, raw: '' }, secret, nowSeconds())).toBe(true);
    } finally {
      await target.close();
    }
  });

  it('the site receiver signs each lead it notifies, under the lead’s stored id', async () => {
    const target = await webhookStandIn();
    try {
      const dir = await tempDir();
      const site = await testApi(
        { CONTACT_WEBHOOK_URL: target.url(), CONTACT_WEBHOOK_SECRET: secret },
        { leads: filesDriver(dir), fetch: network },
      );
      expect(site.api.problems).toEqual([]);
      expect((await site.post(validLead())).status).toBe(200);
      await site.settle();
      const [lead] = (await leadStore(filesDriver(dir), { spamCaps }).list()).leads;
      const [post] = target.leads();
      if (!post) throw new Error('nothing received');
      expect(post.headers['webhook-id']).toBe(lead?.id);
      expect(verify(post, secret, nowSeconds())).toBe(true);
    } finally {
      await target.close();
    }
  });

  it('signs the daily digest too, under its own id: its day and a hash of its content', async () => {
    const refused = ['Jeanne Martin', 'Anne Durand'];
    const target = await webhookStandIn((request) => (refused.includes(request.name ?? '') ? 400 : 200));
    try {
      let time = Date.parse('2026-11-24T09:00:00Z');
      const site = await testApi(
        { CONTACT_WEBHOOK_URL: target.url(), CONTACT_WEBHOOK_SECRET: secret },
        { leads: filesDriver(await tempDir()), now: () => new Date(time), fetch: network },
      );
      // A lead the target refuses alone is « échec »: the next pass's digest names it.
      expect((await site.post(validLead({ name: 'Jeanne Martin' }))).status).toBe(200);
      await site.settle();
      await site.api.scheduled();
      // The next day, a lead goes out (the target works), then another is refused: the next digest names it.
      time += 24 * 60 * 60_000;
      expect(
        (
          await site.post(
            validLead({ name: 'Marc Petit', email: 'marc@example.com', message: 'Bonjour, une question sur les délais.' }),
          )
        ).status,
      ).toBe(200);
      await site.settle();
      expect(
        (await site.post(validLead({ name: 'Anne Durand', email: 'anne@example.com', message: 'Une autre question sur ma LLC.' })))
          .status,
      ).toBe(200);
      await site.settle();
      await site.api.scheduled();
      const digests = target.digests();
      expect(digests.map((digest) => (digest.body.failed as { name: string }[]).map((entry) => entry.name))).toEqual([
        ['Jeanne Martin'],
        ['Anne Durand'],
      ]);
      const ids = digests.map((digest) => digest.headers['webhook-id']);
      expect(ids).toEqual([
        expect.stringMatching(/^digest-2026-11-24-[0-9a-f]{12}$/),
        expect.stringMatching(/^digest-2026-11-25-[0-9a-f]{12}$/),
      ]);
      for (const digest of digests) {
        expect(digest.body.id).toBe(digest.headers['webhook-id']);
        expect(digest.headers['idempotency-key']).toBe(digest.headers['webhook-id']);
        expect(verify(digest, secret, nowSeconds())).toBe(true);
      }
    } finally {
      await target.close();
    }
  });
});
