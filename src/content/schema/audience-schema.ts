/**
 * Shape of `content/audience.json`: the audience counting's one declaration of how long daily totals are kept,
 * the words of the GDPR notice about it (counting on and off) and the small pages of the objection link. What
 * `npm run stats` prints is code (ops/stats/lines.ts), as are the counter’s log lines. Titles and descriptions
 * are what an editing tool shows beside each field.
 */
import * as v from 'valibot';
import { internalPath, text } from './fields.ts';

const titled = (title: string, description = '') =>
  v.pipe(text, v.title<string, string>(title), v.description<string, string>(description));

const page = v.strictObject({ title: titled('Titre de la page'), text: titled('Texte', '{email} devient l’adresse de contact.') });

export const audienceSchema = v.strictObject({
  retentionMonths: v.pipe(
    v.number(),
    v.integer(),
    v.minValue(1),
    // CNIL: the data of an audience measurement exempt from consent is kept at most 25 months.
    v.maxValue(25),
    v.title('Durée de conservation des totaux (mois)'),
    v.description(
      '25 mois au plus (recommandation de la CNIL). Appliquée par la purge quotidienne et écrite dans la politique de données personnelles.',
    ),
  ),
  notice: v.strictObject({
    on: titled('Mesure d’audience active', '{months} devient la durée de conservation ci-dessus.'),
    off: titled('Mesure d’audience coupée (AUDIENCE=off)'),
    object: titled('Comment s’opposer'),
    objectLink: titled('Lien pour ne pas être compté'),
    undoLink: titled('Lien pour être compté à nouveau'),
  }),
  objection: v.strictObject({
    done: page,
    undone: page,
    /** The objection link followed from anywhere but our own pages: nothing changes. */
    elsewhere: page,
    back: titled('Lien vers la politique de données'),
    home: titled('Lien vers l’accueil'),
    noticePath: v.pipe(internalPath, v.title('Page de la politique de données')),
  }),
});
