/**
 * Audience counting on Cloudflare's own runtime: the shared `wrangler pages dev` (cloudflare-runtime.ts) over the
 * site with its receiver, with the two local D1 databases, the leads' (src/hosts/cloudflare/migrations/) and the
 * audience's own (src/hosts/cloudflare/migrations-audience/). The same two visitors as on Node give the same figures
 * through `npm run stats -- --local`, once their counts, written after each 204 (`waitUntil`), are in.
 */
import { afterTwoVisitors, chromeAgent, stats, twoVisitors } from './audience-visits.ts';
import { expect, test } from './cloudflare-runtime.ts';

test.describe.configure({ mode: 'serial' });

test.beforeAll(({ cloudflare }) => cloudflare.clean());
test.afterAll(({ cloudflare }) => cloudflare.clean());

test('two visitors, with and without JavaScript, are counted exactly in D1', async ({ browser, cloudflare }) => {
  await twoVisitors(browser, cloudflare.origin);
  const local = () => stats(['--local', '--persist-to', cloudflare.persistTo]);
  await expect.poll(local, { timeout: 60_000 }).toMatchObject(afterTwoVisitors);
  // Their counts are in the audience's own database: the leads' one holds the two leads and not one count.
  const { leadsDb } = cloudflare;
  expect(await leadsDb("SELECT count(*) AS n FROM kv WHERE key LIKE 'day/%' OR key LIKE 'visitor/%'", [])).toEqual([{ n: 0 }]);
  expect(await leadsDb("SELECT count(*) AS n FROM kv WHERE key LIKE 'lead/%'", [])).toEqual([{ n: 2 }]);
});

test('a bot, Sec-GPC and a prerender are answered 204 and not counted', async ({ request, cloudflare }) => {
  const url = cloudflare.origin;
  const local = () => stats(['--local', '--persist-to', cloudflare.persistTo]);
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
