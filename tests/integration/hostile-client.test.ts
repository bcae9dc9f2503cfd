// @vitest-environment node
/**
 * The Node server of `npm start` against a hostile or careless client, one row per case, over raw
 * sockets: each request that once ended the process, each redirect that once left the site, the
 * static-host behaviour (405, security headers on every answer), leads at rest, the rate limit's key.
 * After every row the same server must still answer `GET /` with 200.
 */
import { chmod, mkdir, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { type AddressInfo, connect } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it, onTestFinished } from 'vitest';
import { createSiteServer, type SiteServer } from '../../src/hosts/node/site-server.ts';
import { settingsLines } from '../../src/contact/lines.ts';
import { nodeLines } from '../../src/hosts/node/lines.ts';
import { rateKey } from '../../src/api/contact/rate-limit.ts';
import { fillTemplate } from '../../src/content/template.ts';
import { miniSite, pageSecurityHeaders, rawPost, rawRequest, serveProcess } from './raw-http.ts';
import { validLead } from '../fixtures/visitor.ts';

const visitor = validLead();

const projectRoot = fileURLToPath(new URL('../..', import.meta.url));
/** The lead files of LEADS_DIR, as the files driver writes them (`lead/<id>.json`). */
async function leadFiles(leads: string): Promise<string[]> {
  return (await readdir(path.join(leads, 'lead')).catch(() => [] as string[])).filter((name) => name.endsWith('.json'));
}

let running: SiteServer | undefined;
let errors: string[] = [];

afterEach(async () => {
  await running?.stop(500);
  running = undefined;
  errors = [];
});

async function start(env: Record<string, string> = {}, site?: Awaited<ReturnType<typeof miniSite>>) {
  const { folder, root, leads } = site ?? (await miniSite());
  running = await createSiteServer({
    root,
    // The audience's folder beside the site's, never the project's own audience/.
    env: { LEADS_DIR: leads, AUDIENCE_DIR: path.join(folder, 'audience'), ...env },
    log: () => undefined,
    logError: (line) => errors.push(line),
  });
  expect(running.problems).toEqual([]);
  const { server } = running;
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { port: (server.address() as AddressInfo).port, root, leads };
}

const get = (target: string, headers = '') => `GET ${target} HTTP/1.1\r\nHost: localhost\r\n${headers}Connection: close\r\n\r\n`;

async function expectAlive(port: number) {
  expect((await rawRequest(port, get('/'))).status).toBe(200);
}

function expectPageSecurityHeaders(headers: Record<string, string>) {
  for (const [name, value] of Object.entries(pageSecurityHeaders)) expect(headers[name.toLowerCase()], name).toBe(value);
}

