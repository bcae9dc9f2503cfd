/**
 * Audience counting (src/api/audience/) on the Node server, as `npm start` runs it: two visitors, one with
 * JavaScript and one without, read three pages, then /contact, and send the form; `npm run stats -- --json`
 * then gives exactly what they did, once the server has stopped. Nothing identifying is left in their browsers,
 * and a bot, `Sec-GPC: 1`, a prefetch or prerender never shown, and a visitor who objected are not counted.
 */
import { execFile } from 'node:child_process';
import { createServer } from 'node:http';
import { mkdtemp, readdir, readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import { type Browser, expect, type TestInfo, test } from '@playwright/test';
import { createSiteServer, type SiteServer } from '../../src/hosts/node/site-server.ts';
import { afterTwoVisitors, chromeAgent, firefoxAgent, read, stats as statsOf, twoVisitors } from './audience-visits.ts';
import { listen, receiverBuild, root } from './build-copy.ts';

// Two browsers' visits, then `npm run stats` in its own process: more than the default 30 s on a busy machine.
test.describe.configure({ mode: 'serial', timeout: 120_000 });

let builtSite = '';
let site: SiteServer | undefined;

test.beforeAll(async () => {
  builtSite = await receiverBuild();
});

test.afterEach(async () => {
  await site?.stop(1000);
  site = undefined;
});

/** The server of `npm start`, its leads and its counts each in a folder of their own. */
async function startSite() {
  const folder = await mkdtemp(path.join(tmpdir(), 'propllc-e2e-audience-'));
  const leadsDir = path.join(folder, 'leads');
  const audienceDir = path.join(folder, 'audience');
  site = await createSiteServer({
    root: builtSite,
    env: { LEADS_DIR: leadsDir, AUDIENCE_DIR: audienceDir },
    log: () => undefined,
    logError: () => undefined,
  });
  return { url: `http://127.0.0.1:${await listen(site.server)}`, audienceDir };
}

/** `npm run stats -- --json` over that folder. */
const stats = (audienceDir: string) => statsOf([], { AUDIENCE_DIR: audienceDir });

/**
 * `npm run stats -- --html`: one page with no script that opens offline in Chromium with no console error, its
 * figures in French and its three charts drawn as SVG; its screenshot goes into the test report.
 */
async function htmlReportOpens(audienceDir: string, browser: Browser, testInfo: TestInfo) {
  const file = path.join(audienceDir, 'rapport.html');
  await promisify(execFile)(process.execPath, ['--import', 'tsx', 'ops/stats/stats.ts', '--html', file], {
    cwd: root,
    env: { ...process.env, AUDIENCE_DIR: audienceDir, NODE_OPTIONS: '' },
  });
  const html = await readFile(file, 'utf8');
  expect(html).not.toMatch(/<script|<link|src="http/i);
  const context = await browser.newContext({ offline: true });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(error.message));
  await page.goto(pathToFileURL(file).href);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Audience de PropLLC');
  // Visitors, views, reached /contact, clicks on a way to reach us (in all, then WhatsApp's), leads.
  await expect(page.getByRole('definition')).toHaveText([
    '2',
    '9',
    '2 (100\u202f% des visiteurs)',
    '1',
    '1',
    '2 (100\u202f% des visiteurs)',
  ]);
  await expect(page.getByRole('term')).toContainText(['Clics vers un moyen de nous joindre', 'WhatsApp']);
  for (const chart of ['Visiteurs et messages reçus par jour', 'Le chemin vers la page de contact', 'Pages les plus lues']) {
    await expect(page.getByRole('img', { name: chart }).locator('svg')).toBeVisible();
  }
  await expect(page.getByRole('img', { name: 'Le chemin vers la page de contact' })).toContainText('Ont envoyé un message');
  await testInfo.attach('rapport-audience', { body: await page.screenshot({ fullPage: true }), contentType: 'image/png' });
  expect(errors).toEqual([]);
  await context.close();
}

test('two visitors, with and without JavaScript, are counted exactly, and nothing is left in their browsers', async ({
  browser,
}, testInfo) => {
  const { url, audienceDir } = await startSite();

  await twoVisitors(browser, url);

  // Once the server has stopped, nothing counted is lost: the counts held in memory are written by the stop.
  await site?.stop(2000);
  site = undefined;
  expect(await stats(audienceDir)).toEqual({
    since: expect.any(String),
    until: expect.any(String),
    days: expect.any(Array),
    ...afterTwoVisitors,
    dropped: 0,
    capped: { views: [], visitors: [], referrers: [] },
  });
  await htmlReportOpens(audienceDir, browser, testInfo);
  // The day's salt and hashes live apart from the totals, which hold no hash.
  const audienceFiles = await readdir(path.join(audienceDir, 'day'));
  expect(audienceFiles).toHaveLength(1);
});

test('a bot, Sec-GPC, a prefetch or prerender, a page under /api/, another site’s image and a visitor who objected are not counted', async ({
  browser,
  request,
}) => {
  const { url, audienceDir } = await startSite();
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

  // The GDPR notice's link, without JavaScript: the choice is kept in the one cookie the site sets, for objecting
  // visitors only. The notice says what is counted and for how long.
  const objecting = await browser.newContext({ userAgent: chromeAgent, javaScriptEnabled: false });
  const page = await objecting.newPage();
  await page.goto(`${url}/legal`);
  const cookies = page.getByRole('region', { name: 'Cookies' });
  await expect(cookies).toContainText('Il n’enregistre ni cookie ni autre identifiant dans votre navigateur.');
  await expect(cookies).toContainText('conservés 25\u00a0mois puis supprimés');
  await cookies.getByRole('link', { name: 'Ne pas être compté' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Vous ne serez plus compté');
  const [cookie] = await objecting.cookies();
  expect(cookie).toMatchObject({ name: 'ne-pas-compter', value: '1', path: '/api/count', httpOnly: true, sameSite: 'Lax' });
  await read(page, `${url}/about`);

  // Another site can neither count its own visitors as ours (an <img>) nor undo the objection (a link): the
  // browser says where each request comes from (Sec-Fetch-Site: cross-site). That site is served on this machine
  // too (browsers keep pages elsewhere from loading local addresses), under another name: `localhost`.
  const otherPage = `<!doctype html><title>Autre</title><img src="${url}/api/count?p=%2Fterms" alt=""><a href="${url}/api/count?objection=0">Lien</a>`;
  const other = createServer((_request, response) => response.writeHead(200, { 'Content-Type': 'text/html' }).end(otherPage));
  const otherSite = `http://localhost:${await listen(other)}/`;
  const elsewhere = await browser.newContext({ userAgent: chromeAgent });
  const imagePage = await elsewhere.newPage();
  const imageCounted = imagePage.waitForResponse((response) => new URL(response.url()).pathname === '/api/count');
  await imagePage.goto(otherSite);
  expect((await imageCounted).status()).toBe(204);
  await page.goto(otherSite);
  await page.getByRole('link', { name: 'Lien' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Votre choix n’a pas été modifié');
  expect(await objecting.cookies()).toEqual([expect.objectContaining({ name: 'ne-pas-compter', value: '1' })]);
  await elsewhere.close();
  other.closeAllConnections();
  other.close();

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
  // Counted: the objecting visitor's view of /legal before they objected, and the prerendered page once shown;
  // not the other site's image of /terms.
  const figures = await stats(audienceDir);
  expect(figures).toMatchObject({ visitors: 2, pageviews: 2 });
  expect(figures.pages).toEqual({ '/legal': 1, '/faq': 1 });
});
