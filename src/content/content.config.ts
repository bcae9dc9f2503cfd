/**
 * The content manifest, in the spirit of Astro's `content.config.ts`: every collection of MDX files and every
 * data file of content/, each declared once with its schema. Everything else derives from it: the MDX pipeline
 * (which schema checks a file), `npm run check`, the loaders of src/content/data/, the widgets that list a
 * collection, and the visual editor's lists and forms (editor/).
 *
 * Adding a collection: its folder under content/ as the key, its frontmatter schema (./schema/schema.ts),
 * the widget that lists it and the page that shows it, then its French messages for an empty body
 * (`emptyBodyMessages`, which the type check asks for) and its widget (a literal `import.meta.glob` of the
 * folder, which tests/unit/content-manifest.test.ts ties to this entry).
 * Adding a data file: its name (content/<name>.json) as the key, its schema (./schema/, a French title and
 * description for every field), the page where its words show (for the editor's « Aperçu »), and its loader in
 * src/content/data/ (`loadDataFile('<name>', data)`). The check and the editor's form follow from here.
 */
import type * as v from 'valibot';
import { contactFormCopySchema } from './schema/contact-form-schema.ts';
import { audienceSchema } from './schema/audience-schema.ts';
import { contactReceiverSchema } from './schema/contact-receiver-schema.ts';
import { contactWaysSchema } from './schema/contact-ways-schema.ts';
import { emptyBodyMessages } from './schema/messages.ts';
import { faqSchema, legalSchema, pageSchema, termsSchema } from './schema/schema.ts';
import { authorsSchema, guidePageSchema, guideSchema } from './schema/guide-schema.ts';
import { propfirmsSchema } from './schema/propfirms-schema.ts';
import { seoSchema } from './schema/seo-schema.ts';
import { tarifsSchema } from './schema/tarifs-schema.ts';
import { brandSchema, companySchema, interfaceSchema, navigationSchema, processorsSchema } from './schema/site-schema.ts';
import type { widgets } from '../site/mdx/widgets/index.ts';
import type { guidesBase, PagePath } from '../site/registry.ts';

/** A page of the registry, or a place on it (`/legal#editeur`): where the editor's « Aperçu » opens. */
type PageAddress = PagePath | `${PagePath}#${string}`;

type FieldsSchema = v.StrictObjectSchema<v.ObjectEntries, undefined>;

/** The pages: the route registry (src/site/registry.ts) lists them, each at its own address. */
interface PagesCollection {
  readonly schema: FieldsSchema;
  readonly ordered: false;
}

/**
 * Entries each at its own address under `base` (`/guides/<file name>`), dated: as Astro's routed collections, the
 * routes, pre-rendering, sitemap, feed, link checks and editor derive from this entry (src/site/guides/).
 */
interface RoutedCollection {
  readonly schema: FieldsSchema;
  readonly ordered: false;
  readonly base: typeof guidesBase;
}

/**
 * Entries listed by their `order` field (two files cannot share a number), all of them on one page through
 * one widget (`<Faq />`), whose label is the collection's name in the editor.
 */
interface OrderedCollection {
  readonly schema: FieldsSchema & { readonly entries: { readonly order: v.GenericSchema<unknown, number> } };
  readonly ordered: true;
  readonly widget: keyof typeof widgets;
  readonly page: PageAddress;
}

interface DataFile {
  readonly schema: FieldsSchema;
  /** Where its words show; none for a file no page shows (tags for search engines, the receiver's answers). */
  readonly page?: PageAddress;
}

/** The collections of MDX files, by their folder under content/. */
export const collections = {
  pages: { schema: pageSchema, ordered: false },
  faq: { schema: faqSchema, ordered: true, widget: 'Faq', page: '/faq' },
  terms: { schema: termsSchema, ordered: true, widget: 'TermsSections', page: '/terms' },
  legal: { schema: legalSchema, ordered: true, widget: 'LegalSections', page: '/legal' },
  guides: { schema: guideSchema, ordered: false, base: '/guides' },
} as const satisfies Record<string, PagesCollection | OrderedCollection | RoutedCollection>;

/** The data files, by their name in content/ (without `.json`), in the order the editor lists them. */
export const dataFiles = {
  brand: { schema: brandSchema, page: '/' },
  company: { schema: companySchema, page: '/legal#editeur' },
  processors: { schema: processorsSchema, page: '/legal#donnees-personnelles' },
  navigation: { schema: navigationSchema, page: '/' },
  interface: { schema: interfaceSchema, page: '/' },
  seo: { schema: seoSchema },
  'contact-form': { schema: contactFormCopySchema, page: '/contact' },
  'contact-ways': { schema: contactWaysSchema, page: '/contact#nous-joindre' },
  'contact-receiver': { schema: contactReceiverSchema },
  audience: { schema: audienceSchema, page: '/legal#cookies' },
  tarifs: { schema: tarifsSchema, page: '/tarifs' },
  propfirms: { schema: propfirmsSchema, page: '/how-it-works#propfirms' },
  authors: { schema: authorsSchema, page: '/guides' },
  'guide-page': { schema: guidePageSchema, page: '/guides' },
} as const satisfies Record<string, DataFile>;

export type CollectionName = keyof typeof collections;

// Every collection has its messages for an empty body: the type check fails here on a collection without them.
emptyBodyMessages satisfies Record<'check' | 'editor', Record<CollectionName, string>>;

export type OrderedCollectionName = {
  [C in CollectionName]: (typeof collections)[C] extends OrderedCollection ? C : never;
}[CollectionName];
export type Frontmatter<C extends CollectionName> = v.InferOutput<(typeof collections)[C]['schema']>;
export type PageFrontmatter = Frontmatter<'pages'>;

export type DataFileName = keyof typeof dataFiles;
export type DataFileValue<N extends DataFileName> = v.InferOutput<(typeof dataFiles)[N]['schema']>;

const isOrdered = (name: CollectionName): name is OrderedCollectionName => collections[name].ordered;

/** The collections listed by `order`, each shown by its widget. */
export const orderedCollections: readonly OrderedCollectionName[] = (Object.keys(collections) as CollectionName[]).filter(isOrdered);

/** The collection of an MDX file (`…/content/faq/cout.mdx` → `faq`), or undefined for any other file. */
export function collectionOf(filePath: string): CollectionName | undefined {
  const [file, folder, content] = filePath.split(/[\\/]/).reverse();
  if (content !== 'content' || !/^.+\.mdx$/.test(file ?? '') || folder === undefined) return undefined;
  return Object.hasOwn(collections, folder) ? (folder as CollectionName) : undefined;
}
