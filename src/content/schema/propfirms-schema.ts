/**
 * Shape of `content/propfirms.json`: which propfirms pay their traders' payouts to a company, each with its
 * conditions, the public page that says so and the day it was read. « oui » and « non » only where that page
 * says so; any other row is « à vérifier ». The table on /how-it-works#propfirms sorts the rows by name.
 * `verifieLe` is the day the source was last read (`npm run check` warns when it gets old).
 * Titles and descriptions are what an editing tool shows beside each field, so they are French.
 */
import * as v from 'valibot';
import { isoDay, text, website } from './fields.ts';
import { valueMessages } from './messages.ts';

const field = <S extends v.GenericSchema>(schema: S, title: string, description?: string) =>
  description === undefined ? v.pipe(schema, v.title(title)) : v.pipe(schema, v.title(title), v.description(description));

/** What a propfirm's public page says about paying a company. */
const propfirmAnswers = ['oui', 'non', 'à vérifier'] as const;

const propfirm = v.strictObject({
  name: field(text, 'Nom de la propfirm', 'Tel que la propfirm l’écrit. Le lien « nous écrire » de sa ligne le reprend.'),
  paysCompany: field(
    v.picklist(propfirmAnswers),
    'Paie-t-elle une société ?',
    '« oui » ou « non » seulement si la page publique en source le dit ; sinon « à vérifier », que le site affiche « à vérifier avec nous ».',
  ),
  conditions: field(
    text,
    'Conditions',
    'Ce que la propfirm demande (type de société, pays, propriétaire unique, EIN…), en une ou deux phrases.',
  ),
  source: field(website, 'Source', 'L’adresse de la page publique (centre d’aide, FAQ) qui dit ce que la ligne affirme.'),
  verifieLe: field(
    isoDay,
    'Vérifiée le',
    'Le jour où la source a été lue, sous la forme AAAA-MM-JJ. La vérification du contenu signale une date de plus de 12 mois.',
  ),
});

const withPropfirm = v.pipe(text, v.includes('{propfirm}', valueMessages.mustHoldPropfirm));
const withDate = v.pipe(text, v.includes('{date}', valueMessages.mustHoldDate));

export const propfirmsSchema = v.strictObject({
  caption: field(text, 'Légende du tableau', 'Le titre du tableau, lu par les lecteurs d’écran et affiché au-dessus.'),
  headings: field(
    v.strictObject({
      name: field(text, 'Colonne du nom'),
      paysCompany: field(text, 'Colonne de la réponse'),
      conditions: field(text, 'Colonne des conditions'),
    }),
    'Titres des colonnes',
  ),
  answers: field(
    v.strictObject({
      oui: field(text, 'Réponse « oui »'),
      non: field(text, 'Réponse « non »'),
      unconfirmed: field(
        text,
        'Réponse « à vérifier »',
        'Affichée pour toute propfirm dont aucune page publique ne confirme la réponse.',
      ),
    }),
    'Réponses affichées',
  ),
  sourceLink: field(withDate, 'Lien vers la source', '{date} est remplacé par le jour de la vérification (« 27 novembre 2026 »).'),
  contactLink: field(withPropfirm, 'Lien vers le formulaire de contact', '{propfirm} est remplacé par le nom de la propfirm.'),
  propfirms: field(
    v.pipe(
      v.array(propfirm),
      v.check((rows) => new Set(rows.map((row) => row.name.toLowerCase())).size === rows.length, valueMessages.duplicatePropfirm),
    ),
    'Propfirms',
    'Une ligne par propfirm, dans n’importe quel ordre : le tableau les trie par nom.',
  ),
});

export type Propfirm = v.InferOutput<typeof propfirmsSchema>['propfirms'][number];
