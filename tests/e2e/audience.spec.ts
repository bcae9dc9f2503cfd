/**
 * Audience counting (src/audience/) on the Node server, as `npm start` runs it: two visitors, one with
 * JavaScript and one without, read three pages, then /contact, and send the form; `npm run stats -- --json`
 * then gives exactly what they did, once the server has stopped. Nothing identifying is left in their browsers,
 * and a bot, `Sec-GPC: 1`, a prefetch or prerender never shown, and a visitor who objected are not counted.
 */
import { execFile } from 'node:child_process';
import { mkdtemp, readdir } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { type BrowserContext, expect, type Page, test } from '@playwright/test';
import { createSiteServer, type SiteServer } from '../../src/server/site-server.ts';
import { buildCopy, listen, root } from './build-copy.ts';
import { islandHydrated } from './page-ready.ts';

test.describe.configure({ mode: 'serial' });

/** Ordinary browsers' User-Agents: headless Chromium's own says « HeadlessChrome », which isbot calls a bot. */
const chromeAgent = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/150.0.0.0 Safari/537.36';
const firefoxAgent = 'Mozilla/5.0 (X11; Linux x86_64; rv:153.0) Gecko/20100101 Firefox/153.0';

let builtSite = '';
let site: SiteServer | undefined;

test.beforeAll(async () => {
  test.setTimeout(240_000);
  builtSite = await buildCopy('e2e-audience', { VITE_CONTACT_ENDPOINT: '/api/contact' });
});

test.afterEach(async () => {
  await site?.stop(1000);
  site = undefined;
});

async function startSite() {
  const leadsDir = await mkdtemp(path.join(tmpdir(), 'propllc-e2e-audience-'));
  site = await createSiteServer({ root: builtSite, env: { LEADS_DIR: leadsDir }, log: () => undefined, logError: () => undefined });
  return { url: `http://127.0.0.1:${await listen(site.server)}`, leadsDir };
}

/** `npm run stats -- --json` over that folder. */
async function stats(leadsDir: string) {
  const { stdout } = await promisify(execFile)('npx', ['tsx', 'scripts/stats.ts', '--json'], {
    cwd: root,
    env: { ...process.env, LEADS_DIR: leadsDir, NODE_OPTIONS: '' },
  });
  return JSON.parse(stdout) as {
    visitors: number;
    pageviews: number;
    pages: Record<string, number>;
    referrers: Record<string, number>;
    reachedContact: number;
    contactFrom: Record<string, number>;
    leads: number;
  };
}

/** Opens `url` and waits until its view has been answered by the count endpoint. */
async function read(page: Page, url: string, referer?: string) {
  const counted = page.waitForResponse((response) => new URL(response.url()).pathname === '/api/count');
  await page.goto(url, referer ? { referer } : {});
  expect((await counted).status()).toBe(204);
}

async function fillAndSubmit(page: Page) {
  await page.getByLabel('Nom complet').fill('Jeanne Martin');
  await page.getByLabel('Adresse email').fill('jeanne.martin@example.com');
  await page.getByLabel('Numéro de téléphone').fill('+33 6 12 34 56 78');
  await page.getByLabel('Message', { exact: true }).fill('Bonjour, je voudrais encaisser mes payouts sur une LLC.');
  await page.getByRole('button', { name: 'Envoyer le message' }).click();
}

async function noStoredIdentifier(context: BrowserContext, page: Page, javaScript: boolean) {
  expect(await context.cookies()).toEqual([]);
  if (!javaScript) return;
  const storage = await page.evaluate(async () => ({
    local: localStorage.length,
    session: sessionStorage.length,
    databases: (await indexedDB.databases()).length,
  }));
  expect(storage).toEqual({ local: 0, session: 0, databases: 0 });
}

