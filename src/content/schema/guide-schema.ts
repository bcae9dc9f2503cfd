/**
 * The guides: dated, sourced articles, one MDX file each in content/guides/<slug>.mdx, each its own page at
 * /guides/<slug>, with its author from content/authors.json and the words of its page from content/guide-page.json.
 * Each field is documented here and nowhere else; the visual editor shows its title and description.
 */
import * as v from 'valibot';
import { isoDayWith, text, website } from './fields.ts';
import { guideMessages } from './messages.ts';

const described = <S extends v.GenericSchema>(schema: S, title: string, description: string) =>
  v.pipe(schema, v.title(title), v.description(description));

const sized = (field: string, min: number, max: number) =>
  v.pipe(
    v.string(guideMessages.notText(field)),
    v.minLength(min, guideMessages.tooShort(field, min)),
    v.maxLength(max, guideMessages.tooLong(field, max)),
  );

/** A guide's address after /guides/: lower-case words of letters and digits joined by hyphens. */
export const guideSlugPattern = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
const slug = v.pipe(v.string(guideMessages.notText('anciensSlugs')), v.regex(guideSlugPattern, guideMessages.notSlug));

const day = (field: string) => v.pipe(v.string(guideMessages.notDay(field)), isoDayWith(guideMessages.notDay(field)));

const source = v.strictObject({
  url: described(website, 'Adresse', 'L’adresse complète du texte officiel (https://…).'),
  titre: described(text, 'Titre', 'Le titre du texte, tel que son site l’écrit (par exemple « Instructions for Form 5472 »).'),
  consulteLe: described(day('consulteLe'), 'Consulté le', 'Le jour où vous avez relu ce texte pour le guide.'),
});

const change = v.strictObject({
  date: described(day('date'), 'Date', 'Le jour de la modification.'),
  changement: described(text, 'Modification', 'Une ligne : ce qui a changé dans le guide (« Première publication. »).'),
});

export const guideSchema = v.strictObject({
  title: described(
    sized('title', 10, 70),
    'Titre du guide',
    'Le titre de la page et des résultats de recherche, de 10 à 70 caractères.',
  ),
  description: described(
    sized('description', 50, 170),
    'Description',
    'Le résumé affiché sous le titre dans les résultats de recherche et la liste des guides, de 50 à 170 caractères.',
  ),
  publieLe: described(
    day('publieLe'),
    'Publié le',
    'Le jour de publication. Un jour à venir programme le guide : il paraît à la première construction du site ce jour-là.',
  ),
  misAJourLe: described(
    day('misAJourLe'),
    'Mis à jour le',
    'Le jour de la dernière modification réelle ; celui de la dernière ligne de l’historique.',
  ),
  auteur: described(text, 'Auteur', 'L’identifiant d’un auteur de content/authors.json.'),
  reluPar: v.optional(
    described(
      text,
      'Relu par',
      'Le professionnel (avocat, expert-comptable) qui a relu le guide. Vide : la page dit que personne ne l’a relu.',
    ),
  ),
  reluLe: v.optional(described(day('reluLe'), 'Relu le', 'Le jour de cette relecture.')),
  sources: described(
    v.pipe(v.array(source, guideMessages.notList('sources')), v.minLength(2, guideMessages.fewSources)),
    'Sources',
    'Les textes officiels sur lesquels le guide s’appuie : au moins deux.',
  ),
  historique: described(
    v.pipe(v.array(change, guideMessages.notList('historique')), v.minLength(1, guideMessages.noHistory)),
    'Historique',
    'Une ligne par modification réelle, la plus récente en dernier.',
  ),
  anciensSlugs: v.optional(
    described(
      v.array(slug, guideMessages.notList('anciensSlugs')),
      'Anciennes adresses',
      'Les adresses que le guide a eues (sans /guides/) : chacune renvoie vers la nouvelle (redirection 301).',
    ),
  ),
  brouillon: v.optional(
    described(
      v.boolean(guideMessages.notBoolean),
      'Brouillon',
      'Coché : le guide n’est pas publié, il reste visible dans l’aperçu de l’éditeur.',
    ),
  ),
});

export type GuideFrontmatter = v.InferOutput<typeof guideSchema>;

/**
 * What one field alone cannot say: the dates of a guide agree with each other. The field the message is about,
 * for its line, and the French message; undefined when all agree.
 */
