/**
 * One URL form, served with 200 by every supported host (flat files: `/about` is about.html), and a
 * `_headers` file that every host reads the same way.
 */
import { publishedGuides } from '../../src/site/guides/guides.ts';
import { readFileSync } from 'node:fs';
import { describe, expect, test } from 'vitest';
import { executableScripts, hashSource } from '../../tools/build/csp.ts';
import { headersFor, parseHeaders } from '../../src/hosts/node/headers.ts';
import { indexedPages, pages } from '../../src/site/registry.ts';
import { siteUrlFrom } from '../../src/site/site-url.ts';
import { attributeValues, inlineStyles, pagesOnDisk, read } from './dist.ts';

const siteUrl = siteUrlFrom(process.env);

/** A same-site path in a form the hosts redirect: trailing slash, `.html`, or `index`. */
function redirectedForm(pathname: string): boolean {
  if (pathname === '/') return false;
  return pathname.endsWith('/') || pathname.endsWith('.html') || /\/index$/.test(pathname);
}

/** Same-site URLs of a page: links, canonical, og:url, JSON-LD. */
function sameSitePaths(html: string): string[] {
  const urls = [
    ...attributeValues(html, 'a', 'href'),
    ...attributeValues(html, 'link', 'href', /rel="canonical"/),
    ...attributeValues(html, 'meta', 'content', /property="og:url"/),
    ...[...html.matchAll(/"url":"([^"]+)"/g)].map((match) => match[1] ?? ''),
  ];
  return urls.flatMap((value) => {
    if (/^(mailto:|tel:|#)/.test(value)) return [];
    const url = new URL(value, `${siteUrl}/`);
    return url.origin === siteUrl ? [url.pathname] : [];
  });
}

describe('URLs: the form every host serves without a redirect', () => {
  test('every page is a flat file: about.html, served at /about', () => {
    expect(pagesOnDisk.map((page) => page.file)).toContain('dist/about.html');
    for (const page of pagesOnDisk.filter((entry) => entry.path !== '/')) expect(page.file).not.toMatch(/index\.html$/);
  });

  for (const page of pagesOnDisk) {
    test(`${page.file}: links, canonical, og:url and JSON-LD use no redirected form`, () => {
      const paths = sameSitePaths(read(page.file));
      expect(paths.length).toBeGreaterThan(0);
      expect(paths.filter(redirectedForm)).toEqual([]);
    });
  }

  test('the sitemap and robots.txt use the same form', () => {
    const locations = [...read('dist/sitemap.xml').matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => new URL(match[1] ?? ''));
    // Every page meant for search engines (the confirmation page is `index: false`).
    expect(locations.map((url) => url.pathname).sort()).toEqual(
      [...indexedPages, ...publishedGuides()].map((page) => page.path as string).sort(),
    );
    expect(locations.filter((url) => redirectedForm(url.pathname))).toEqual([]);
    expect(read('dist/robots.txt')).toContain(`Sitemap: ${siteUrl}/sitemap.xml`);
  });

  test('the check catches the forms hosts redirect', () => {
    expect(['/about/', '/about.html', '/index', '/faq/index'].every(redirectedForm)).toBe(true);
    expect(['/', '/about', '/contact'].some(redirectedForm)).toBe(false);
  });
});

describe('dist/_headers, read the way Cloudflare Pages reads it', () => {
  const text = readFileSync('dist/_headers', 'utf8');
  const rules = parseHeaders(text);

  test('one rule per path pattern, at most 100 rules, no line over 2,000 characters, no detach (!) line', () => {
    const patterns = text.split('\n').filter((line) => line !== '' && !/^\s/.test(line) && !line.startsWith('#'));
    expect(new Set(patterns).size).toBe(patterns.length);
    expect(patterns.length).toBeLessThanOrEqual(100);
    for (const line of text.split('\n')) expect(line.length).toBeLessThanOrEqual(2000);
    expect(text.split('\n').filter((line) => /^\s+!/.test(line))).toEqual([]);
  });

  const securityHeaders = [
    'content-security-policy',
    'referrer-policy',
    'x-content-type-options',
    'permissions-policy',
    'strict-transport-security',
    'x-frame-options',
    'cross-origin-opener-policy',
  ];

  for (const path of [...pages.map((page) => page.path as string), '/page-inconnue']) {
    test(`${path} ends up with every security header and exactly one CSP policy`, () => {
      const headers = headersFor(rules, path);
      for (const name of securityHeaders) expect(headers.get(name), name).toBeTruthy();
      const csp = headers.get('content-security-policy') ?? '';
      expect(csp.match(/default-src/g)).toHaveLength(1);
      expect(csp).toContain("frame-ancestors 'none'");
      // The page's own <style> and loader, allowed by their hashes, by the header and by the page's <meta>.
      const html = read(pagesOnDisk.find((page) => page.path === path)?.file ?? 'dist/404.html');
      const [loader] = executableScripts(html);
      const [css] = inlineStyles(html);
      const allowed = [`script-src 'self' ${hashSource(loader?.inline ?? '')};`, `style-src 'self' ${hashSource(css ?? '')};`];
      const metaPolicy = attributeValues(html, 'meta', 'content', /http-equiv="Content-Security-Policy"/)[0] ?? '';
      for (const directive of allowed) {
        expect(csp).toContain(directive);
        expect(metaPolicy).toContain(directive);
      }
    });
  }

  test('a pattern written twice keeps only its last rule, as on Cloudflare', () => {
    const twice = parseHeaders(['/*', '  X-A: 1', '  X-B: 1', '/*', '  X-C: 2'].join('\n'));
    expect(Object.fromEntries(headersFor(twice, '/about'))).toEqual({ 'x-c': '2' });
  });
});
