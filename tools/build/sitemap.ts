/** sitemap.xml and robots.txt, written by tools/build/postbuild.ts from the route registry and the site's URL. */
import { canonicalPath, indexedPages } from '../../src/site/registry.ts';
import { absoluteUrl } from '../../src/site/site-url.ts';

/** Every page search engines may list (registry `index: false` pages are left out), at its canonical URL. */
export function sitemapXml(siteUrl: string): string {
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
    ...indexedPages.map((page) => `  <url><loc>${absoluteUrl(canonicalPath(page.path), siteUrl)}</loc></url>`),
    '</urlset>',
    '',
  ].join('\n');
}

export const robotsTxt = (siteUrl: string) => `User-agent: *\nAllow: /\n\nSitemap: ${siteUrl}/sitemap.xml\n`;
