/**
 * What this site is about, in the words its visitors use: a message of some length that holds none of them is
 * about something else (an offer, an invoice, a partnership), which is what form spam of every kind has in common,
 * whatever its wording. A weak signal: it marks the message « à vérifier », never more (./weights.ts), so a
 * trader who words it otherwise is still delivered. Written from the site's subject, and only its own words: the
 * words of any commercial email (business, company, payment, account, price, information) say nothing of it.
 */
import { propfirms } from '../../../content/data/propfirms.ts';

const stems = [
  // The company's subject.
  'llc',
  'soci[eé]t[eé]',
  'statut',
  'propfirm',
  'prop ?firm',
  'prop',
  'payout',
  'retrait',
  'virement',
  'trad(?:e|er|ing|ez)',
  'funded',
  'financ[eé]',
  'challenge',
  '[eé]valuation',
  'compte',
  'banque',
  'bancaire',
  'mercury',
  'wise',
  'relay',
  'fisc',
  'imp[oô]t',
  'tax',
  'd[eé]clar',
  'ein',
  'irs',
  '5472',
  '3916',
  'w-?8',
  'cr[eé](?:er|ation)',
  'ouvr(?:ir|ez|e)',
  'co[uû]t',
  'tarif',
  'devis',
  'honoraire',
  'd[eé]lai',
  'comptab',
  'accountant',
  'avocat',
  'lawyer',
  'wyoming',
  'delaware',
  'floride',
  'florida',
  'mexique',
  'mexico',
  'usa',
  'am[eé]ricain',
  '[eé]tats?-unis',
  'r[eé]sident',
  // Asking to be contacted.
  'rappel',
  'appel',
  'rendez-vous',
  'rdv',
  'renseign',
  'accompagn',
];

const names = propfirms.propfirms.map((firm) => firm.name.toLowerCase().split(/\s+/)[0] ?? '').filter((name) => name.length > 2);

const topic = new RegExp(
  `(?:^|[^\\p{L}\\p{N}])(?:${[...stems, ...names.map((name) => name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))].join('|')})`,
  'iu',
);

/** Fewer words than this, and a message is too short to be judged off its subject (« Rappelez-moi svp. »). */
const judgedFromWords = 12;

/** Whether a message of some length says nothing of what this site is about. */
export function offTopic(message: string): boolean {
  const words = message.split(/[^\p{L}\p{N}]+/u).filter(Boolean);
  return words.length >= judgedFromWords && !topic.test(message);
}
