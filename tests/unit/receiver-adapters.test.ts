// @vitest-environment node
/**
 * Each runtime's adapter, called through what it exports: the Cloudflare Pages Functions (functions/api/*.ts, both
 * `onRequest` of src/hosts/cloudflare/api.ts) and the Netlify Functions (netlify/functions/*.ts: default + config).
 * Without their store (no D1 binding, no Blobs), a message is delivered at once or refused. The Node server of
 * `npm start` listens on a port: tests/integration/receiver-server.test.ts.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { settingsLines } from '../../src/contact/lines.ts';
import { cloudflareLines } from '../../src/hosts/cloudflare/lines.ts';
import { company } from '../../src/content/data/company.ts';
import { fillTemplate } from '../../src/content/template.ts';
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
  vi.spyOn(console, 'warn').mockImplementation(() => undefined);
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.unstubAllEnvs();
  vi.restoreAllMocks();
});

describe('Cloudflare Pages Function (functions/api/contact.ts → src/hosts/cloudflare/api.ts)', () => {
  // One receiver per isolate: each test gets a fresh module, as a fresh isolate would.
  const load = async () => {
    vi.resetModules();
    return import('../../functions/api/contact.ts');
  };
  const url = 'https://propllc.pages.dev/api/contact';

  it('delivers through the webhook of its environment', async () => {
    const received = stubWebhook(200);
    const { onRequest } = await load();
    const response = await onRequest({
      request: post(url, valid, { Origin: 'https://propllc.pages.dev', 'CF-Connecting-IP': '203.0.113.5' }),
      env: { CONTACT_WEBHOOK_URL: 'https://hooks.example.org/propllc' },
    });
    expect(response.status).toBe(200);
    expect(received).toEqual([expect.objectContaining(valid)]);
  });

  it('answers 405 with Allow: POST to other methods', async () => {
    const { onRequest } = await load();
    const response = await onRequest({ request: new Request(url), env: {} });
    expect(response.status).toBe(405);
    expect(response.headers.get('Allow')).toBe('POST');
  });

  it('answers 503 with the contact email when no delivery is configured (no local files at the edge)', async () => {
    const { onRequest } = await load();
    const response = await onRequest({ request: post(url, valid), env: {} });
    expect(response.status).toBe(503);
    expect((await response.json()).message).toContain(company.email);
  });

  it('answers 503 when CONTACT_STORE=d1 has no LEADS_DB binding, and says what to bind', async () => {
    const received = stubWebhook(200);
    const { onRequest } = await load();
    const env = { CONTACT_STORE: 'd1', CONTACT_WEBHOOK_URL: 'https://hooks.example.org/propllc' };
    const response = await onRequest({ request: post(url, valid), env });
    expect(response.status).toBe(503);
    expect(received).toEqual([]);
    const problem = fillTemplate(settingsLines.bindingMissing, {
      store: 'd1',
      binding: 'LEADS_DB',
      guide: 'src/hosts/cloudflare/README.md',
    });
    expect(console.error).toHaveBeenCalledWith(fillTemplate(settingsLines.invalid, { problem }));
  });

  it('answers /api/count (functions/api/count.ts) with 204, and 404 to any other path', async () => {
    const { onRequest } = await load();
    const { onRequest: count } = await import('../../functions/api/count.ts');
    expect(count).toBe(onRequest);
    const counted = await onRequest({
      request: new Request('https://propllc.pages.dev/api/count?p=%2F', { method: 'POST' }),
      env: {},
    });
    expect(counted.status).toBe(204);
    expect((await onRequest({ request: new Request('https://propllc.pages.dev/api/autre'), env: {} })).status).toBe(404);
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
    const { onRequest } = await load();
    const env = { CONTACT_WEBHOOK_URL: 'https://hooks.example.org/propllc', CONTACT_RATE_LIMITER: binding };
    const send = () => onRequest({ request: post(url, valid, { 'CF-Connecting-IP': '203.0.113.5' }), env });
    expect((await send()).status).toBe(200);
    const refused = await send();
    expect(refused.status).toBe(429);
    expect(refused.headers.get('Retry-After')).toBe('60');
    expect(keys).toEqual(['203.0.113.5', '203.0.113.5']);
    expect(console.warn).not.toHaveBeenCalled();
    // Without it, each isolate counts on its own: the operator is told.
    const { onRequest: unbound } = await load();
    await unbound({ request: post(url, valid), env: { CONTACT_WEBHOOK_URL: 'https://hooks.example.org/propllc' } });
    expect(console.warn).toHaveBeenCalledWith(cloudflareLines.rateLimitBindingMissing);
  });
});

describe('Netlify Functions (netlify/functions/ → src/hosts/netlify/api.ts)', () => {
  const load = async () => {
    vi.resetModules();
    return import('../../netlify/functions/contact.ts');
  };
  const url = 'https://propllc.netlify.app/api/contact';

  it('is mounted on /api/contact and /api/count, and the day’s work runs every minute', async () => {
    const { config } = await load();
    expect(config.path).toBe('/api/contact');
    const count = await import('../../netlify/functions/count.ts');
    expect(count.config.path).toBe('/api/count');
    const scheduled = await import('../../netlify/functions/scheduled.ts');
    expect(scheduled.config.schedule).toBe('* * * * *');
    // Without a store, the day's work has nothing to do; it answers all the same.
    expect((await scheduled.default()).status).toBe(204);
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
