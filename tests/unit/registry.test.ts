// @vitest-environment node
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { navigation } from '../../src/content/data/navigation.ts';
import { pageSchema } from '../../src/content/schema/schema.ts';
import { readFrontmatter } from '../../src/site/mdx/frontmatter.ts';
import { indexedPages, isIndexed, isPagePath, notFoundPath, pages, prerenderPaths } from '../../src/site/registry.ts';

const pagesDir = path.resolve(import.meta.dirname, '../../content/pages');

function frontmatterOf(file: string): unknown {
  return readFrontmatter(readFileSync(path.join(pagesDir, file), 'utf8'))?.data;
}

describe('route registry ↔ content/pages', () => {
  it.each(pages.map((page) => [page.path, page.content] as const))(
    '%s: content/pages/%s exists with a valid frontmatter',
    (_path, content) => {
      const result = v.safeParse(pageSchema, frontmatterOf(content));
      expect(result.issues?.map((issue) => issue.message) ?? []).toEqual([]);
    },
  );

  it('every file of content/pages is a registered page', () => {
    const files = readdirSync(pagesDir).filter((file) => file.endsWith('.mdx'));
    const registered = pages.map((page) => page.content as string);
    expect(files.filter((file) => !registered.includes(file))).toEqual([]);
    expect(files.toSorted()).toEqual(registered.toSorted());
  });

  it('paths and content files are unique', () => {
    expect(new Set(pages.map((page) => page.path)).size).toBe(pages.length);
    expect(new Set(pages.map((page) => page.content)).size).toBe(pages.length);
  });

  it('page titles and descriptions are unique', () => {
    const heads = pages.map((page) => v.parse(pageSchema, frontmatterOf(page.content)));
    expect(new Set(heads.map((head) => head.title)).size).toBe(pages.length);
    expect(new Set(heads.map((head) => head.description)).size).toBe(pages.length);
  });

  // The site's pages, stated here: a page added to the registry joins them (tests/integration/build-fixtures.test.ts).
  const sitePages = ['/', '/about', '/how-it-works', '/tarifs', '/faq', '/contact', '/contact/merci', '/legal', '/terms'];

  it('pre-renders every page and the not-found page /404, which is not a page', () => {
    expect(prerenderPaths).toEqual(expect.arrayContaining([...sitePages, '/404']));
    expect(prerenderPaths).toEqual(expect.arrayContaining(pages.map((page) => page.path)));
    expect(new Set(prerenderPaths).size).toBe(pages.length + 1);
    expect(notFoundPath).toBe('/404');
    expect(isPagePath('/404')).toBe(false);
  });

  it('lists in sitemap.xml every page except the thank-you page, kept out of search results', () => {
    expect(pages.filter((page) => !isIndexed(page.path)).map((page) => page.path)).toEqual(['/contact/merci']);
    const indexed = indexedPages.map((page) => page.path);
    expect(indexed).toEqual(expect.arrayContaining(sitePages.filter((path) => path !== '/contact/merci')));
    expect(indexed).not.toContain('/contact/merci');
    expect(indexed).toHaveLength(pages.length - 1);
  });
});

describe('content/navigation.json', () => {
  it('navigation, call to action and footer links point to registered pages', () => {
    const links = [...navigation.nav.links, navigation.nav.cta, ...navigation.footer.legalLinks];
    expect(links.filter((link) => !isPagePath(link.to)).map((link) => link.to)).toEqual([]);
  });

  it('the header CTA leads to /contact and the footer to the legal notice and the terms', () => {
    expect(navigation.nav.cta.to).toBe('/contact');
    expect(navigation.footer.legalLinks.map((link) => link.to).toSorted()).toEqual(['/legal', '/terms']);
  });
});
