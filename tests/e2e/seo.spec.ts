/** What search engines and social networks read: head tags, structured data, sitemap, robots, icons. */
import { expect, type Page, test } from '@playwright/test';
import { publishedGuides } from '../../src/site/guides/guides.ts';
import { guidesBase, indexedPages, isIndexed, pages } from '../../src/site/registry.ts';
import { shareImagePath } from '../../src/site/share-image.ts';
import { siteUrlFrom } from '../../src/site/site-url.ts';
import { allPaths, unknownPath } from './routes.ts';

// The build and the tests read the same setting: `SITE_URL=… npm test` checks a build made for that origin.
const siteUrl = siteUrlFrom(process.env);
const canonicalOf = (path: string) => `${siteUrl}${path}`;

test.describe('head tags of every page', () => {
  // One page walks every route (a step each): a new browser page per route costs more than the checks themselves.
  test('every page: title, description, canonical, Open Graph, Twitter card, JSON-LD, no failed request; titles and descriptions unique', async ({
    page,
  }) => {
    const seen = { titles: new Map<string, string>(), descriptions: new Map<string, string>() };
    let current = '';
    const failures: string[] = [];
    page.on('response', (response) => {
      const isDocument = response.request().resourceType() === 'document';
      if (response.status() >= 400 && !(isDocument && current === unknownPath)) {
        failures.push(`${response.status()} ${response.url()}`);
      }
    });
    page.on('requestfailed', (request) => failures.push(`failed ${request.url()}`));

    for (const path of allPaths) {
      await test.step(path, async () => {
        current = path;
        const response = await page.goto(path, { waitUntil: 'networkidle' });
        expect(failures, 'requests that failed').toEqual([]);
        await describesTheOrganisation(page);
        if (path === unknownPath) {
          // The 404 page is kept out of search results and has no canonical link.
          expect(response?.status()).toBe(404);
          await expect(page.locator('head meta[name="robots"]')).toHaveAttribute('content', /noindex/);
          await expect(page.locator('head link[rel="canonical"]')).toHaveCount(0);
          return;
        }
        const title = await page.title();
        const meta = (selector: string) => page.locator(`head meta[${selector}]`).getAttribute('content');
        const description = await meta('name="description"');
        expect(title.length).toBeGreaterThanOrEqual(10);
        expect(description?.length ?? 0).toBeGreaterThanOrEqual(50);

        await expect(page.locator('head link[rel="canonical"]')).toHaveAttribute('href', canonicalOf(path));
        expect(await meta('property="og:title"')).toBe(title);
        expect(await meta('property="og:description"')).toBe(description);
        expect(await meta('property="og:url"')).toBe(canonicalOf(path));
        // A guide is an article (with its dates, its Article data: tests/built/guides.test.ts); a page a website.
        expect(await meta('property="og:type"')).toBe(path.startsWith(`${guidesBase}/`) ? 'article' : 'website');
        expect(await meta('property="og:locale"')).toBe('fr_FR');
        expect(await meta('property="og:image"')).toBe(`${siteUrl}${shareImagePath(path)}`);
        expect(await meta('property="og:image:alt"')).toBeTruthy();
        expect(await meta('name="twitter:card"')).toBe('summary_large_image');
        // Only the pages the registry keeps out of search results (the contact confirmation) say so.
        if (isIndexed(path)) await expect(page.locator('head meta[name="robots"]')).toHaveCount(0);
        else await expect(page.locator('head meta[name="robots"]')).toHaveAttribute('content', 'noindex');
        expect(await page.locator('html').getAttribute('lang')).toBe('fr');

        expect(seen.titles.get(title), `title of ${path}`).toBeUndefined();
        expect(seen.descriptions.get(description ?? ''), `description of ${path}`).toBeUndefined();
        seen.titles.set(title, path);
        seen.descriptions.set(description ?? '', path);
      });
    }
    expect(seen.titles.size).toBe(allPaths.filter((path) => path !== unknownPath).length);
  });

  test('head tags follow client-side navigation', async ({ page }) => {
    await page.goto('/', { waitUntil: 'networkidle' });
    const target = pages.find((entry) => entry.path !== '/')?.path ?? '/';
    await page.locator(`footer a[href="${target}"]`).first().click();
    await expect(page).toHaveURL(target);
    await expect(page.locator('head link[rel="canonical"]')).toHaveAttribute('href', canonicalOf(target));
    await expect(page.locator('head link[rel="canonical"]')).toHaveCount(1);
    await expect(page.locator('head meta[property="og:url"]')).toHaveAttribute('content', canonicalOf(target));
  });
});

