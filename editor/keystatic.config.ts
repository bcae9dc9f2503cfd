/**
 * What the visual editor (`npm run cms`) offers, and where it reads and writes.
 * Every label and description comes from the site's own schemas: the pages from the route registry, the
 * collections and data files from the content manifest (src/content/content.config.ts), their fields from their
 * schemas, the widgets from the widget schemas.
 */
import { collection, config, fields, singleton, type Config, type ContentFormField } from '@keystatic/core';
import { createElement, Fragment } from 'react';
import * as v from 'valibot';
import { collections, type OrderedCollectionName, orderedCollections } from '../src/content/content.config.ts';
import { authors } from '../src/content/data/authors.ts';
import { pages } from '../src/site/registry.ts';
import { emptyBodyMessages, imageMessages } from '../src/content/schema/messages.ts';
import { guideImageAltMax, guideImageFileName } from '../src/site/guides/guide-image-rules.ts';
import { entryFileName } from '../src/content/schema/schema.ts';
import { widgets } from '../src/site/mdx/widgets/index.ts';
import { dataSingletons } from './data-fields.ts';
import { previewField } from './preview-field.ts';
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

/** A new entry's position: the next number after the highest one, so that it goes last without a duplicate. */
export function nextFreeOrder(orders: Record<string, number>): number {
  const used = Object.values(orders).filter((order) => order < Number.MAX_SAFE_INTEGER);
  return Math.max(0, ...used) + 1;
}

function orderField(schema: Described, orders: Record<string, number>) {
  return fields.integer({
    label: titleOf(schema),
    description: descriptionOf(schema),
    defaultValue: nextFreeOrder(orders),
    validation: { isRequired: true, min: 1 },
  });
}

/** The entry's name, stored in the frontmatter, and its file name, kept as the stable anchor (`/faq#cout`). */
function nameAndFileField(schema: Described) {
  return fields.slug({
    name: { label: titleOf(schema), description: descriptionOf(schema), validation: { isRequired: true, length: lengthOf(schema) } },
    slug: { label: titleOf(entryFileName), description: descriptionOf(entryFileName) },
  });
}

/** The editor's state of an MDX body: a ProseMirror document. */
interface EditorState {
  doc: {
    textContent: string;
    childCount: number;
    child(index: number): { type: { name: string } };
    descendants(visit: (node: { type: { name: string }; attrs: Record<string, unknown> }) => boolean | undefined): void;
  };
}

/** Whether an image of the text has no alternative text (Keystatic's image node keeps it in `attrs.alt`). */
export function hasImageWithoutAlt(state: { doc: Pick<EditorState['doc'], 'descendants'> }): boolean {
  let missing = false;
  state.doc.descendants((node) => {
    if (node.type.name === 'image' && String(node.attrs.alt ?? '').trim() === '') missing = true;
    return !missing;
  });
  return missing;
}

/** Nothing but blank paragraphs: no text and no widget (a `<Faq />` alone is content). */
export function isEmptyBody(state: { doc: Omit<EditorState['doc'], 'descendants'> }): boolean {
  const { doc } = state;
  for (let index = 0; index < doc.childCount; index++) if (doc.child(index).type.name !== 'paragraph') return false;
  return doc.textContent.trim() === '';
}

type Folder = keyof typeof emptyBodyMessages.editor;

type ImageOptions = Exclude<NonNullable<NonNullable<Parameters<typeof fields.mdx>[0]['options']>['image']>, boolean>;

/**
 * A guide's images (src/site/guides/guide-image-rules.ts): saved in its own folder, content/guides/<slug>/, under a
 * plain name, written `![texte](/guides/<slug>/<fichier>)`, and never without a text that says what they show.
 */
const guideImages: ImageOptions = {
  directory: collections.guides.base.slice(1),
  publicPath: `${collections.guides.base}/`,
  transformFilename: guideImageFileName,
  schema: {
    alt: fields.text({
      label: imageMessages.editor.altLabel,
      description: imageMessages.editor.altDescription,
      validation: { isRequired: true, length: { min: 1, max: guideImageAltMax } },
    }),
  },
};

