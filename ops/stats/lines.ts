/**
 * What `npm run stats` prints or writes, in French: its terminal report, its HTML report, its usage and errors.
 * `{name}` placeholders are filled with `fillTemplate` (src/content/template.ts).
 */
import type { ContactIntentKind } from '../../src/contact/contact-ways.ts';

/** The ways to reach us as the report names them. */
export const intentNames: Record<ContactIntentKind, string> = {
  phone: 'Téléphone',
  whatsapp: 'WhatsApp',
  telegram: 'Telegram',
  email: 'E-mail',
  booking: 'Prise de rendez-vous',
};

export const statsLines = {
  usage:
    'Usage : npm run stats [-- --since DÉBUT] [--until FIN] [--json | --html FICHIER] [--local | --remote | --netlify], DÉBUT et FIN au format 2026-11-26.',
  title: 'Audience entre le {since} et le {until} ({store})',
  unreachable: 'Impossible de lire {store} : {reason}',
  visitors: 'Visiteurs',
  pageviews: 'Pages vues',
  reachedContact: 'Ont atteint la page de contact',
  leads: 'Messages reçus',
  contactIntents: 'Clics vers un moyen de nous joindre',
  contactIntentsByKind: 'Moyens de nous joindre cliqués',
  shareOfVisitors: '{count} ({share} des visiteurs)',
  pages: 'Pages les plus lues',
  referrers: 'Sites d’où viennent les visiteurs',
  contactFrom: 'Page lue juste avant la page de contact',
  direct: '(arrivée directe)',
  notFound: '(page introuvable)',
  perDay: 'Par jour',
  day: 'Jour',
  none: 'Aucune visite comptée sur cette période.',
  htmlWritten: 'Rapport écrit dans {file}.',
  htmlExists: 'Le fichier {file} existe déjà (ou est un lien) : rien n’a été écrit. --html doit nommer un nouveau fichier.',
  htmlTitle: 'Audience de {site}',
  htmlPeriod: 'Entre le {since} et le {until}',
  chartDays: 'Visiteurs et messages reçus par jour',
  chartFunnel: 'Le chemin vers la page de contact',
  chartPages: 'Pages les plus lues',
  funnelVisitors: 'Visiteurs',
  funnelContact: 'Ont vu la page de contact',
  funnelIntents: 'Ont cliqué un moyen de nous joindre (clics)',
  funnelLeads: 'Ont envoyé un message',
  count: 'Nombre',
  otherReferrers: '(autres sites)',
  capViews:
    'Le {date}, le plafond de {count} pages vues par jour a été atteint : les vues suivantes de ce jour n’ont pas été comptées.',
  capVisitors:
    'Le {date}, le plafond de {count} nouveaux visiteurs par jour a été atteint : les visiteurs suivants de ce jour n’ont pas été comptés.',
  capReferrers: 'Le {date}, plus de {count} sites d’origine : les suivants sont comptés ensemble sous « (autres sites) ».',
  dropped: 'Vues non comptées parce que trop de demandes de comptage arrivaient à la fois : {count}.',
  audienceDbHint:
    'La base d’audience est la base D1 liée comme AUDIENCE_DB, créée et migrée à part de celle des messages : sans elle ou sans ses tables, rien n’est compté. Voir src/hosts/cloudflare/README.md.',
};