/** The page describes the organisation in JSON-LD. */
async function describesTheOrganisation(page: Page) {
  const blocks = await page.locator('script[type="application/ld+json"]').allTextContents();
  const organization = blocks
    .map((text) => JSON.parse(text) as Record<string, unknown>)
    .find((data) => data['@type'] === 'Organization');
  expect(organization).toMatchObject({
    '@context': 'https://schema.org',
    name: 'PropLLC',
    url: `${siteUrl}/`,
    logo: `${siteUrl}/icon-512.png`,
    email: expect.stringMatching(/^[^@\s]+@[^@\s]+\.[a-z]{2,}$/),
  });
}

test('sitemap.xml lists the public pages and the published guides, and nothing else; robots.txt points to it', async ({ request }) => {
  const sitemap = await (await request.get('/sitemap.xml')).text();
  const locations = [...sitemap.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => match[1]);
  const published = [...indexedPages.map((page) => page.path as string), ...publishedGuides().map((guide) => guide.path)];
  expect(locations.sort()).toEqual(published.map(canonicalOf).sort());
  expect(locations).not.toContain(canonicalOf('/contact/merci'));
  const robots = await (await request.get('/robots.txt')).text();
  expect(robots).toContain(`Sitemap: ${siteUrl}/sitemap.xml`);
  expect(robots).not.toMatch(/Disallow:\s*\/\s*$/m);
  // A noindex page must stay crawlable, or its robots tag would never be read.
  expect(robots).not.toMatch(/Disallow:\s*\/contact/);
});

test('the share image is the 1200 × 630 PNG the tags announce', async ({ page, request }) => {
  await page.goto('/');
  const image = new URL((await page.locator('head meta[property="og:image"]').getAttribute('content')) ?? '');
  const response = await request.get(image.pathname);
  expect(response.headers()['content-type']).toBe('image/png');
  const bytes = await response.body();
  expect([bytes.readUInt32BE(16), bytes.readUInt32BE(20)]).toEqual([1200, 630]);
  expect(await page.locator('head meta[property="og:image:width"]').getAttribute('content')).toBe('1200');
  expect(await page.locator('head meta[property="og:image:height"]').getAttribute('content')).toBe('630');
});

test.describe('icons and manifest', () => {
  test('every icon and the manifest (with its icons) exist', async ({ page, request }) => {
    await page.goto('/');
    const hrefs = await page
      .locator('head link[rel="icon"], head link[rel="apple-touch-icon"], head link[rel="manifest"]')
      .evaluateAll((links) => links.map((link) => link.getAttribute('href') ?? ''));
    expect(hrefs).toEqual(expect.arrayContaining(['/favicon.ico', '/favicon.svg', '/apple-touch-icon.png', '/site.webmanifest']));
    for (const href of hrefs) expect((await request.get(href)).status(), href).toBe(200);
    const manifestResponse = await request.get('/site.webmanifest');
    // Browsers ignore a manifest served with another type.
    expect(manifestResponse.headers()['content-type']).toBe('application/manifest+json; charset=utf-8');
    const manifest = (await manifestResponse.json()) as {
      lang: string;
      start_url: string;
      icons: { src: string; sizes: string }[];
    };
    expect(manifest.lang).toBe('fr');
    expect(manifest.start_url).toBe('/');
    expect(manifest.icons.map((icon) => icon.sizes)).toEqual(expect.arrayContaining(['192x192', '512x512']));
    for (const icon of manifest.icons) expect((await request.get(icon.src)).status(), icon.src).toBe(200);
  });
});