/**
 * The MDX body, which Keystatic lets an editor save empty, or with an image and no alternative text: its check
 * refuses both, as `npm run check` does, and the field says why under the text once a save was refused.
 */
function body(label: string, folder: Folder, image: ImageOptions | false = false) {
  const field = fields.mdx({ label, components: widgetComponents, options: { image } }) as ContentFormField<
    EditorState,
    EditorState,
    string
  >;
  const problemOf = (value: EditorState) => {
    if (isEmptyBody(value)) return emptyBodyMessages.editor[folder];
    if (image && hasImageWithoutAlt(value)) return imageMessages.editor.altMissing;
    return undefined;
  };
  return {
    ...field,
    validate(value: EditorState) {
      const problem = problemOf(value);
      if (problem) throw new Error(problem);
      return field.validate(value);
    },
    Input(props: Parameters<typeof field.Input>[0]) {
      const problem = props.forceValidation ? problemOf(props.value) : undefined;
      return createElement(
        Fragment,
        null,
        createElement(field.Input, props),
        problem ? createElement('p', { role: 'alert', style: { fontFamily: 'Inter, sans-serif' } }, problem) : null,
      );
    },
  } as typeof field;
}

/**
 * The order in which an ordered collection is listed: Keystatic sorts entries by file name only,
 * so the editor reads each entry's `order` once at start and sorts by it (a new entry goes last until reloaded).
 */
export type Orders = Record<OrderedCollectionName, Record<string, number>>;

/** No entry's order known: enough for what does not sort the lists (the server's API, cms:normalise). */
export const noOrders = Object.fromEntries(orderedCollections.map((name) => [name, {}])) as Orders;

/** An ordered collection of the content manifest, named in the editor by the widget that lists it. */
function orderedCollection(name: OrderedCollectionName, orders: Orders) {
  const { schema, widget, page } = collections[name];
  const [nameKey, nameSchema] = Object.entries(schema.entries)[0]!;
  return collection({
    label: widgets[widget].label,
    path: `${name}/*`,
    slugField: nameKey as never,
    format: { contentField: 'body' },
    columns: [nameKey, 'order'],
    parseSlugForSort: (slug) => orders[name][slug] ?? Number.MAX_SAFE_INTEGER,
    schema: {
      apercu: previewField(page, true),
      [nameKey]: nameAndFileField(nameSchema),
      order: orderField(schema.entries.order, orders[name]),
      body: body(titleOf(nameSchema), name),
    },
  });
}

/** A date field, today by default when `today` (a new guide is published, updated and sourced today). */
function dateField(schema: Described, today: boolean, required = true) {
  return fields.date({
    label: titleOf(schema),
    description: descriptionOf(schema),
    ...(today ? { defaultValue: { kind: 'today' as const } } : {}),
    validation: { isRequired: required },
  });
}

const entriesOf = (schema: Described) => (schema as unknown as v.StrictObjectSchema<Record<string, Described>, undefined>).entries;
const inner = (schema: Described) =>
  schema.type === 'optional' ? (schema as v.OptionalSchema<Described, undefined>).wrapped : schema;
const itemOf = (schema: Described) => (inner(schema) as unknown as v.ArraySchema<Described, undefined>).item;

/**
 * The guides (content/guides/): the address from the title (to keep once published: an old one goes to the old
 * addresses), the dates (today by default), the author from content/authors.json, the sources and the changes as
 * lists. The frontmatter schema stays the judge: `npm run check` refuses what the form lets through.
 */