describe('no single request ends the process', () => {
  it.each([
    ['TRACE on the receiver', 'TRACE /api/contact HTTP/1.1\r\nHost: localhost\r\n\r\n', [405]],
    ['TRACK on the receiver', 'TRACK /api/contact HTTP/1.1\r\nHost: localhost\r\n\r\n', [405, 400, 0]],
    ['CONNECT on the receiver', 'CONNECT /api/contact HTTP/1.1\r\nHost: localhost\r\n\r\n', [405, 400, 0]],
    ['a Host with user info', rawPost(JSON.stringify(visitor), { Host: 'a:b@localhost' }), [200]],
    ['a target with user info', rawPost(JSON.stringify(visitor), {}, '//a:b@x/api/contact'), [400]],
    ['an absolute target with user info', rawPost(JSON.stringify(visitor), {}, 'http://a:b@x/api/contact'), [400]],
    ['the target //[', get('//['), [400]],
    ['the target http://[', get('http://['), [400]],
    ['the target *', 'OPTIONS * HTTP/1.1\r\nHost: localhost\r\n\r\n', [400]],
    ['an encoded CJK character, slash and dots', get('/%E4%B8%AD%2f..%2fabout.html'), [404]],
    ['encoded CR LF in a redirecting path', get('/about%0d%0aSet-Cookie:%20x=1/'), [404]],
    ['a bad percent-escape', get('/%E0%A4%A'), [404]],
    ['a NUL byte', get('/about%00.html'), [404]],
  ])('%s', async (_case, request, statuses) => {
    const { port } = await start();
    const answer = await rawRequest(port, request);
    expect(statuses).toContain(answer.status);
    if (answer.status === 405) expect(answer.headers.allow).toBe('POST');
    await expectAlive(port);
  });

  it('X-Forwarded-Proto: 1 from a trusted proxy is ignored, the lead stored', async () => {
    const { port, leads } = await start({ CONTACT_TRUST_PROXY: '1' });
    const answer = await rawRequest(port, rawPost(JSON.stringify(visitor), { 'X-Forwarded-Proto': '1' }));
    expect(answer.status).toBe(200);
    expect(await leadFiles(leads)).toHaveLength(1);
    await expectAlive(port);
  });

  it.each([['pas une adresse'], ['[::1]:80, 999.1.1.1'], [',,,'], ['2001:db8::1%eth0, unknown'], ['\u00ff\u00fe']])(
    'X-Forwarded-For %j from a trusted proxy, 3 hops: the lead is stored',
    async (forwardedFor) => {
      const { port, leads } = await start({ CONTACT_TRUST_PROXY: '1', CONTACT_PROXY_HOPS: '3' });
      const answer = await rawRequest(port, rawPost(JSON.stringify(visitor), { 'X-Forwarded-For': forwardedFor }));
      expect(answer.status).toBe(200);
      expect(await leadFiles(leads)).toHaveLength(1);
    },
  );

  it('a missing 404.html: an empty 404, and the server goes on', async () => {
    const site = await miniSite();
    const { port, root } = await start({}, site);
    await rm(path.join(root, '404.html'));
    const answer = await rawRequest(port, get('/nulle-part'));
    expect(answer.status).toBe(404);
    expectPageSecurityHeaders(answer.headers);
    await expectAlive(port);
  });

  it('dist/ rebuilt under the running server: new files and new headers are served', async () => {
    const site = await miniSite();
    const { port, root } = await start({}, site);
    await rm(root, { recursive: true });
    expect((await rawRequest(port, get('/about'))).status).toBe(404);
    await mkdir(root);
    await writeFile(path.join(root, 'index.html'), '<!doctype html><title>Nouvel accueil</title>');
    await writeFile(path.join(root, '_headers'), '/*\n  X-Frame-Options: SAMEORIGIN\n');
    const answer = await rawRequest(port, get('/'));
    expect(answer.status).toBe(200);
    expect(answer.body).toContain('Nouvel accueil');
    expect(answer.headers['x-frame-options']).toBe('SAMEORIGIN');
  });

  it('a client that hangs up in the middle of a page or of a lead leaves the server answering', async () => {
    const { port } = await start();
    await rawRequest(port, 'GET / HTTP/1.1\r\nHost: localhost\r\n\r\n', { timeoutMs: 1 });
    await rawRequest(
      port,
      'POST /api/contact HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nContent-Length: 500\r\n\r\n{"na',
      {
        timeoutMs: 50,
      },
    );
    await expectAlive(port);
  });
});

describe('redirects never leave the origin', () => {
  it.each([
    ['/%2fevil.example%2f..%2fabout.html'],
    ['/%5cevil.example%2f..%2fabout.html'],
    ['/%2fabout/'],
    ['/%2Fabout.html'],
    ['/about%5C'],
    ['/\\evil.example/../about.html'],
    ['/a\\..\\about.html'],
  ])('%s is not redirected', async (target) => {
    const { port } = await start();
    const answer = await rawRequest(port, get(target));
    expect([400, 404]).toContain(answer.status);
    expect(answer.headers.location).toBeUndefined();
  });

  it.each([
    ['/about/', '/about'],
    ['/about.html?utm_source=x', '/about?utm_source=x'],
    ['/index.html', '/'],
    ['/faq/index.html', '/faq/'],
    ['/%E4%B8%AD.html', '/%E4%B8%AD'],
    ['/%E4%B8%AD/', '/%E4%B8%AD'],
  ])('%s → 308 %s, built from the file found, with the security headers', async (target, location) => {
    const { port } = await start();
    const answer = await rawRequest(port, get(target));
    expect(answer.status).toBe(308);
    expect(answer.headers.location).toBe(location);
    expectPageSecurityHeaders(answer.headers);
  });
});

