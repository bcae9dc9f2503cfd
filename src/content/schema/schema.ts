/**
 * Frontmatter schemas: every field an editor may write at the top of a `content/` MDX file,
 * documented here and nowhere else. The build and `npm run check` validate each file against the schema
 * of its folder in the content manifest (../content.config.ts); a broken field stops them with a French
 * message (see ./messages.ts).
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
  v.title('Position'),
  v.description('Place dans la liste : 1 pour la première. Deux fichiers ne peuvent pas avoir le même numéro.'),
);

/** `title` and `description` are what the visual editor shows beside the field (editor/). */
const described = <S extends v.GenericSchema>(schema: S, title: string, description: string) =>
  v.pipe(schema, v.title(title), v.description(description));

/** `content/pages/*.mdx` — one file per page of the route registry. */
export const pageSchema = v.strictObject({
  /** The browser tab and search-result title. Unique per page. */
  title: described(
    text('title', 10, 70),
    'Titre de la page',
    'Le titre de l’onglet du navigateur et des résultats de recherche, de 10 à 70 caractères ; propre à chaque page.',
  ),
  /** The meta description shown under the title in search results. */
  description: described(
    text('description', 50, 170),
    'Description',
    'Le résumé affiché sous le titre dans les résultats de recherche, de 50 à 170 caractères.',
  ),
});

/** `content/faq/*.mdx` — one file per question; the body is the answer. */
export const faqSchema = v.strictObject({
  /** The question, as shown on the accordion button. */
  question: described(
    text('question', 5, 140),
    'Question',
    'La question, telle qu’elle s’affiche sur la page ; de 5 à 140 caractères.',
  ),
  /** Position in the list (1 = first). Two questions cannot share a number. */
  order,
});

/** `content/terms/*.mdx` — one numbered section of the terms of use. */
export const termsSchema = v.strictObject({
  /** Section title, without its number (the number comes from `order`). */
  title: described(text('title', 3, 90), 'Titre de la section', 'Sans son numéro, qui vient de la position ; de 3 à 90 caractères.'),
  order,
});

/** `content/legal/*.mdx` — one section of the legal notice. */
export const legalSchema = v.strictObject({
  title: described(text('title', 3, 90), 'Titre de la section', 'De 3 à 90 caractères.'),
  order,
});

/** The file name of an entry of an ordered collection: its anchor in the page's address (`/faq#cout`). */
export const entryFileName = v.pipe(
  v.string(),
  v.title('Nom du fichier'),
  v.description('Sert d’ancre dans l’adresse de la page (/faq#cout) : à garder une fois la page publiée.'),
);