export function guideDateMistake(guide: GuideFrontmatter): { field: keyof GuideFrontmatter; problem: string } | undefined {
  if (guide.misAJourLe < guide.publieLe) return { field: 'misAJourLe', problem: guideMessages.updatedBeforePublished };
  if ((guide.reluPar === undefined) !== (guide.reluLe === undefined))
    return { field: guide.reluPar ? 'reluPar' : 'reluLe', problem: guideMessages.reviewHalf };
  const later = guide.historique.find((line) => line.date > guide.misAJourLe);
  if (later) return { field: 'historique', problem: guideMessages.historyAfterUpdate(later.date, guide.misAJourLe) };
  if (!guide.historique.some((line) => line.date === guide.misAJourLe))
    return { field: 'historique', problem: guideMessages.historyMissingUpdate(guide.misAJourLe) };
  return undefined;
}

/**
 * Fields that are not French prose: identifiers, addresses, and the sources, whose titles are quoted as each source
 * writes them (in English for the IRS). The French proofreading leaves them alone.
 */
export const identifierFields: ReadonlySet<string> = new Set(['auteur', 'anciensSlugs', 'id', 'sources']);

const author = v.strictObject({
  id: described(
    v.pipe(text, v.regex(guideSlugPattern, guideMessages.notAuthorId)),
    'Identifiant',
    'Ce que le champ « auteur » d’un guide écrit.',
  ),
  nom: described(text, 'Nom', 'Tel qu’il s’affiche sous le titre du guide.'),
  bio: described(text, 'Présentation', 'Une ou deux phrases vraies : qui écrit, avec quelle compétence.'),
  url: described(
    v.pipe(text, v.startsWith('/', guideMessages.notPath)),
    'Page de l’auteur',
    'Une page du site qui le présente (par exemple /about).',
  ),
});

export type Author = v.InferOutput<typeof author>;

export const authorsSchema = v.strictObject({
  auteurs: v.pipe(v.array(author), v.minLength(1), v.title('Auteurs'), v.description('Les auteurs des guides.')),
});

const word = (title: string, description?: string) =>
  description ? described(text, title, description) : v.pipe(text, v.title(title));

/** content/guide-page.json: the words around every guide and on the list of guides. */
export const guidePageSchema = v.strictObject({
  published: word('Publié le', 'Devant la date de publication.'),
  updated: word('Mis à jour le', 'Devant la date de mise à jour.'),
  by: word('Par', 'Devant le nom de l’auteur.'),
  reviewedBy: word('Relu par', 'Devant le nom du relecteur.'),
  reviewedOn: word('le', 'Entre le relecteur et la date de relecture.'),
  notReviewed: word('Non relu', 'Quand personne n’a relu le guide : ce que la page dit à la place du relecteur.'),
  contents: word('Sommaire', 'Le titre de la table des matières.'),
  adviceTitle: word('Titre de l’encadré « pas un conseil »'),
  advice: word(
    'Encadré « pas un conseil »',
    'Rappelle que le guide est une information générale (article 54 de la loi du 31 décembre 1971).',
  ),
  sources: word('Titre des sources'),
  consulted: word('Consulté le', 'Après chaque source.'),
  history: word('Titre de l’historique'),
  related: word('Titre des liens utiles'),
  relatedLinks: v.pipe(
    v.array(
      v.strictObject({
        label: word('Texte du lien'),
        to: described(v.pipe(text, v.startsWith('/', guideMessages.notPath)), 'Page visée', 'Une page du site.'),
      }),
    ),
    v.title('Liens utiles'),
    v.description('Les pages du site proposées à la fin de chaque guide.'),
  ),
  feedTitle: word('Titre du flux', 'Le nom du flux Atom des guides, dans les lecteurs de flux.'),
  listEmpty: word('Liste vide', 'Ce que /guides affiche tant qu’aucun guide n’est publié.'),
  previewDraft: word('Aperçu d’un brouillon', 'En tête d’un brouillon, dans l’aperçu de l’éditeur seulement.'),
  previewScheduled: word(
    'Aperçu d’un guide programmé',
    'En tête d’un guide programmé, dans l’aperçu de l’éditeur seulement ; la date de publication suit.',
  ),
});
