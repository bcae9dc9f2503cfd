// @vitest-environment node
/**
 * The promise of CONTRIBUTING.md: a page is its MDX file and one line of src/site/registry.ts, and nothing else
 * changes. Here the registry gets the line of tests/fixtures/new-page/content/pages/exemple-tarifs.mdx (a name no real
 * page will take), by replacing the module, and what the build reads from the registry is asked in this process: the
 * route and its pre-render entry, the file dist/ gets, its sitemap line, its <head>, the content check over a folder
 * holding the page. The page itself is compiled by the site's MDX pipeline (the same plugins as the build: this
 * project's Vitest config) and rendered as a pre-rendered page is. The same render shows the French typography of
 * an FAQ answer (tests/fixtures/faq-typography).
 */
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { MDXContent } from 'mdx/types';
import { afterAll, describe, expect, it, vi } from 'vitest';
import type { PageEntry } from '../../src/site/registry.ts';

const added = { path: '/exemple-tarifs', content: 'exemple-tarifs.mdx', layout: 'marketing' } as const satisfies PageEntry;

// The registry with one more line. Its derived lists are computed here as registry.ts computes them, from the new
// list (tests/unit/registry.test.ts holds those rules on the real registry); everything else reads them.
vi.mock(import('../../src/site/registry.ts'), async (original) => {
  const registry = await original();
  const pages: readonly PageEntry[] = [...registry.pages, added];
  return {
    ...registry,
    pages: pages as typeof registry.pages,
    prerenderPaths: [...pages.map((page) => page.path), registry.notFoundPath],
    indexedPages: pages.filter((page) => page.index !== false),
    isPagePath: ((path: string) => pages.some((page) => page.path === path)) as typeof registry.isPagePath,
    isIndexed: (path: string) => pages.find((page) => page.path === path)?.index !== false,
  };
});

const root = path.resolve(import.meta.dirname, '../..');
const fixtures = path.join(root, 'tests', 'fixtures');
const folders: string[] = [];
afterAll(() => {
  for (const folder of folders) rmSync(folder, { recursive: true, force: true });
});

/** An MDX file compiled by the site's pipeline, rendered as a pre-rendered page renders its content. */
async function rendered(file: string): Promise<{ html: string; handle: unknown; frontmatter: Record<string, unknown> }> {
  const { renderMdx } = await import('../../tools/check/content-check/render-mdx.tsx');
  const module = (await import(/* @vite-ignore */ file)) as {
    default: MDXContent;
    handle: unknown;
    frontmatter: Record<string, unknown>;
  };
  return { html: renderMdx(module.default), handle: module.handle, frontmatter: module.frontmatter };
}

describe('a new page in two files: its MDX file and one registry line', () => {
  it('gets its route in its layout, its pre-render entry and its file in dist/', async () => {
    const { default: routes } = await import('../../src/site/routes.ts');
    const marketing = routes.find((entry) => entry.file.includes('MarketingLayout'));
    expect(marketing?.children).toContainEqual(
      expect.objectContaining({ path: '/exemple-tarifs', file: '../../content/pages/exemple-tarifs.mdx' }),
    );
    const { default: config } = await import('../../react-router.config.ts');
    expect(config.prerender).toContain('/exemple-tarifs');
    const { builtPages } = await import('../../tools/build/built-pages.ts');
    expect(builtPages('dist')).toContainEqual({ path: '/exemple-tarifs', file: path.join('dist', 'exemple-tarifs.html') });
  });

  it('is in sitemap.xml, with its canonical URL and no noindex in its <head>', async () => {
    const { sitemapXml } = await import('../../tools/build/sitemap.ts');
    expect(sitemapXml('https://www.propllc.fr', [])).toContain('  <url><loc>https://www.propllc.fr/exemple-tarifs</loc></url>\n');
    const { pageHead } = await import('../../src/site/head.ts');
    const { seo } = await import('../../src/content/data/seo.ts');
    const page = await rendered(path.join(fixtures, 'new-page/content/pages/exemple-tarifs.mdx'));
    const head = pageHead(page.handle, '/exemple-tarifs', { siteName: 'PropLLC', seo });
    expect(head).toContainEqual({ title: 'Tarifs de la création d’une LLC | PropLLC' });
    expect(head).toContainEqual(expect.objectContaining({ rel: 'canonical', href: expect.stringMatching(/\/exemple-tarifs$/) }));
    expect(head).not.toContainEqual(expect.objectContaining({ name: 'robots' }));
    expect(page.html).toMatch(/<h1[^>]*>Nos tarifs<\/h1>/);
  });

  it('passes the content check the build starts with (the registry and content/pages agree)', async () => {
    const { checkContent } = await import('../../tools/check/content-check/check.ts');
    const copy = mkdtempSync(path.join(tmpdir(), 'propllc-new-page-'));
    folders.push(copy);
    cpSync(path.join(root, 'content'), path.join(copy, 'content'), { recursive: true });
    cpSync(path.join(fixtures, 'new-page', 'content'), path.join(copy, 'content'), { recursive: true });
    expect(await checkContent(copy, { warn: () => {} })).toEqual([]);
    // Without the page's file, the registry's line is reported: the check reads the same registry.
    rmSync(path.join(copy, 'content', 'pages', 'exemple-tarifs.mdx'));
    expect((await checkContent(copy, { warn: () => {} })).join('\n')).toContain('exemple-tarifs.mdx');
  }, 120_000);
});

describe('French typography in an FAQ answer', () => {
  it('« quotes », … and ’ in the question and the answer, leaving code and emails as typed', async () => {
    const entry = await rendered(path.join(fixtures, 'faq-typography/content/faq/guillemets.mdx'));
    expect(entry.frontmatter.question).toBe('Que veut dire «\u202Fpayout\u202F»\u202F?');
    expect(entry.html).toContain(
      'Le «\u202Fpayout\u202F», c’est la part des profits que la propfirm vous reverse… chaque mois\u00A0– ou plus souvent.',
    );
    expect(entry.html).toContain('contact@propllc.fr');
    expect(entry.html).toContain('<code>&quot;code&quot;...</code>');
  });
});
