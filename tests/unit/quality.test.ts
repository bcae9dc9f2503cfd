/** Head tags, site address, the CSP and the _headers parser: the pieces the build and the test server share. */
import { describe, expect, test } from 'vitest';
import { contactOriginFrom, contentSecurityPolicy, editorOriginFrom, executableScripts, hashSource } from '../../tools/build/csp.ts';
import { siteHeaderRules } from '../../src/site/security-headers.ts';
import { formatHeaders, headersFor, parseHeaders } from '../../src/hosts/node/headers.ts';
import { seo } from '../../src/content/data/seo.ts';
import { pageHead } from '../../src/site/head.ts';
import { canonicalPath } from '../../src/site/registry.ts';
import { DEFAULT_SITE_URL, siteUrlFrom } from '../../src/site/site-url.ts';

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

  test('keeps a page the registry marks `index: false` out of search results, and only it', () => {
    expect(head).not.toContainEqual(expect.objectContaining({ name: 'robots' }));
    const thanks = pageHead(handle, '/contact/merci/', { siteName: 'PropLLC', seo });
    expect(thanks).toContainEqual({ name: 'robots', content: 'noindex' });
    expect(thanks).toContainEqual({ tagName: 'link', rel: 'canonical', href: `${DEFAULT_SITE_URL}/contact/merci` });
  });

  test('gives nothing for a route without page frontmatter', () => {
    expect(pageHead(undefined, '/', { siteName: 'PropLLC', seo })).toEqual([]);
  });
});

describe('CSP', () => {
  const html =
    '<script>a()</script><script type="module" async="">import "/x.js";</script>' +
    '<script type="application/ld+json">{"a":1}</script><script src="/y.js"></script>';

  test('finds executable scripts, inline or not, and leaves data blocks alone', () => {
    expect(executableScripts(html)).toEqual([{ inline: 'a()' }, { inline: 'import "/x.js";' }, { src: '/y.js' }]);
    expect(executableScripts('<script type="application/json">{}</script><script type="speculationrules">{}</script>')).toEqual([]);
  });

  test("builds one policy with script-src 'self' only, frame-ancestors left out of the <meta> form", () => {
    const policy = contentSecurityPolicy();
    expect(policy).toContain("script-src 'self';");
    expect(policy).toContain("frame-ancestors 'none'");
    expect(contentSecurityPolicy({ forMeta: true })).not.toContain('frame-ancestors');
    expect(contentSecurityPolicy({ contactOrigin: 'https://api.example.org' })).toContain(
      "connect-src 'self' https://api.example.org;",
    );
  });

  test('lets only the editor’s https origin frame a preview build', () => {
    expect(contentSecurityPolicy({ editorOrigin: editorOriginFrom({ EDITOR_ORIGIN: 'https://editeur.propllc.fr' }) })).toContain(
      'frame-ancestors https://editeur.propllc.fr;',
    );
    expect(editorOriginFrom({})).toBeUndefined();
    expect(() => editorOriginFrom({ EDITOR_ORIGIN: 'http://editeur.propllc.fr' })).toThrow(/https origin/);
    expect(() => editorOriginFrom({ EDITOR_ORIGIN: 'https://editeur.propllc.fr/keystatic' })).toThrow(/https origin/);
  });

  test("allows the pages' inline stylesheet and loader by their sha256 hashes, each listed once", () => {
    // `echo -n 'p{color:red}' | openssl dgst -sha256 -binary | base64`: what a browser computes for that <style>.
    expect(hashSource('p{color:red}')).toBe("'sha256-p0bF+un5yUb9MBO6xRb8kPHlY2BdpHVtLiFkDrZPF64='");
    const policy = contentSecurityPolicy({ inlineScripts: ['a()', 'a()'], inlineStyles: ['p{color:red}'] });
    expect(policy).toContain(`script-src 'self' ${hashSource('a()')};`);
    expect(policy).toContain(`style-src 'self' ${hashSource('p{color:red}')};`);
  });

  test('takes the contact endpoint origin only when it is another site', () => {
    expect(contactOriginFrom({ VITE_CONTACT_ENDPOINT: 'https://api.example.org/v1/contact' })).toBe('https://api.example.org');
    expect(contactOriginFrom({ VITE_CONTACT_ENDPOINT: '/api/contact' })).toBeUndefined();
    expect(contactOriginFrom({})).toBeUndefined();
  });
});

describe('_headers', () => {
  const rules = parseHeaders(
    [
      '# comment',
      '/*',
      '  X-A: 1',
      '  Content-Security-Policy: all',
      '',
      '/about',
      '  Content-Security-Policy: about',
      '/assets/*',
      '  Cache-Control: forever',
    ].join('\n'),
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

  test('the declared rules, written out, give each path what the hosts must send', () => {
    const text = formatHeaders(siteHeaderRules("default-src 'self'"), ['Written by npm run build.']);
    expect(text.startsWith('# Written by npm run build.\n\n/*\n')).toBe(true);
    const written = parseHeaders(text);
    expect(headersFor(written, '/about').get('content-security-policy')).toBe("default-src 'self'");
    expect(headersFor(written, '/about').get('x-frame-options')).toBe('DENY');
    expect(headersFor(written, '/assets/site-abc.js').get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(headersFor(written, '/speculation-rules.json').get('content-type')).toBe('application/speculationrules+json');
  });

  test('refuses a value that would break the file', () => {
    expect(() => formatHeaders(siteHeaderRules("default-src 'self'\n/evil"))).toThrow(/line break/);
  });
});
