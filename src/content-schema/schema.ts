/**
 * Frontmatter schemas: every field an editor may write at the top of a `content/` MDX file,
 * documented here and nowhere else. The build and `npm run check` validate each file against
 * the schema of its folder; a broken field stops them with a French message (see ./messages.ts).
 *
 * Schemas have no transforms, so the type a page reads is exactly what the editor wrote.
 */
import * as v from 'valibot';
import { fieldMessages } from './messages.ts';

const text = (field: string, min: number, max: number) =>
  v.pipe(
    v.string(fieldMessages.notText(field)),
    v.minLength(min, fieldMessages.tooShort(field, min)),
    v.maxLength(max, fieldMessages.tooLong(field, max)),
  );

const order = v.pipe(
  v.number(fieldMessages.orderNotInteger),
  v.integer(fieldMessages.orderNotInteger),
  v.minValue(1, fieldMessages.orderTooSmall),
);

/** `content/pages/*.mdx` — one file per page of the route registry. */
export const pageSchema = v.strictObject({
  /** The browser tab and search-result title. Unique per page. */
  title: text('title', 10, 70),
  /** The meta description shown under the title in search results. */
  description: text('description', 50, 170),
});

/** `content/faq/*.mdx` — one file per question; the body is the answer. */
export const faqSchema = v.strictObject({
  /** The question, as shown on the accordion button. */
  question: text('question', 5, 140),
  /** Position in the list (1 = first). Two questions cannot share a number. */
  order,
});

/** `content/terms/*.mdx` — one numbered section of the terms of use. */
export const termsSchema = v.strictObject({
  /** Section title, without its number (the number comes from `order`). */
  title: text('title', 3, 90),
  order,
});

/** `content/legal/*.mdx` — one section of the legal notice. */
export const legalSchema = v.strictObject({
  title: text('title', 3, 90),
  order,
});

export const collections = {
  pages: pageSchema,
  faq: faqSchema,
  terms: termsSchema,
  legal: legalSchema,
} as const;

export type CollectionName = keyof typeof collections;
export type Frontmatter<C extends CollectionName> = v.InferOutput<(typeof collections)[C]>;
export type PageFrontmatter = Frontmatter<'pages'>;

/** Collections whose entries are listed by `order`: two files cannot share a number. */
export const orderedCollections = ['faq', 'terms', 'legal'] as const satisfies readonly CollectionName[];

export function collectionOf(filePath: string): CollectionName | undefined {
  const match = /(?:^|[\\/])content[\\/](pages|faq|terms|legal)[\\/][^\\/]+\.mdx$/.exec(filePath);
  return match?.[1] as CollectionName | undefined;
}
