// @vitest-environment node
/**
 * Each runtime's adapter, called through what it exports: the Node server of `npm start`, the
 * Cloudflare Pages Function (onRequestPost / onRequest) and the Netlify Function (default + config).
 */
import { request as httpRequest } from 'node:http';
import { mkdir, mkdtemp, readdir, readFile, writeFile } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { company } from '../../src/content/data/company.ts';
import { contactReceiver } from '../../src/content/data/contact-receiver.ts';
import { createSiteServer } from '../../src/hosts/node/site-server.ts';
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

describe('Node: the server of npm start', () => {
  let root: string;
  let leads: string;
  let close: () => Promise<void> = async () => undefined;

  async function start(env: Record<string, string>) {
    const { server, stop } = await createSiteServer({
      root,
      env: { LEADS_DIR: leads, ...env },
      log: () => undefined,
      logError: () => undefined,
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    close = () => stop(1000);
    return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  }

  beforeEach(async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'propllc-server-'));
    root = path.join(dir, 'dist');
    leads = path.join(dir, 'leads');
    await mkdir(root);
    await writeFile(path.join(root, 'index.html'), '<!doctype html><title>Accueil</title>');
    await writeFile(path.join(root, '404.html'), '<!doctype html><title>Introuvable</title>');
    await writeFile(path.join(root, '_headers'), '/*\n  X-Frame-Options: DENY\n');
  });

  afterEach(() => close());

  it('serves dist/ with its _headers, and /api/contact with the receiver', async () => {
    const base = await start({});
    const home = await fetch(`${base}/`);
    expect(home.status).toBe(200);
    expect(home.headers.get('x-frame-options')).toBe('DENY');
    expect(await home.text()).toContain('<title>Accueil</title>');

    const response = await fetch(post(`${base}/api/contact`, { ...valid, name: ` ${valid.name} ` }, { Origin: base }));
    expect(response.status).toBe(200);
    // The lead's file (beside it, folders: notifications/, and repeats/ for the spam filter).
    const files = (await readdir(leads)).filter((name) => name.endsWith('.json'));
    expect(files).toHaveLength(1);
    expect(JSON.parse(await readFile(path.join(leads, files[0] ?? ''), 'utf8'))).toEqual(valid);

    const get = await fetch(`${base}/api/contact`);
    expect(get.status).toBe(405);
    expect(get.headers.get('allow')).toBe('POST');
  });

  it('answers 413 to an oversized streamed body, and the client receives it', async () => {
    const base = await start({});
    const { status, body } = await new Promise<{ status: number; body: string }>((resolve, reject) => {
      const request = httpRequest(`${base}/api/contact`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', 'Transfer-Encoding': 'chunked' },
      });
      request.on('response', (response) => {
        let text = '';
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => (text += chunk));
        response.on('end', () => resolve({ status: response.statusCode ?? 0, body: text }));
      });
      request.on('error', reject);
      for (let index = 0; index < 20; index++) request.write('x'.repeat(1000));
      request.end();
    });
    expect(status).toBe(413);
    expect(JSON.parse(body).title).toBe(contactReceiver.answers.tooLarge.title);
  });

  it('counts the rate limit per client address, from X-Forwarded-For only behind a trusted proxy', async () => {
    const base = await start({ CONTACT_RATE_LIMIT: '1', CONTACT_TRUST_PROXY: '1' });
    const from = (address: string) => fetch(post(`${base}/api/contact`, valid, { 'X-Forwarded-For': `198.51.100.9, ${address}` }));
    expect((await from('203.0.113.1')).status).toBe(200);
    expect((await from('203.0.113.2')).status).toBe(200);
    const refused = await from('203.0.113.1');
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(590);
  });

  it('without a trusted proxy, X-Forwarded-For is ignored', async () => {
    const base = await start({ CONTACT_RATE_LIMIT: '1' });
    const from = (address: string) => fetch(post(`${base}/api/contact`, valid, { 'X-Forwarded-For': address }));
    expect((await from('203.0.113.1')).status).toBe(200);
    expect((await from('203.0.113.2')).status).toBe(429);
  });
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