describe('a static host’s answers', () => {
  it.each(['DELETE', 'PUT', 'POST', 'PATCH', 'OPTIONS'])(
    '%s /about → 405, Allow: GET, HEAD, with the security headers',
    async (method) => {
      const { port } = await start();
      const answer = await rawRequest(port, `${method} /about HTTP/1.1\r\nHost: localhost\r\nContent-Length: 0\r\n\r\n`);
      expect(answer.status).toBe(405);
      expect(answer.headers.allow).toBe('GET, HEAD');
      expectPageSecurityHeaders(answer.headers);
    },
  );

  it('200, 404 and HEAD carry the security headers; HEAD has no body', async () => {
    const { port } = await start();
    for (const [request, status] of [
      [get('/about'), 200],
      [get('/nulle-part'), 404],
    ] as const) {
      const answer = await rawRequest(port, request);
      expect(answer.status).toBe(status);
      expectPageSecurityHeaders(answer.headers);
    }
    const head = await rawRequest(port, 'HEAD /about HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n');
    expect(head.status).toBe(200);
    expect(head.body).toBe('');
  });

  it('the receiver’s answers carry the same security headers, with a policy that loads nothing', async () => {
    const { port } = await start();
    const answer = await rawRequest(port, rawPost('{'));
    expect(answer.status).toBe(400);
    for (const name of Object.keys(pageSecurityHeaders).filter((header) => header !== 'Content-Security-Policy')) {
      expect(answer.headers[name.toLowerCase()], name).toBe(pageSecurityHeaders[name as keyof typeof pageSecurityHeaders]);
    }
    expect(answer.headers['content-security-policy']).toMatch(/^default-src 'none'/);
  });
});

describe('leads at rest', () => {
  it('the folder is 0700 and each lead file 0600', async () => {
    const { port, leads } = await start();
    expect((await rawRequest(port, rawPost(JSON.stringify(visitor)))).status).toBe(200);
    const [file] = await leadFiles(leads);
    expect((await stat(leads)).mode & 0o777).toBe(0o700);
    expect((await stat(path.join(leads, 'lead'))).mode & 0o777).toBe(0o700);
    expect((await stat(path.join(leads, 'lead', file ?? ''))).mode & 0o777).toBe(0o600);
  });

  it('at start, a looser folder and files are tightened and stale temporary files removed', async () => {
    const site = await miniSite();
    const folder = path.join(site.leads, 'lead');
    await mkdir(folder, { recursive: true, mode: 0o755 });
    await chmod(site.leads, 0o755);
    await chmod(folder, 0o755);
    const old = path.join(folder, '2026-01-01T00-00-00-000Z-abcd1234.json');
    await writeFile(old, JSON.stringify(visitor), { mode: 0o644 });
    // What a write cut by a stop leaves: the hidden temporary file it never renamed (src/hosts/node/files-driver.ts).
    const stale = path.join(folder, '.2026-01-01T00-00-01-000Z-dcba4321.json.0b7a3c4e-1d2f-4a5b-9c6d-7e8f9a0b1c2d.tmp');
    await writeFile(stale, JSON.stringify(visitor));
    await start({}, site);
    expect((await stat(site.leads)).mode & 0o777).toBe(0o700);
    expect((await stat(folder)).mode & 0o777).toBe(0o700);
    expect((await stat(old)).mode & 0o777).toBe(0o600);
    expect(await readdir(folder)).toEqual([path.basename(old)]);
  });

  it('a LEADS_DIR that cannot be made is refused at start, in French, rather than losing every lead', async () => {
    const site = await miniSite();
    const blocker = path.join(site.folder, 'fichier');
    await writeFile(blocker, '');
    const leadsDir = path.join(blocker, 'leads');
    const server = await createSiteServer({
      root: site.root,
      env: { LEADS_DIR: leadsDir, AUDIENCE_DIR: path.join(site.folder, 'audience') },
      log: () => undefined,
      logError: () => undefined,
    });
    expect(server.problems).toEqual([
      fillTemplate(settingsLines.invalid, { problem: fillTemplate(nodeLines.leadsDirUnusable, { dir: leadsDir, reason: 'ENOTDIR' }) }),
    ]);
  });

  it.each([['dist'], ['public']])('a LEADS_DIR inside %s/ is refused at start, in French', async (folder) => {
    const site = await miniSite();
    const published = folder === 'dist' ? site.root : path.join(projectRoot, 'public');
    const leadsDir = path.join(published, 'leads');
    const server = await createSiteServer({
      root: site.root,
      env: { LEADS_DIR: leadsDir, AUDIENCE_DIR: path.join(site.folder, 'audience') },
      log: () => undefined,
      logError: () => undefined,
    });
    expect(server.problems).toEqual([
      fillTemplate(settingsLines.invalid, {
        problem: fillTemplate(nodeLines.leadsDirPublished, { dir: leadsDir, published: folder === 'dist' ? site.root : 'public' }),
      }),
    ]);
    await expect(stat(leadsDir)).rejects.toThrow();
  });
});

