/**
 * Islands: pages with nothing interactive are HTML + CSS plus the site script; an island (the contact form, the
 * estimation of /tarifs) is hydrated alone once the page has painted. Byte figures are what the browser received
 * (compressed), from the static server that serves dist/ like a host.
 */
import { expect, test, type Page } from '@playwright/test';
import { distFile, pagesOnDisk, read } from '../../tools/build/dist-reader.ts';
import { islandHydrated, siteScriptRan } from './page-ready.ts';
import { pagePaths, unknownPath } from './routes.ts';

const KB = 1024;

/** Records every script the page fetches, with its transferred body size. */
function recordScripts(page: Page) {
  const scripts: { url: string; bytes: Promise<number> }[] = [];
  page.on('requestfinished', (request) => {
    if (request.resourceType() !== 'script') return;
    scripts.push({ url: new URL(request.url()).pathname, bytes: request.sizes().then((sizes) => sizes.responseBodySize) });
  });
  return async () => {
    const sizes = await Promise.all(scripts.map((script) => script.bytes));
    return { urls: scripts.map((script) => script.url), bytes: sizes.reduce((total, size) => total + size, 0) };
  };
}

/** The pages whose built HTML carries an island: the others must run the site script alone. */
const hasIsland = (path: string) => pagesOnDisk.some((page) => page.path === path && read(page.file).includes('data-island='));
const staticPaths = [...pagePaths.filter((path) => !hasIsland(path)), unknownPath];

/** The chunks an island's code imports (Preact, shared by the islands), by their URL. */
const importedBy = (url: string, other: string) => read(distFile(url)).includes(`./${other.split('/').at(-1)}`);

/**
 * How many of the elements `selector` finds carry a framework's marks: the properties a framework leaves on an
 * element it rendered (React's `__reactFiber$…`, `__reactProps$…`, `_reactListening…`; Preact's `__k`, `__e`, `l`…).
 * Any own property counts, so that a framework's new names count too, except what is no framework's: what the test
 * tools leave (Playwright's trace recorder, on outside CI, marks the element an action or assertion targets with
 * `__playwright_target__`) and a form's own indexed controls (`form[0]`).
 */
const frameworkMarked = (page: Page, selector = '*') =>
  page.evaluate(
    ({ css, tools }) =>
      [...document.querySelectorAll(css)].filter((element) =>
        Object.keys(element).some((key) => !new RegExp(tools).test(key) && !/^\d+$/.test(key)),
      ).length,
    { css: selector, tools: '^__playwright' },
  );

for (const path of staticPaths) {
  test(`${path} fetches only the site script (≤ 1.5 KB), no module preload, no framework`, async ({ page }) => {
    const scripts = recordScripts(page);
    // The site script is fetched after the first paint, which may come after the network has been idle for a while.
    const siteScriptFetched = page.waitForEvent('requestfinished', (request) => /\/assets\/site-/.test(request.url()));
    await page.goto(path, { waitUntil: 'networkidle' });
    await siteScriptFetched;
    // The not-found page stands alone, with no menu for the script to set up.
    if (path !== unknownPath) await siteScriptRan(page);
    await page.waitForLoadState('networkidle');
    const { urls, bytes } = await scripts();
    expect(urls).toEqual([expect.stringMatching(/^\/assets\/site-[\w-]+\.js$/)]);
    expect(bytes, `${bytes} B`).toBeLessThanOrEqual(1.5 * KB);
    await expect(page.locator('link[rel="modulepreload"]')).toHaveCount(0);
    // A framework that renders an element leaves its own properties on it.
    expect(await frameworkMarked(page)).toBe(0);
    expect(await page.evaluate(() => '__reactRouterContext' in window)).toBe(false);
  });
}

test('/contact fetches at most 80 KB of JavaScript, the island after the first paint', async ({ page }) => {
  const scripts = recordScripts(page);
  await page.goto('/contact', { waitUntil: 'networkidle' });
  await islandHydrated(page);
  const { urls, bytes } = await scripts();
  const site = urls.filter((url) => /^\/assets\/site-[\w-]+\.js$/.test(url));
  const island = urls.filter((url) => /^\/assets\/contact-form-[\w-]+\.js$/.test(url));
  expect([site.length, island.length]).toEqual([1, 1]);
  // Nothing else but what the island imports.
  expect(urls.filter((url) => !site.includes(url) && !island.includes(url) && !importedBy(island[0] ?? '', url))).toEqual([]);
  expect(bytes, `${bytes} B`).toBeLessThanOrEqual(80 * KB);
  await expect(page.locator('link[rel="modulepreload"]')).toHaveCount(0);
  const timing = await page.evaluate(() => {
    const island = performance.getEntriesByType('resource').find((entry) => /\/assets\/contact-form-/.test(entry.name));
    const paint = performance.getEntriesByName('first-contentful-paint')[0];
    const navigation = performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming;
    return { island: island?.startTime, paint: paint?.startTime, load: navigation.loadEventStart };
  });
  // Requested once the page has loaded and a frame has been drawn (src/site/client/islands.ts). The paint entry's
  // own time is reported late by a busy headless browser, so the load event is the reliable mark here.
  expect(timing.paint).toBeDefined();
  expect(timing.island).toBeGreaterThanOrEqual(timing.load);
  // Only the form is the island's: the header, the copy and the footer around it stay static.
  expect(await frameworkMarked(page, '[data-island] form, [data-island] input')).toBeGreaterThan(0);
  expect(await frameworkMarked(page, 'header, header *, h1, footer, footer *')).toBe(0);
});

