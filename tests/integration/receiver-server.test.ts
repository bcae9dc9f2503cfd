// @vitest-environment node
/**
 * The Node server of `npm start` on a port of its own, called as a client would: dist/ with its _headers, the
 * receiver on /api/contact, its body limit and its rate limit. The hosts' functions: tests/unit/receiver-adapters.test.ts.
 */
import { request as httpRequest } from 'node:http';
import { mkdir, mkdtemp, readdir, readFile, writeFile } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
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

// The server prints one line per message and its settings problems, as on a host: kept out of the test output.
beforeEach(() => {
  vi.spyOn(console, 'log').mockImplementation(() => undefined);
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
});

afterEach(() => {
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
    // The lead's record, LEADS_DIR/lead/<id>.json (beside it, the memories' folders: due/, repeat/…), trimmed.
    const files = (await readdir(path.join(leads, 'lead'))).filter((name) => name.endsWith('.json'));
    expect(files).toHaveLength(1);
    expect(JSON.parse(await readFile(path.join(leads, 'lead', files[0] ?? ''), 'utf8'))).toMatchObject({
      ...valid,
      notification: { state: 'pending' },
    });

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