describe('the rate limit holds', () => {
  it('keys IPv6 clients by /64, IPv4-mapped addresses as IPv4', () => {
    expect(rateKey('2001:db8:1:2:aaaa::1')).toBe(rateKey('2001:db8:1:2:ffff:ffff:ffff:ffff'));
    expect(rateKey('2001:db8:1:2::1')).not.toBe(rateKey('2001:db8:1:3::1'));
    expect(rateKey('::ffff:192.0.2.1')).toBe('192.0.2.1');
    expect(rateKey('192.0.2.1')).not.toBe(rateKey('192.0.2.2'));
    expect(rateKey(undefined)).toBe('unknown');
    expect(rateKey('pas une adresse')).toBe('unknown');
  });

  const from = (port: number, forwardedFor: string) =>
    rawRequest(port, rawPost(JSON.stringify(visitor), { 'X-Forwarded-For': forwardedFor })).then((answer) => answer.status);

  it('a client reaching the port directly cannot choose its address', async () => {
    // The trusted proxy is another machine: this connection (127.0.0.1) is a direct client.
    const { port } = await start({ CONTACT_TRUST_PROXY: '10.0.0.2', CONTACT_RATE_LIMIT: '1' });
    expect(await from(port, '203.0.113.1')).toBe(200);
    expect(await from(port, '203.0.113.2')).toBe(429);
  });

  it('behind a CDN and a reverse proxy (2 hops), each visitor is counted, not the CDN', async () => {
    const { port } = await start({ CONTACT_TRUST_PROXY: 'loopback', CONTACT_PROXY_HOPS: '2', CONTACT_RATE_LIMIT: '1' });
    expect(await from(port, '203.0.113.1, 198.51.100.7')).toBe(200);
    expect(await from(port, '203.0.113.2, 198.51.100.7')).toBe(200);
    expect(await from(port, '203.0.113.1, 198.51.100.7')).toBe(429);
  });

  it.each([
    ['CONTACT_TRUST_PROXY', 'pas une adresse'],
    ['CONTACT_PROXY_HOPS', 'deux'],
  ])('an invalid %s is a French problem at start', async (name, value) => {
    const site = await miniSite();
    const server = await createSiteServer({
      root: site.root,
      env: { LEADS_DIR: site.leads, AUDIENCE_DIR: path.join(site.folder, 'audience'), [name]: value },
      log: () => undefined,
    });
    expect(server.problems).toEqual([
      fillTemplate(settingsLines.invalid, {
        problem: fillTemplate(settingsLines.proxy, { name }),
      }),
    ]);
  });
});

describe('graceful shutdown', () => {
  it('SIGTERM: the lead in flight is stored and answered, new connections refused, exit 0', async () => {
    const site = await miniSite();
    const { child, port, output, exited, kill } = await serveProcess(site.folder, { LEADS_DIR: site.leads });
    onTestFinished(kill);

    // One connection, accepted for sure: a first request answered on it, then the lead, cut in two around SIGTERM.
    const socket = connect(port, '127.0.0.1');
    let received = '';
    socket.on('data', (chunk: Buffer) => (received += chunk.toString()));
    socket.write('GET / HTTP/1.1\r\nHost: localhost\r\n\r\n');
    await expect.poll(() => received.includes('<title>')).toBe(true);
    // `Expect: 100-continue`: the server says « 100 Continue » once the request is in its hands, in flight.
    const body = JSON.stringify(visitor);
    const head = rawPost(body, { Expect: '100-continue' }).slice(0, -body.length);
    socket.write(head);
    await expect.poll(() => received.includes('100 Continue')).toBe(true);
    socket.write(body.slice(0, 20));
    child.kill('SIGTERM');
    await expect.poll(() => output().includes(nodeLines.stopping.slice(0, 20))).toBe(true);
    // Stopped listening: a new connection is refused.
    expect((await rawRequest(port, get('/'), { timeoutMs: 1000 })).status).toBe(0);
    const closed = new Promise<void>((resolve) => socket.on('close', () => resolve()));
    socket.write(body.slice(20));
    await closed;
    const statuses = [...received.matchAll(/HTTP\/1\.1 (\d{3})/g)].map((match) => match[1]);

    expect(statuses).toEqual(['200', '100', '200']);
    expect(await exited).toBe(0);
    const files = await leadFiles(site.leads);
    expect(files).toHaveLength(1);
    // The visitor's fields as sent, with its reception and its state (stored only: nobody to notify).
    expect(JSON.parse(await readFile(path.join(site.leads, 'lead', files[0] ?? ''), 'utf8'))).toEqual({
      ...visitor,
      receivedAt: expect.any(String),
      notification: { state: 'pending', attempts: 0, nextAt: expect.any(String) },
    });
    expect(output()).toContain(nodeLines.stopped);
  });
});
