// @vitest-environment node
/**
 * A barrage of generated requests over raw sockets against the server of `npm start`, run as its own
 * process: methods, request targets, header names and values, charsets, bodies valid, broken, truncated
 * and oversized, written with fast-check's generators. Afterwards the same process must still serve
 * `GET /` and store a valid lead. The seed is fixed, so a failure is the same on every run; the request
 * that killed the server is named.
 */
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import fc from 'fast-check';
import { afterAll, expect, it } from 'vitest';
import { miniSite, rawPost, rawRequest, type ServeProcess, serveProcess } from './raw-http.ts';
import { validLead } from '../fixtures/visitor.ts';

const visitor = validLead();

const requests = 3000;
const concurrency = 60;
const seed = 20261124;

const methods = [
  'GET',
  'HEAD',
  'POST',
  'PUT',
  'DELETE',
  'PATCH',
  'OPTIONS',
  'TRACE',
  'CONNECT',
  'TRACK',
  'PROPFIND',
  'get',
  'G ET',
  '',
];

/** Bytes a path may hold: escapes (valid, invalid, encoded separators, CR LF, NUL), non-ASCII, dots, backslashes. */
const pathPiece = fc.oneof(
  {
    weight: 4,
    arbitrary: fc.constantFrom(
      'about',
      'faq',
      'api',
      'contact',
      'index.html',
      '..',
      '.',
      '',
      '\\',
      '%2f',
      '%2F',
      '%5c',
      '%00',
      '%0d%0a',
      '%E4%B8%AD',
      '%zz',
      '%',
      '%C3',
      '?',
      '#',
      '@',
      ':',
    ),
  },
  { weight: 3, arbitrary: fc.stringMatching(/^[A-Za-z0-9._~!$&'()*+,;=:@-]{0,8}$/) },
  { weight: 2, arbitrary: fc.stringMatching(/^%[0-9A-Fa-f]{2}$/) },
  { weight: 1, arbitrary: fc.string({ maxLength: 6 }) },
);

const target = fc.oneof(
  {
    weight: 3,
    arbitrary: fc.constantFrom(
      '/',
      '/about',
      '/about/',
      '/about.html',
      '/api/contact',
      '/api/contact/',
      '//[',
      'http://[',
      '*',
      '//a:b@x/api/contact',
      'http://a:b@x/',
      '/%2fevil.example%2f..%2fabout.html',
    ),
  },
  { weight: 6, arbitrary: fc.array(pathPiece, { maxLength: 6 }).map((pieces) => `/${pieces.join('/')}`) },
  { weight: 1, arbitrary: fc.string({ maxLength: 40 }) },
);

const headerName = fc.oneof(
  {
    weight: 8,
    arbitrary: fc.constantFrom(
      'Host',
      'Content-Type',
      'Origin',
      'Accept',
      'Accept-Encoding',
      'X-Forwarded-For',
      'X-Forwarded-Proto',
      'Expect',
      'Cookie',
      'Range',
      'If-None-Match',
    ),
  },
  { weight: 1, arbitrary: fc.oneof(fc.stringMatching(/^[A-Za-z0-9!#$%&'*+.^_`|~-]{1,20}$/), fc.string({ maxLength: 10 })) },
);
const headerValue = fc.oneof(
  {
    weight: 6,
    arbitrary: fc.constantFrom(
      'a:b@localhost',
      'application/json',
      'application/json; charset=latin1',
      'application/x-www-form-urlencoded',
      'application/x-www-form-urlencoded; charset=utf-16',
      'text/html',
      'http://evil.example',
      '1',
      'https',
      '::1, 2001:db8::1',
      'gzip, br',
      '100-continue',
    ),
  },
  { weight: 4, arbitrary: fc.stringMatching(/^[\x20-\x7e]{0,60}$/) },
  { weight: 1, arbitrary: fc.string({ unit: 'binary', maxLength: 60 }) },
);

const body = fc.oneof(
  fc.constant(JSON.stringify(visitor)),
  fc.constant(new URLSearchParams(visitor).toString()),
  fc.json({ maxDepth: 3 }),
  fc.string({ unit: 'binary', maxLength: 300 }),
  fc
    .array(fc.tuple(fc.string({ maxLength: 8 }), fc.string({ maxLength: 20 })), { maxLength: 6 })
    .map((pairs) => pairs.map(([name, value]) => `${name}=${value}`).join('&')),
  fc.integer({ min: 16_000, max: 40_000 }).map((size) => 'x'.repeat(size)),
  fc.constant(''),
);

interface Generated {
  method: string;
  /** The Host header: the server's name, a hostile value, or none. */
  host: string | undefined;
  target: string;
  headers: [string, string][];
  body: string;
  /** Content-Length as sent: right, a lie (more than sent: a truncated body), absent, or chunked. */
  length: 'right' | 'more' | 'none' | 'chunked' | 'garbage';
  encoding: 'utf8' | 'latin1';
}

const request: fc.Arbitrary<Generated> = fc.record({
  host: fc.oneof(
    { weight: 6, arbitrary: fc.constant('localhost') },
    { weight: 2, arbitrary: headerValue },
    { weight: 1, arbitrary: fc.constant(undefined) },
  ),
  method: fc.oneof(
    { weight: 12, arbitrary: fc.constantFrom(...methods) },
    { weight: 1, arbitrary: fc.oneof(fc.constantFrom('get', 'G ET', ''), fc.stringMatching(/^[A-Z]{1,8}$/)) },
  ),
  target,
  headers: fc.array(fc.tuple(headerName, headerValue), { maxLength: 4 }),
  body,
  length: fc.oneof(
    { weight: 6, arbitrary: fc.constant('right' as const) },
    { weight: 1, arbitrary: fc.constantFrom('more' as const, 'none' as const, 'chunked' as const, 'garbage' as const) },
  ),
  encoding: fc.constantFrom('utf8', 'latin1'),
});

function bytesOf({ method, host, target, headers, body, length, encoding }: Generated): Buffer {
  const payload = Buffer.from(body, encoding);
  const lines = [
    `${method} ${target} HTTP/1.1`,
    ...(host === undefined ? [] : [`Host: ${host}`]),
    ...headers.map(([name, value]) => `${name}: ${value}`),
  ];
  if (length === 'right') lines.push(`Content-Length: ${payload.byteLength}`);
  if (length === 'more') lines.push(`Content-Length: ${payload.byteLength + 100}`);
  if (length === 'garbage') lines.push('Content-Length: -1, 5');
  if (length === 'chunked') lines.push('Transfer-Encoding: chunked');
  const framed =
    length === 'chunked'
      ? Buffer.concat([Buffer.from(`${payload.byteLength.toString(16)}\r\n`), payload, Buffer.from('\r\n0\r\n\r\n')])
      : payload;
  return Buffer.concat([Buffer.from(`${lines.join('\r\n')}\r\n\r\n`, 'latin1'), framed]);
}

let server: ServeProcess | undefined;
afterAll(() => {
  server?.kill();
});

it(`${requests} generated requests leave the server serving pages and storing leads`, async () => {
  const site = await miniSite();
  // A rate limit high enough that the valid leads of the barrage do not refuse the last one.
  server = await serveProcess(site.folder, { LEADS_DIR: site.leads, CONTACT_RATE_LIMIT: '100000' });
  const { port } = server;
  const generated = fc.sample(request, { numRuns: requests, seed });
  const statuses = new Map<number, number>();
  for (let start = 0; start < generated.length; start += concurrency) {
    const batch = generated.slice(start, start + concurrency);
    const answers = await Promise.all(batch.map((item) => rawRequest(port, bytesOf(item), { timeoutMs: 400 })));
    for (const answer of answers) statuses.set(answer.status, (statuses.get(answer.status) ?? 0) + 1);
    if (server.child.exitCode !== null) {
      throw new Error(
        `the server ended during requests ${start}–${start + batch.length - 1}:\n${JSON.stringify(batch, null, 1)}\n${server.output()}`,
      );
    }
  }
  // Every answer the barrage got was a proper status or a closed connection, never a hang past its timeout only.
  expect([...statuses.keys()].every((status) => status === 0 || (status >= 100 && status < 600))).toBe(true);
  // The barrage reached every layer: pages and 404s, the method check, the parser's and the server's own 400s.
  expect((statuses.get(200) ?? 0) + (statuses.get(404) ?? 0)).toBeGreaterThan(100);
  expect(statuses.get(405) ?? 0).toBeGreaterThan(100);
  expect(statuses.get(400) ?? 0).toBeGreaterThan(100);

  expect((await rawRequest(port, 'GET / HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n')).status).toBe(200);
  const lead = { ...visitor, message: 'Dernier message après la rafale, à garder tel quel.' };
  expect((await rawRequest(port, rawPost(JSON.stringify(lead)))).status).toBe(200);
  // The leads' records (src/api/store/lead-store.ts: LEADS_DIR/lead/<id>.json), their fields as posted.
  const folder = path.join(site.leads, 'lead');
  const stored = await Promise.all(
    (await readdir(folder)).filter((name) => name.endsWith('.json')).map((name) => readFile(path.join(folder, name), 'utf8')),
  );
  const fields = (text: string) => {
    const { name, email, phone, message } = JSON.parse(text);
    return { name, email, phone, message };
  };
  expect(stored.map(fields)).toContainEqual(lead);
  expect(server.child.exitCode).toBeNull();
});
