/**
 * What the visual editor (`npm run cms`) offers, and where it reads and writes.
 * Every label and description comes from the site's own schemas: the pages from the route registry,
 * their fields from the frontmatter schemas, the widgets from the widget schemas.
 */
import { collection, config, fields, singleton, type Config } from '@keystatic/core';
import * as v from 'valibot';
import { pages } from '../src/registry.ts';
import { entryFileName, faqSchema, legalSchema, pageSchema, termsSchema } from '../src/content-schema/schema.ts';
import { widgets } from '../src/mdx/widgets/index.ts';
import { dataSingletons } from './data-fields.ts';
import { widgetComponents } from './widget-components.ts';
import { storageFrom, type StorageSettings } from './storage.ts';

type Described = v.GenericSchema;
const titleOf = (schema: Described) => v.getTitle(schema as v.SchemaWithPipe<[Described, v.TitleAction<unknown, string>]>)!;
const descriptionOf = (schema: Described) =>
  v.getDescription(schema as v.SchemaWithPipe<[Described, v.DescriptionAction<unknown, string>]>);

/** The length limits of a text field, read from its schema so that the editor warns where the check would fail. */
function lengthOf(schema: Described): { min?: number; max?: number } {
  const pipe = (schema as { pipe?: { type: string; requirement?: number; pipe?: unknown }[] }).pipe ?? [];
  const nested = pipe.flatMap((item) => ((item as { pipe?: unknown[] }).pipe as typeof pipe | undefined) ?? [item]);
  return {
    min: nested.find((item) => item.type === 'min_length')?.requirement,
    max: nested.find((item) => item.type === 'max_length')?.requirement,
  };
}

function textField(schema: Described) {
  return fields.text({
    label: titleOf(schema),
    description: descriptionOf(schema),
    validation: { isRequired: true, length: lengthOf(schema) },
  });
}

function orderField(schema: Described) {
  return fields.integer({ label: titleOf(schema), description: descriptionOf(schema), validation: { isRequired: true, min: 1 } });
}

/** The entry's name, stored in the frontmatter, and its file name, kept as the stable anchor (`/faq#cout`). */
function nameAndFileField(schema: Described) {
  return fields.slug({
    name: { label: titleOf(schema), description: descriptionOf(schema), validation: { isRequired: true, length: lengthOf(schema) } },
    slug: { label: titleOf(entryFileName), description: descriptionOf(entryFileName) },
  });
}

const body = (label: string) => fields.mdx({ label, components: widgetComponents, options: { image: false } });

/**
 * The order in which an ordered collection is listed: Keystatic sorts entries by file name only,
 * so the editor reads each entry's `order` once at start and sorts by it (a new entry goes last until reloaded).
 */
export type Orders = Record<'faq' | 'terms' | 'legal', Record<string, number>>;

function orderedCollection(
  name: keyof Orders,
  label: string,
  schema: typeof faqSchema | typeof termsSchema | typeof legalSchema,
  orders: Orders,
) {
  const [nameKey, nameSchema] = Object.entries(schema.entries)[0]!;
  return collection({
    label,
    path: `${name}/*`,
    slugField: nameKey as never,
    format: { contentField: 'body' },
    columns: [nameKey, 'order'],
    parseSlugForSort: (slug) => orders[name][slug] ?? Number.MAX_SAFE_INTEGER,
    schema: {
      [nameKey]: nameAndFileField(nameSchema),
      order: orderField(schema.entries.order),
      body: body(titleOf(nameSchema)),
    },
  });
}

/** `content/pages/home.mdx` → `home`. */
const pageKey = (file: string) => file.replace(/\.mdx$/, '');

export function makeConfig(storage: StorageSettings, orders: Orders): Config {
  const pageSingletons = Object.fromEntries(
    pages.map((page) => [
      // `page-faq`, apart from the FAQ's collection `faq`: Keystatic keys singletons and collections together.
      `page-${pageKey(page.content)}`,
      singleton({
        label: `${page.path} — ${page.content}`,
        path: `pages/${pageKey(page.content)}`,
        format: { contentField: 'body' },
        schema: {
          title: textField(pageSchema.entries.title),
          description: textField(pageSchema.entries.description),
          body: body(page.path),
        },
      }),
    ]),
  );
  const data = dataSingletons();
  const collections = {
    faq: orderedCollection('faq', widgets.Faq.label, faqSchema, orders),
    terms: orderedCollection('terms', widgets.TermsSections.label, termsSchema, orders),
    legal: orderedCollection('legal', widgets.LegalSections.label, legalSchema, orders),
  };
  return config({
    storage: storageFrom(storage),
    locale: 'fr-FR',
    ui: {
      brand: { name: 'PropLLC' },
      // Headings that read the same in French and English.
      navigation: { Pages: Object.keys(pageSingletons), Collections: Object.keys(collections), 'content/*.json': Object.keys(data) },
    },
    singletons: { ...pageSingletons, ...data },
    collections,
  }) as unknown as Config;
}