function guidesCollection(authorIds: readonly string[]) {
  const entries = collections.guides.schema.entries as unknown as Record<string, Described>;
  const source = entriesOf(itemOf(entries.sources!));
  const change = entriesOf(itemOf(entries.historique!));
  const list = (
    schema: Described,
    item: Parameters<typeof fields.array>[0],
    min: number,
    label: (value: Record<string, { value: unknown }>) => string,
  ) =>
    fields.array(item, {
      label: titleOf(schema),
      description: descriptionOf(schema),
      itemLabel: (props) => label((props as unknown as { fields: Record<string, { value: unknown }> }).fields),
      validation: { length: { min } },
    });
  return collection({
    label: 'Guides',
    path: 'guides/*',
    slugField: 'title',
    format: { contentField: 'body' },
    columns: ['title', 'publieLe'],
    schema: {
      apercu: previewField(collections.guides.base, 'path'),
      title: fields.slug({
        name: {
          label: titleOf(entries.title!),
          description: descriptionOf(entries.title!),
          validation: { isRequired: true, length: lengthOf(entries.title!) },
        },
        slug: {
          label: 'Adresse du guide',
          description:
            'Après /guides/ : à garder une fois le guide publié ; si vous la changez, ajoutez l’ancienne aux anciennes adresses.',
        },
      }),
      description: textField(entries.description!),
      publieLe: dateField(entries.publieLe!, true),
      misAJourLe: dateField(entries.misAJourLe!, true),
      auteur: fields.select({
        label: titleOf(entries.auteur!),
        description: descriptionOf(entries.auteur!),
        options: authorIds.map((id) => ({ label: id, value: id })),
        defaultValue: authorIds[0] ?? '',
      }),
      reluPar: fields.text({ label: titleOf(inner(entries.reluPar!)), description: descriptionOf(inner(entries.reluPar!)) }),
      reluLe: dateField(inner(entries.reluLe!), false, false),
      sources: list(
        entries.sources!,
        fields.object({
          url: fields.url({ label: titleOf(source.url!), description: descriptionOf(source.url!), validation: { isRequired: true } }),
          titre: textField(source.titre!),
          consulteLe: dateField(source.consulteLe!, true),
        }),
        2,
        (value) => String(value.titre?.value ?? ''),
      ),
      historique: list(
        entries.historique!,
        fields.object({ date: dateField(change.date!, true), changement: textField(change.changement!) }),
        1,
        (value) => `${String(value.date?.value ?? '')} ${String(value.changement?.value ?? '')}`,
      ),
      anciensSlugs: fields.array(fields.text({ label: 'Ancienne adresse' }), {
        label: titleOf(inner(entries.anciensSlugs!)),
        description: descriptionOf(inner(entries.anciensSlugs!)),
        itemLabel: (props) => String((props as unknown as { value: unknown }).value ?? ''),
      }),
      brouillon: fields.checkbox({ label: titleOf(inner(entries.brouillon!)), description: descriptionOf(inner(entries.brouillon!)) }),
      body: body('Texte du guide', 'guides', guideImages),
    },
  });
}

/** `content/pages/home.mdx` → `home`. */
const pageKey = (file: string) => file.replace(/\.mdx$/, '');

export function makeConfig(storage: StorageSettings, orders: Orders = noOrders): Config {
  const pageSingletons = Object.fromEntries(
    pages.map((page) => [
      // `page-faq`, apart from the FAQ's collection `faq`: Keystatic keys singletons and collections together.
      `page-${pageKey(page.content)}`,
      singleton({
        label: `${page.path} — ${page.content}`,
        path: `pages/${pageKey(page.content)}`,
        format: { contentField: 'body' },
        schema: {
          apercu: previewField(page.path),
          title: textField(collections.pages.schema.entries.title),
          description: textField(collections.pages.schema.entries.description),
          body: body(page.path, 'pages'),
        },
      }),
    ]),
  );
  const data = dataSingletons();
  const lists = {
    ...Object.fromEntries(orderedCollections.map((name) => [name, orderedCollection(name, orders)])),
    guides: guidesCollection(authors.auteurs.map((author) => author.id)),
  };
  return config({
    storage: storageFrom(storage),
    locale: 'fr-FR',
    ui: {
      brand: { name: 'PropLLC' },
      // Headings that read the same in French and English.
      navigation: { Pages: Object.keys(pageSingletons), Collections: Object.keys(lists), 'content/*.json': Object.keys(data) },
    },
    singletons: { ...pageSingletons, ...data },
    collections: lists,
  }) as unknown as Config;
}
