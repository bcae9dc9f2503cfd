/**
 * What the audience counter logs on every host, in French. Lines of one host alone live in that host's folder.
 * `{name}` placeholders are filled with `fillTemplate` (src/content/template.ts).
 */
export const audienceLines = {
  countFailed: 'Audience : une visite n’a pas pu être comptée.',
  purgeDone:
    'Audience : purge automatique des totaux d’avant le {date} ({months} mois de conservation) et des sels des jours passés ; jours supprimés : {count}.',
};