test('reaching for the form loads the island at once, before the browser is idle', async ({ page }) => {
  // No idle time and no load event for a while: only the visitor's focus can start the island.
  await page.addInitScript(() => {
    Object.defineProperty(window, 'requestIdleCallback', { value: () => 0 });
  });
  await page.goto('/contact');
  await siteScriptRan(page);
  await page.getByLabel('Nom complet').focus();
  await islandHydrated(page);
  await expect(page.getByRole('button', { name: 'Envoyer le message' })).toBeEnabled();
});

test('an island that throws shows the error screen in its place, with the message, and logs it', async ({ page }) => {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  // Break the island's data the way a bad deploy could: its copy loses a key the form reads.
  await page.route('**/contact', async (route) => {
    const response = await route.fetch();
    const html = await response.text();
    const broken = html.replace(/(data-island-data="contact-form">[^<]*)"fields":/, '$1"fieldz":');
    expect(broken).not.toBe(html);
    await route.fulfill({ response, body: broken });
  });
  await page.goto('/contact');
  const island = page.locator('[data-island="contact-form"]');
  await expect(island.getByRole('heading', { level: 2, name: 'Unexpected Application Error' })).toBeVisible();
  await expect(island).toContainText('Un problème inattendu est survenu. Rechargez la page ou revenez à l’accueil.');
  await expect(island.locator('pre')).toContainText(/Cannot read properties of undefined/);
  await expect(island.getByRole('link', { name: 'Retour à l’accueil' })).toHaveAttribute('href', '/');
  await expect(island.getByRole('link', { name: 'Nous contacter' })).toHaveAttribute('href', '/contact');
  await expect(island.locator('form')).toHaveCount(0);
  expect(errors.some((text) => /Cannot read properties of undefined/.test(text))).toBe(true);
  // The page around it is untouched.
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Contactez-nous');
  await expect(page.getByRole('banner').getByRole('link', { name: 'Démarrer', exact: true })).toBeVisible();
});

test.describe('Speculation Rules', () => {
  test('every page points to the rules file, served with its own type', async ({ request }) => {
    for (const path of [...pagePaths, unknownPath]) {
      const response = await request.get(path);
      expect(response.headers()['speculation-rules'], path).toBe('"/speculation-rules.json"');
    }
    const rules = await request.get('/speculation-rules.json');
    expect(rules.status()).toBe(200);
    expect(rules.headers()['content-type']).toBe('application/speculationrules+json');
    const body = (await rules.json()) as { prerender: { eagerness: string; where: unknown }[] };
    expect(body.prerender).toEqual([expect.objectContaining({ eagerness: 'moderate' })]);
  });

  test('hovering a link fetches the next page ahead: the navigation is served from the speculation', async ({ page }) => {
    await page.goto('/');
    await siteScriptRan(page);
    const faq = page.getByRole('banner').getByRole('link', { name: 'FAQ', exact: true });
    // `moderate`: the speculation starts after a short hover; the click waits until Chromium says it has the page.
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Preload.enable');
    const fetchedAhead = new Promise<void>((resolve) => {
      const ready = ({ status }: { status: string }) => status === 'Ready' && resolve();
      cdp.on('Preload.prefetchStatusUpdated', ({ status, prefetchUrl }) => prefetchUrl.endsWith('/faq') && ready({ status }));
      cdp.on('Preload.prerenderStatusUpdated', ({ status, key }) => key.url.endsWith('/faq') && ready({ status }));
    });
    await faq.hover();
    await fetchedAhead;
    await faq.click();
    await expect(page).toHaveURL('/faq');
    const deliveryType = await page.evaluate(
      () => (performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming & { deliveryType?: string }).deliveryType,
    );
    // Under automation Chromium fetches the document ahead but does not activate a prerender.
    expect(['navigational-prefetch', 'prerender']).toContain(deliveryType);
  });
});

test('page changes fade with a cross-document view transition, unless reduced motion is asked for', async ({ page }) => {
  await page.goto('/');
  const hasRule = () =>
    page.evaluate(() =>
      [...document.styleSheets].some((sheet) =>
        [...sheet.cssRules].some(
          (rule) =>
            rule instanceof CSSMediaRule && window.matchMedia(rule.conditionText).matches && /@view-transition/.test(rule.cssText),
        ),
      ),
    );
  expect(await hasRule()).toBe(true);
  await page.emulateMedia({ reducedMotion: 'reduce' });
  expect(await hasRule()).toBe(false);
});
