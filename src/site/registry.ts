/**
 * The route registry: the one list of the site's pages.
 *
 * Each entry says where a page lives (`path`), which MDX file under `content/pages/` holds its copy
 * (title and meta description are in that file's frontmatter), and which page layout frames it.
 * It drives React Router's route config (`src/site/routes.ts`), the pre-render list
 * (`react-router.config.ts`), the sitemap, the robots meta tag and the internal-link checks.
 * Adding a page = one entry here + one MDX file under content/pages/ (title and description in its frontmatter,
 * written in the editor's form: `npm run cms:normalise`), with `index: false` for a page search engines should not
 * list; optionally a link in content/navigation.json. Nothing else: the tests, the editor and the editors' guide
 * walk this list (tests/integration/new-page.test.ts proves it with one more line). A test that needs the page's own
 * words keys them by path (`copy` in tests/e2e/site.spec.ts).
 */

/** Page layouts: `marketing` stacks full-width sections; `document` is a single reading column. */
export type LayoutName = 'marketing' | 'document';

export interface PageEntry {
  /** URL path, without trailing slash. */
  readonly path: `/${string}`;
  /** File name under `content/pages/`. */
  readonly content: `${string}.mdx`;
  readonly layout: LayoutName;
  /**
   * `false` keeps the page out of search results: `<meta name="robots" content="noindex">` and no
   * entry in sitemap.xml (robots.txt still lets crawlers fetch it, or they would never see the tag).
   * For pages reached only after an action, such as the contact form's confirmation. Default: true.
   */
  readonly index?: boolean;
}

export const pages = [
  { path: '/', content: 'home.mdx', layout: 'marketing' },
  { path: '/about', content: 'about.mdx', layout: 'marketing' },
  { path: '/how-it-works', content: 'how-it-works.mdx', layout: 'marketing' },
  { path: '/tarifs', content: 'tarifs.mdx', layout: 'marketing' },
  { path: '/faq', content: 'faq.mdx', layout: 'marketing' },
  // The list of the guides; each guide is a page of its own at /guides/<slug> (src/site/guides/guides.ts).
  { path: '/guides', content: 'guides.mdx', layout: 'marketing' },
  { path: '/contact', content: 'contact.mdx', layout: 'marketing' },
  // Where a form posted without JavaScript lands once the message is delivered (src/api/contact/).
  { path: '/contact/merci', content: 'contact-merci.mdx', layout: 'marketing', index: false },
  { path: '/legal', content: 'legal.mdx', layout: 'document' },
  { path: '/terms', content: 'terms.mdx', layout: 'document' },
] as const satisfies readonly PageEntry[];

export type PagePath = (typeof pages)[number]['path'];

/**
 * The not-found page is pre-rendered at this path, then copied to `dist/404.html`,
 * the file static hosts serve for unknown URLs.
 */
export const notFoundPath = '/404';

/** Where the guides of content/guides/ live: `/guides/<slug>` (the list itself is the page `/guides`). */
export const guidesBase = '/guides';

/** The Atom feed of the guides (tools/build/feed.ts), linked from every page's <head>. */
export const guidesFeedPath = '/guides/flux.xml';

export const prerenderPaths: string[] = [...pages.map((page) => page.path), notFoundPath];

export function isPagePath(path: string): path is PagePath {
  return pages.some((page) => page.path === path);
}

/** Whether search engines may list the page at `path` (a path of the registry, without trailing slash). */
export function isIndexed(path: string): boolean {
  const page: PageEntry | undefined = pages.find((entry) => entry.path === path);
  return page?.index !== false;
}

/** The pages listed in sitemap.xml. */
export const indexedPages: readonly PageEntry[] = pages.filter((page: PageEntry) => page.index !== false);

/** `/about/` and `/about` are one page: its path has no trailing slash (the home page is `/`). */
export function canonicalPath(pathname: string): string {
  const trimmed = pathname.replace(/\/+$/, '');
  return trimmed === '' ? '/' : trimmed;
}
