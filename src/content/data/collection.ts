/**
 * Entries of an ordered collection of the content manifest (FAQ, terms, legal notice), loaded by the widget
 * that shows them with `import.meta.glob`, so that only the page using a collection carries its copy. Vite
 * reads only a literal glob: each widget writes its folder's, and tests/unit/content-manifest.test.ts checks
 * it against the manifest.
 */
import type { MDXContent } from 'mdx/types';
import type { CollectionName, Frontmatter, OrderedCollectionName } from '../content.config.ts';

/** What an MDX file of `content/<collection>/` exports once compiled. */
export interface CollectionModule<C extends CollectionName> {
  /** Validated against the collection's schema when the file was compiled. */
  frontmatter: Frontmatter<C>;
  default: MDXContent;
}

export interface CollectionEntry<C extends CollectionName> {
  /** File name without extension: a stable anchor (`#cout`). */
  slug: string;
  data: Frontmatter<C>;
  Body: MDXContent;
}

/** Sorts a glob result by the `order` field (file names do not matter). */
export function toEntries<C extends OrderedCollectionName>(modules: Record<string, CollectionModule<C>>): CollectionEntry<C>[] {
  return Object.entries(modules)
    .map(([file, module]) => ({
      slug: file.replace(/^.*\/|\.mdx$/g, ''),
      data: module.frontmatter,
      Body: module.default,
    }))
    .sort((a, b) => a.data.order - b.data.order);
}
