/**
 * A page of the site as a branch holds it, rendered in the editor's browser for the hosted « Aperçu »: the site's
 * layout (header, footer), its MDX component map and widgets, its styles; the page's MDX file and the entries of
 * the collections it lists (content/faq/*.mdx on /faq) and the data files pages show (./data-files.ts) read from the
 * branch, everything else (other pages' files) as bundled at build.
 */
import { MDXProvider } from '@mdx-js/react';
import type { MDXComponents } from 'mdx/types';
import { createContext, type ReactNode, useContext } from 'react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { DocumentSections } from '../../../src/site/components/DocumentSections/DocumentSections.tsx';
import { FaqAccordion } from '../../../src/site/components/FaqAccordion/FaqAccordion.tsx';
import { collections, type Frontmatter, type OrderedCollectionName, orderedCollections } from '../../../src/content/content.config.ts';
import DocumentLayout from '../../../src/site/layouts/DocumentLayout/DocumentLayout.tsx';
import MarketingLayout from '../../../src/site/layouts/MarketingLayout/MarketingLayout.tsx';
import { mdxComponents } from '../../../src/site/mdx/components.tsx';
import { readFrontmatter } from '../../../src/site/mdx/frontmatter.ts';
import { widgets } from '../../../src/site/mdx/widgets/index.ts';
import { type PageEntry, pages } from '../../../src/site/registry.ts';
import { readDataFiles } from './data-files.ts';
import { type Branch, listFolder, readFile } from './github.ts';
import { renderMdx } from './render-mdx.tsx';

/** The modules the widgets come from (src/site/mdx/widgets/index.ts names each one's). */
const widgetModules = import.meta.glob<Record<string, unknown>>(['/src/site/components/*/*.tsx', '/src/site/mdx/widgets/*.tsx'], {
  eager: true,
});

const bundledWidgets = Object.fromEntries(
  Object.entries(widgets).map(([name, spec]) => [name, widgetModules[spec.module]?.[name]]),
) as MDXComponents;

interface LiveEntry<C extends OrderedCollectionName> {
  slug: string;
  data: Frontmatter<C>;
  body: ReactNode;
}

type LiveEntries = { [C in OrderedCollectionName]?: LiveEntry<C>[] };

/** The branch's entries of the collections the page lists, for the widgets below. */
const Entries = createContext<LiveEntries>({});

/** The widgets that list a collection, with the branch's entries (the same components as src/site/mdx/widgets/). */
function LiveFaq() {
  const { faq = [] } = useContext(Entries);
  return <FaqAccordion items={faq.map(({ slug, data, body }) => ({ id: slug, question: data.question, answer: body }))} />;
}

function LiveTermsSections() {
  const { terms = [] } = useContext(Entries);
  return (
    <DocumentSections numbering="decimal" sections={terms.map(({ slug, data, body }) => ({ id: slug, title: data.title, body }))} />
  );
}

function LiveLegalSections() {
  const { legal = [] } = useContext(Entries);
  return <DocumentSections numbering="none" sections={legal.map(({ slug, data, body }) => ({ id: slug, title: data.title, body }))} />;
}

const listingWidgets: Record<OrderedCollectionName, [string, () => ReactNode]> = {
  faq: ['Faq', LiveFaq],
  terms: ['TermsSections', LiveTermsSections],
  legal: ['LegalSections', LiveLegalSections],
};

/** What a page of the branch is made of: its element, and the text of each file read (by path). */
export interface LoadedPage {
  readonly element: ReactNode;
  readonly sources: ReadonlyMap<string, string>;
}

export function pageOf(pathname: string): PageEntry | undefined {
  return pages.find((page) => page.path === pathname);
}

/** Reads the page's files from the branch and renders them; throws the pipeline's French message on a mistake. */
export async function loadPage(branch: Branch, page: PageEntry): Promise<LoadedPage> {
  const sources = new Map<string, string>();
  const read = async (path: string) => {
    const text = await readFile(branch, path);
    sources.set(path, text);
    return text;
  };
  const components = { ...mdxComponents, ...bundledWidgets };
  const entries: LiveEntries = {};
  await Promise.all(
    orderedCollections
      .filter((name) => collections[name].page.replace(/#.*$/, '') === page.path)
      .map(async (name) => {
        const files = (await listFolder(branch, `content/${name}`)).filter((file) => file.endsWith('.mdx'));
        const list = await Promise.all(
          files.map(async (file) => {
            const path = `content/${name}/${file}`;
            const text = await read(path);
            const body = await renderMdx(path, text, components);
            // Valid: the pipeline checked it against the collection's schema.
            const data = readFrontmatter(text)?.data as Frontmatter<typeof name>;
            return { slug: file.replace(/\.mdx$/, ''), data, body };
          }),
        );
        (entries as Record<string, unknown>)[name] = list.sort((a, b) => a.data.order - b.data.order);
      }),
  );
  // The data files first: the page's MDX renders its widgets with their values.
  await readDataFiles(branch, sources);
  const pagePath = `content/pages/${page.content}`;
  const live = Object.fromEntries(Object.keys(entries).map((name) => listingWidgets[name as OrderedCollectionName]));
  const body = await renderMdx(pagePath, await read(pagePath), { ...components, ...live });
  return { element: <Entries.Provider value={entries}>{body}</Entries.Provider>, sources };
}

const layouts = { marketing: MarketingLayout, document: DocumentLayout } as const;

/** The page in the site's layout, at its own address (the header shows where the visitor is). */
export function LivePage({ page, children }: { page: PageEntry; children: ReactNode }) {
  const Layout = layouts[page.layout];
  return (
    <MDXProvider components={mdxComponents}>
      <MemoryRouter initialEntries={[page.path]}>
        <Routes>
          <Route element={<Layout />}>
            <Route path="*" element={children} />
          </Route>
        </Routes>
      </MemoryRouter>
    </MDXProvider>
  );
}
