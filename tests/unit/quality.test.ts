/** Head tags, site address, CSP hashing and the _headers parser: the pieces the build and the test server share. */
import { createHash } from 'node:crypto';
import { describe, expect, test } from 'vitest';
import { contactOriginFrom, contentSecurityPolicy, inlineScripts, sha256Source } from '../../scripts/csp.ts';
import { headersFor, parseHeaders } from '../../scripts/headers.ts';
import { seo } from '../../content/seo.ts';
import { pageHead } from '../../src/head.ts';
import { canonicalPath } from '../../src/registry.ts';
import { DEFAULT_SITE_URL, siteUrlFrom } from '../../src/site-url.ts';

describe('site address', () => {
  test('defaults to the production origin and accepts an override without trailing slash', () => {
    expect(siteUrlFrom({})).toBe(DEFAULT_SITE_URL);
    expect(siteUrlFrom({ SITE_URL: 'https://preview.example.org/' })).toBe('https://preview.example.org');
    expect(() => siteUrlFrom({ SITE_URL: 'ftp://example.org' })).toThrow(/http/);
  });

  test('canonical paths drop the trailing slash, except the home page', () => {
    expect(canonicalPath('/about/')).toBe('/about');
    expect(canonicalPath('/')).toBe('/');
  });
});

describe('pageHead', () => {
  const handle = { title: 'Comment ça marche | PropLLC', description: 'Une description de page assez longue pour être valide.' };
  const head = pageHead(handle, '/how-it-works/', { siteName: 'PropLLC', seo });

  test('gives title, description, canonical and Open Graph from the frontmatter', () => {
    expect(head).toContainEqual({ title: handle.title });
    expect(head).toContainEqual({ name: 'description', content: handle.description });
    expect(head).toContainEqual({ tagName: 'link', rel: 'canonical', href: `${DEFAULT_SITE_URL}/how-it-works` });
    expect(head).toContainEqual({ property: 'og:url', content: `${DEFAULT_SITE_URL}/how-it-works` });
    expect(head).toContainEqual({ property: 'og:locale', content: 'fr_FR' });
    expect(head).toContainEqual({ name: 'twitter:card', content: 'summary_large_image' });
  });

  test('gives nothing for a route without page frontmatter', () => {
    expect(pageHead(undefined, '/', { siteName: 'PropLLC', seo })).toEqual([]);
  });
});

describe('CSP', () => {
  const html =
    '<script>a()</script><script type="module" async="">import "/x.js";</script>' +
    '<script type="application/ld+json">{"a":1}</script><script src="/y.js"></script>';

  test('hashes the executable inline scripts only, on their exact text', () => {
    expect(inlineScripts(html)).toEqual(['a()', 'import "/x.js";']);
    expect(sha256Source('a()')).toBe(`'sha256-${createHash('sha256').update('a()').digest('base64')}'`);
  });

  test('builds the policy, frame-ancestors left out of the <meta> form', () => {
    const policy = contentSecurityPolicy({ scriptHashes: ["'sha256-b'", "'sha256-a'", "'sha256-a'"] });
    expect(policy).toContain("script-src 'self' 'sha256-a' 'sha256-b';");
    expect(policy).toContain("frame-ancestors 'none'");
    expect(contentSecurityPolicy({ scriptHashes: [], forMeta: true })).not.toContain('frame-ancestors');
    expect(contentSecurityPolicy({ scriptHashes: [], contactOrigin: 'https://api.example.org' })).toContain(
      "connect-src 'self' https://api.example.org;",
    );
  });

  test('takes the contact endpoint origin only when it is another site', () => {
    expect(contactOriginFrom({ VITE_CONTACT_ENDPOINT: 'https://api.example.org/v1/contact' })).toBe('https://api.example.org');
    expect(contactOriginFrom({ VITE_CONTACT_ENDPOINT: '/api/contact' })).toBeUndefined();
    expect(contactOriginFrom({})).toBeUndefined();
  });
});

describe('_headers', () => {
  const rules = parseHeaders(
    ['# comment', '/*', '  X-A: 1', '  Content-Security-Policy: all', '', '/about', '  Content-Security-Policy: about', '/assets/*', '  Cache-Control: forever'].join('\n'),
  );

  test('applies wildcard and exact rules, joining repeated headers like the hosts', () => {
    expect(Object.fromEntries(headersFor(rules, '/about'))).toEqual({
      'x-a': '1',
      'content-security-policy': 'all, about',
    });
    expect(headersFor(rules, '/about/x').get('content-security-policy')).toBe('all');
    expect(headersFor(rules, '/assets/a.js').get('cache-control')).toBe('forever');
    expect(headersFor(rules, '/').has('cache-control')).toBe(false);
  });

  test('rejects a header line outside any path', () => {
    expect(() => parseHeaders('  X-A: 1')).toThrow(/line 1/);
  });
});
