/**
 * The site on Cloudflare's own runtime: the shared `wrangler pages dev` (workerd, with wrangler.toml:
 * cloudflare-runtime.ts) serves the built pages and the contact function as Cloudflare Pages would. Every sitemap
 * URL and every same-site link answers 200 with no redirect and the full set of security headers, with exactly one
 * CSP policy; Chromium records no CSP violation; an unknown path gets 404.html with status 404; the contact
 * function answers its table. Without any delivery set, the function answers 503: that runtime has one, so the
 * answer is tested in-process (tests/unit/cloudflare-unconfigured.test.ts).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { watchViolations } from './csp-violations.ts';
import { cloudflareLines } from '../../src/hosts/cloudflare/lines.ts';
import { indexedPages } from '../../src/site/registry.ts';
import { pagePaths, unknownPath } from './routes.ts';
import { islandHydrated } from './page-ready.ts';
import { validLead } from '../fixtures/visitor.ts';
import { expect, test } from './cloudflare-runtime.ts';

test.describe.configure({ mode: 'serial' });

let origin = '';
let site = '';

test.beforeAll(async ({ cloudflare }) => {
  ({ origin, site } = cloudflare);
  await cloudflare.clean();
});

test.afterAll(({ cloudflare }) => cloudflare.clean());

const securityHeaders = {
  'strict-transport-security': /^max-age=\d{7,}; includeSubDomains$/,
  'permissions-policy': /camera=\(\)/,
  'x-frame-options': /^DENY$/,
  'cross-origin-opener-policy': /^same-origin$/,
  'referrer-policy': /^strict-origin-when-cross-origin$/,
  'x-content-type-options': /^nosniff$/,
};

function expectSecurityHeaders(headers: Record<string, string>, url: string) {
  for (const [name, value] of Object.entries(securityHeaders)) expect(headers[name], `${url} ${name}`).toMatch(value);
  const csp = headers['content-security-policy'] ?? '';
  expect(csp.match(/default-src/g), `${url}: one CSP policy`).toHaveLength(1);
  // The site's files, and the inline loader and stylesheet by their hashes.
  expect(csp, url).toMatch(/script-src 'self' 'sha256-[\w+/]{43}=';/);
  expect(csp, url).toMatch(/style-src 'self' 'sha256-[\w+/]{43}=';/);
  expect(csp, url).toContain("frame-ancestors 'none'");
}

test('every sitemap URL and every same-site link: 200, no redirect, every security header, one CSP policy', async ({ request }) => {
  const sitemap = readFileSync(join(site, 'sitemap.xml'), 'utf8');
  const queue = [...sitemap.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => new URL(match[1] ?? '').pathname);
  expect(queue.length).toBeGreaterThan(5);
  const seen = new Set<string>();
  while (queue.length > 0) {
    const path = queue.shift() ?? '';
    if (seen.has(path)) continue;
    seen.add(path);
    const response = await request.get(`${origin}${path}`, { maxRedirects: 0 });
    expect(response.status(), path).toBe(200);
    const headers = response.headers();
    expectSecurityHeaders(headers, path);
    if (!headers['content-type']?.startsWith('text/html')) continue;
    for (const match of (await response.text()).matchAll(/<a\b[^>]*\shref="([^"]*)"/g)) {
      const url = new URL(match[1] ?? '', `${origin}${path}`);
      // The function's routes are no pages: the GDPR notice's objection links (/api/count?objection=…, in a build
      // with the receiver) get the function's answer, whose headers the contact function's tests below read.
      if (url.origin === origin && !url.pathname.startsWith('/api/') && !seen.has(url.pathname)) queue.push(url.pathname);
    }
  }
  // Every page search engines may list: a page missing from sitemap.xml is never crawled here.
  expect([...seen]).toEqual(expect.arrayContaining(indexedPages.map((page) => page.path)));
});

test('an unknown path gets 404.html with status 404 and the security headers', async ({ request }) => {
  const response = await request.get(`${origin}${unknownPath}`, { maxRedirects: 0 });
  expect(response.status()).toBe(404);
  expect(await response.text()).toBe(readFileSync(join(site, '404.html'), 'utf8'));
  expectSecurityHeaders(response.headers(), '404');
});

test('the other URL forms redirect to the one the site uses', async ({ request }) => {
  for (const [from, to] of [
    ['/about/', '/about'],
    ['/about.html', '/about'],
  ]) {
    const response = await request.get(`${origin}${from}`, { maxRedirects: 0 });
    expect(response.status(), from).toBe(308);
    expect(response.headers().location, from).toBe(to);
  }
});

test('the speculation rules file is served with its own type', async ({ request }) => {
  const response = await request.get(`${origin}/speculation-rules.json`);
  expect(response.headers()['content-type']).toBe('application/speculationrules+json');
});

test('Chromium records no CSP violation on any page, and the contact form runs', async ({ page }) => {
  const violations = await watchViolations(page);
  for (const path of [...pagePaths.filter((path) => path !== '/contact'), unknownPath]) {
    await page.goto(`${origin}${path}`, { waitUntil: 'networkidle' });
  }
  await page.goto(`${origin}/contact`, { waitUntil: 'networkidle' });
  await islandHydrated(page);
  await page.getByLabel('Nom complet').focus();
  await page.getByRole('button', { name: 'Envoyer le message' }).click();
  await expect(page.getByRole('alert').first()).toBeVisible();
  expect(violations).toEqual([]);
});

test.describe('the contact function (functions/api/contact.ts)', () => {
  const url = () => `${origin}/api/contact`;
  const valid = validLead();

  test('answers its status table, in French, with its own security headers', async ({ request, cloudflare }) => {
    const get = await request.get(url());
    expect(get.status()).toBe(405);
    expect(get.headers().allow).toBe('POST');

    const text = await request.post(url(), { headers: { 'Content-Type': 'text/plain' }, data: 'bonjour' });
    expect(text.status()).toBe(415);

    const big = await request.post(url(), { headers: { 'Content-Type': 'application/json' }, data: 'x'.repeat(17 * 1024) });
    expect(big.status()).toBe(413);

    const crossSite = await request.post(url(), { headers: { Origin: 'https://evil.example' }, data: valid });
    expect(crossSite.status()).toBe(403);

    const malformed = await request.post(url(), { headers: { 'Content-Type': 'application/json', Origin: origin }, data: '{"name":' });
    expect(malformed.status()).toBe(400);

    const invalid = await request.post(url(), { headers: { Origin: origin }, data: { ...valid, email: 'pas-un-email' } });
    expect(invalid.status()).toBe(422);
    expect(await invalid.text()).toContain('Adresse email invalide');

    // Stored in D1, then sent to the webhook.
    const accepted = await request.post(url(), { headers: { Origin: origin }, data: valid });
    expect(accepted.status()).toBe(200);
    expect(await accepted.json()).toMatchObject({ ok: true });
    await expect.poll(() => cloudflare.webhook.received.map((posted) => posted.body.email)).toEqual([valid.email]);
    for (const response of [get, invalid, accepted]) {
      expect(response.headers()['x-content-type-options']).toBe('nosniff');
      expect(response.headers()['content-security-policy']).toContain("frame-ancestors 'none'");
    }
  });

  test('refuses text it would alter, accepts what the form’s maxlength allows, and warns of the missing rate-limit binding', async ({
    request,
    cloudflare,
  }) => {
    const latin1 = await request.post(url(), {
      headers: { 'Content-Type': 'application/json; charset=latin1', Origin: origin },
      data: Buffer.from(JSON.stringify(valid), 'latin1'),
    });
    expect(latin1.status()).toBe(415);
    const notUtf8 = await request.post(url(), {
      headers: { 'Content-Type': 'application/json', Origin: origin },
      data: Buffer.from(JSON.stringify({ ...valid, name: 'Hélène' }), 'latin1'),
    });
    expect(notUtf8.status()).toBe(400);
    const badEscape = await request.post(url(), {
      headers: { 'Content-Type': 'application/x-www-form-urlencoded', Origin: origin, Accept: 'application/json' },
      data: `name=H%E9l%E8ne&email=${encodeURIComponent(valid.email)}&phone=0612345678&message=${'x'.repeat(20)}`,
    });
    expect(badEscape.status()).toBe(400);
    // 1 000 characters as the textarea counts them, 99 line breaks posted as CRLF: valid, and stored as posted.
    const message = Array.from({ length: 100 }, (_, index) => (index === 0 ? 'x'.repeat(10) : 'y'.repeat(9))).join('\r\n');
    const longest = await request.post(url(), {
      headers: { 'Content-Type': 'application/x-www-form-urlencoded', Origin: origin, Accept: 'application/json' },
      data: new URLSearchParams({ ...valid, message }).toString(),
    });
    expect(longest.status()).toBe(200);
    expect((await cloudflare.leads.list()).leads.map((lead) => lead.message)).toContain(message.replaceAll('\r\n', '\n'));
    // No Rate Limiting binding in a local run: the function warns that each isolate counts on its own.
    expect(cloudflare.output()).toContain(cloudflareLines.rateLimitBindingMissing);
  });
});
