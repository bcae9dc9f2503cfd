/** sitemap.xml and robots.txt, written by tools/build/postbuild.ts from the route registry, the guides and the site's URL. */
import type { Guide } from '../../src/site/guides/guides.ts';
import { canonicalPath, guidesBase, indexedPages } from '../../src/site/registry.ts';
import { absoluteUrl } from '../../src/site/site-url.ts';

const entry = (loc: string, lastmod?: string) => `  <url><loc>${loc}</loc>${lastmod ? `<lastmod>${lastmod}</lastmod>` : ''}</url>`;

/**
 * Every page search engines may list (registry `index: false` pages are left out), at its canonical URL, then the
 * published guides. A guide's `<lastmod>` is its `misAJourLe`; the list of guides', the newest of them. The other
 * pages have none: no date says when their text last changed, and a wrong one is worse than none.
 */
export function sitemapXml(siteUrl: string, guides: readonly Guide[]): string {
  const newest = guides
    .map((guide) => guide.data.misAJourLe)
    .sort()
    .at(-1);
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
    ...indexedPages.map((page) =>
      entry(absoluteUrl(canonicalPath(page.path), siteUrl), page.path === guidesBase ? newest : undefined),
    ),
    ...guides.map((guide) => entry(absoluteUrl(guide.path, siteUrl), guide.data.misAJourLe)),
    '</urlset>',
    '',
  ].join('\n');
}

export const robotsTxt = (siteUrl: string) => `User-agent: *\nAllow: /\n\nSitemap: ${siteUrl}/sitemap.xml\n`;
