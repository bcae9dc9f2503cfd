/**
 * Audience counting on Cloudflare's own runtime: `wrangler pages dev` over a build made for it (CONTACT_STORE=d1,
 * the site's receiver) with the two local D1 databases, the leads' (src/hosts/cloudflare/migrations/) and the audience's own
 * (src/hosts/cloudflare/migrations-audience/), migrated into a folder of this run. The same
 * two visitors as on Node give the same figures through `npm run stats -- --local`, once their counts, written
 * after each 204 (`waitUntil`), are in.
 */
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { afterTwoVisitors, chromeAgent, stats, twoVisitors } from './audience-visits.ts';
import { buildCopy, root } from './build-copy.ts';
import { wranglerRunner } from '../../src/hosts/cloudflare/wrangler-d1.ts';
import { migrateLocalD1, type PagesDev, startPagesDev } from './wrangler.ts';
import { e2ePorts } from './ports.ts';

test.describe.configure({ mode: 'serial', timeout: 180_000 });

const port = e2ePorts.cloudflareAudience;
const url = `http://127.0.0.1:${port}`;

let wrangler: PagesDev | undefined;
let persistTo = '';

test.beforeAll(async () => {
  test.setTimeout(400_000);
  const site = await buildCopy('e2e-audience-d1', { VITE_CONTACT_ENDPOINT: '/api/contact', CONTACT_STORE: 'd1' });
  persistTo = await mkdtemp(path.join(tmpdir(), 'propllc-d1-audience-'));
  await migrateLocalD1(persistTo);
  const bindings = ['CONTACT_STORE=d1', 'CONTACT_DELIVERY=local', 'CONTACT_RATE_LIMIT=1000'].flatMap((binding) => [
    '--binding',
    binding,
  ]);
  wrangler = await startPagesDev({
    port,
    args: [
      path.relative(root, site),
      '--inspector-port',
      String(e2ePorts.cloudflareAudienceInspector),
      '--persist-to',
      persistTo,
      ...bindings,
    ],
    timeout: 150_000,
  });
});

test.afterAll(async () => {
  await wrangler?.stop();
});

const local = () => stats(['--local', '--persist-to', persistTo]);

test('two visitors, with and without JavaScript, are counted exactly in D1', async ({ browser }) => {
  await twoVisitors(browser, url);
  await expect.poll(local, { timeout: 60_000, intervals: [1000, 2000, 5000] }).toMatchObject(afterTwoVisitors);
  // Their counts are in the audience's own database: the leads' one holds the two leads and not one count.
  const leadsDatabase = wranglerRunner('--local', persistTo);
  expect(await leadsDatabase("SELECT count(*) AS n FROM kv WHERE key LIKE 'day/%' OR key LIKE 'visitor/%'", [])).toEqual([{ n: 0 }]);
  expect(await leadsDatabase("SELECT count(*) AS n FROM kv WHERE key LIKE 'lead/%'", [])).toEqual([{ n: 2 }]);
});

test('a bot, Sec-GPC and a prerender are answered 204 and not counted', async ({ request }) => {
  const before = await local();
  for (const headers of <Record<string, string>[]>[
    { 'User-Agent': 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)' },
    { 'User-Agent': chromeAgent, 'Sec-GPC': '1' },
    { 'User-Agent': chromeAgent, 'Sec-Purpose': 'prefetch;prerender' },
  ]) {
    expect((await request.post(`${url}/api/count?p=%2Fabout`, { headers })).status()).toBe(204);
  }
  // A counted view after them: once it is in, the three before it would be too.
  expect((await request.post(`${url}/api/count?p=%2Fterms`, { headers: { 'User-Agent': chromeAgent } })).status()).toBe(204);
  await expect.poll(async () => (await local()).pageviews, { timeout: 60_000 }).toBe(before.pageviews + 1);
  expect((await local()).pages['/about']).toBe(before.pages['/about']);
});