test('two visitors, with and without JavaScript, are counted exactly, and nothing is left in their browsers', async ({ browser }) => {
  const { url, leadsDir } = await startSite();

  const withScript = await browser.newContext({ userAgent: chromeAgent });
  const first = await withScript.newPage();
  await read(first, `${url}/`, 'https://www.example.org/recherche?q=llc&utm_source=campagne');
  await read(first, `${url}/about`);
  await read(first, `${url}/faq`);
  await read(first, `${url}/contact`);
  await islandHydrated(first);
  await fillAndSubmit(first);
  await expect(first.getByRole('status')).toContainText('Message envoyé');
  await noStoredIdentifier(withScript, first, true);
  await withScript.close();

  const withoutScript = await browser.newContext({ userAgent: firefoxAgent, javaScriptEnabled: false });
  const second = await withoutScript.newPage();
  await read(second, `${url}/`);
  await read(second, `${url}/how-it-works`);
  await read(second, `${url}/terms`);
  await read(second, `${url}/contact`);
  const confirmation = second.waitForResponse((response) => new URL(response.url()).pathname === '/api/count');
  await fillAndSubmit(second);
  await expect(second).toHaveURL(`${url}/contact/merci`);
  await confirmation;
  await noStoredIdentifier(withoutScript, second, false);
  await withoutScript.close();

  // Once the server has stopped, nothing counted is lost.
  await site?.stop(2000);
  site = undefined;
  const figures = await stats(leadsDir);
  expect(figures).toMatchObject({ visitors: 2, pageviews: 9, reachedContact: 2, leads: 2 });
  expect(figures.pages).toEqual({
    '/': 2,
    '/contact': 2,
    '/about': 1,
    '/contact/merci': 1,
    '/faq': 1,
    '/how-it-works': 1,
    '/terms': 1,
  });
  // The outside referrer's host only: no path, no query, no campaign parameter.
  expect(figures.referrers).toEqual({ 'www.example.org': 1 });
  expect(figures.contactFrom).toEqual({ '/faq': 1, '/terms': 1 });
  // The day's salt and hashes live apart from the totals, which hold no hash.
  const audienceFiles = await readdir(path.join(leadsDir, 'audience', 'days'));
  expect(audienceFiles).toHaveLength(1);
});

test('a bot, Sec-GPC, a prefetch or prerender, a page under /api/ and a visitor who objected are not counted', async ({
  browser,
  request,
}) => {
  const { url, leadsDir } = await startSite();
  const count = (headers: Record<string, string>, page = '/about') =>
    request.post(`${url}/api/count?p=${encodeURIComponent(page)}`, { headers: { 'User-Agent': chromeAgent, ...headers } });
  for (const answer of await Promise.all([
    count({ 'User-Agent': 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)' }),
    count({ 'User-Agent': `${chromeAgent.replace('Chrome/', 'HeadlessChrome/')}` }),
    count({ 'Sec-GPC': '1' }),
    count({ 'Sec-Purpose': 'prefetch;prerender' }),
    count({ 'Sec-Purpose': 'prefetch' }),
    count({}, '/api/contact'),
  ])) {
    expect(answer.status()).toBe(204);
  }

  // The GDPR notice's link: the choice is kept in the one cookie the site sets, for objecting visitors only.
  const objecting = await browser.newContext({ userAgent: chromeAgent });
  const page = await objecting.newPage();
  await page.goto(`${url}/api/count?objection=1`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Vous ne serez plus compté');
  const [cookie] = await objecting.cookies();
  expect(cookie).toMatchObject({ name: 'ne-pas-compter', value: '1', path: '/api/count', httpOnly: true, sameSite: 'Lax' });
  await read(page, `${url}/about`);

  // A prerendered page never shown sends nothing; shown, it sends its view once.
  const prerendered = await browser.newContext({ userAgent: firefoxAgent });
  const shown = await prerendered.newPage();
  await shown.addInitScript(() => {
    Object.defineProperty(document, 'prerendering', { configurable: true, get: () => true });
  });
  const beacons: string[] = [];
  shown.on('request', (sent) => {
    if (new URL(sent.url()).pathname === '/api/count') beacons.push(sent.url());
  });
  await shown.goto(`${url}/faq`);
  await expect(shown.locator('[data-menu-toggle]')).toHaveAttribute('aria-expanded', 'false');
  expect(beacons).toEqual([]);
  const counted = shown.waitForResponse((response) => new URL(response.url()).pathname === '/api/count');
  await shown.evaluate(() => {
    Object.defineProperty(document, 'prerendering', { configurable: true, get: () => false });
    document.dispatchEvent(new Event('prerenderingchange'));
  });
  await counted;
  expect(beacons).toHaveLength(1);
  await objecting.close();
  await prerendered.close();

  await site?.stop(2000);
  site = undefined;
  expect(await stats(leadsDir)).toMatchObject({ visitors: 1, pageviews: 1, pages: { '/faq': 1 } });
});
