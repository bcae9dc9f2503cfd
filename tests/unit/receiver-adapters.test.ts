// @vitest-environment node
/**
 * Each runtime's adapter, called through what it exports: the Cloudflare Pages Function (onRequestPost /
 * onRequest) and the Netlify Function (default + config). The Node server of `npm start` listens on a port:
 * tests/integration/receiver-server.test.ts.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { company } from '../../src/content/data/company.ts';
import { validLead } from '../fixtures/visitor.ts';

const valid = validLead();

const post = (url: string, body: unknown, headers: Record<string, string> = {}) =>
  new Request(url, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', ...headers },
    body: JSON.stringify(body),
  });

/** A fetch stub standing for the webhook: records the JSON it receives, answers `status`. */
function stubWebhook(status: number) {
  const received: unknown[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (_input: unknown, init?: RequestInit) => {
      received.push(JSON.parse(String(init?.body)));
      return new Response('{}', { status });
    }),
  );
  return received;
}

// The adapters print one line per message and their settings problems, as on a host: kept out of the test output.
beforeEach(() => {
  vi.spyOn(console, 'log').mockImplementation(() => undefined);
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.unstubAllEnvs();
  vi.restoreAllMocks();
});

describe('Cloudflare Pages Function (src/hosts/cloudflare/functions/contact.ts)', () => {
  // One receiver per isolate: each test gets a fresh module, as a fresh isolate would.
  const load = async () => {
    vi.resetModules();
    return import('../../functions/api/contact.ts');
  };
  const url = 'https://propllc.pages.dev/api/contact';

  it('delivers through the webhook of its environment', async () => {
    const received = stubWebhook(200);
    const { onRequestPost } = await load();
    const response = await onRequestPost({
      request: post(url, valid, { Origin: 'https://propllc.pages.dev', 'CF-Connecting-IP': '203.0.113.5' }),
      env: { CONTACT_WEBHOOK_URL: 'https://hooks.example.org/propllc' },
    });
    expect(response.status).toBe(200);
    expect(received).toEqual([expect.objectContaining(valid)]);
  });

  it('answers 405 with Allow: POST to other methods (onRequest)', async () => {
    const { onRequest } = await load();
    const response = await onRequest({ request: new Request(url), env: {} });
    expect(response.status).toBe(405);
    expect(response.headers.get('Allow')).toBe('POST');
  });

  it('answers 503 with the contact email when no delivery is configured (no local files at the edge)', async () => {
    const { onRequestPost } = await load();
    const response = await onRequestPost({ request: post(url, valid), env: {} });
    expect(response.status).toBe(503);
    expect((await response.json()).message).toContain(company.email);
  });

  it('uses the Rate Limiting binding when one is bound, keyed by CF-Connecting-IP', async () => {
    stubWebhook(200);
    const keys: string[] = [];
    const binding = {
      limit: async ({ key }: { key: string }) => {
        keys.push(key);
        return { success: keys.length < 2 };
      },
    };
    const { onRequestPost } = await load();
    const env = { CONTACT_WEBHOOK_URL: 'https://hooks.example.org/propllc', CONTACT_RATE_LIMITER: binding };
    const send = () => onRequestPost({ request: post(url, valid, { 'CF-Connecting-IP': '203.0.113.5' }), env });
    expect((await send()).status).toBe(200);
    const refused = await send();
    expect(refused.status).toBe(429);
    expect(refused.headers.get('Retry-After')).toBe('60');
    expect(keys).toEqual(['203.0.113.5', '203.0.113.5']);
  });
});

describe('Netlify Function (src/hosts/netlify/functions/contact.ts)', () => {
  const load = async () => {
    vi.resetModules();
    return import('../../netlify/functions/contact.ts');
  };
  const url = 'https://propllc.netlify.app/api/contact';

  it('is mounted on /api/contact', async () => {
    const { config } = await load();
    expect(config.path).toBe('/api/contact');
  });

  it('delivers through the webhook of its environment, a delivery failure gets 502', async () => {
    vi.stubEnv('CONTACT_WEBHOOK_URL', 'https://hooks.example.org/propllc');
    const { default: contact } = await load();
    const received = stubWebhook(200);
    expect((await contact(post(url, valid, { Origin: 'https://propllc.netlify.app' }), { ip: '203.0.113.8' })).status).toBe(200);
    expect(received).toEqual([expect.objectContaining(valid)]);
    stubWebhook(500);
    expect((await contact(post(url, valid), { ip: '203.0.113.8' })).status).toBe(502);
  });

  it('answers 405 to a GET', async () => {
    const { default: contact } = await load();
    expect((await contact(new Request(url), {})).status).toBe(405);
  });
});
