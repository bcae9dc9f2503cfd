/**
 * The release check's data about content/company.json and content/processors.json: the placeholders shipped until
 * the real values are known, and the phone numbers ARCEP reserves for fiction. Read by ./release.ts only.
 */
import type { ContactRecipients } from '../../../src/contact/contact-recipients.ts';
import { type LeadStoreKind, providedStoreKinds } from '../../../src/contact/lead-stores.ts';

/** A fictitious value shipped in a data file until the real one is known. */
export interface Placeholder {
  /** The data file, from the project root. */
  file: 'content/company.json' | 'content/processors.json';
  /** Path of the field in that file. */
  field: string;
  /** The value shipped with the site: obviously fictitious, so nobody mistakes it for the real one. */
  value: string;
  /** What to put there instead, for the release check's message (French, editor-facing). */
  todo: string;
  /** Only a placeholder to replace when the form's messages go this way (the notice shows it only then). */
  when?: ContactRecipients;
  /** Only a placeholder to replace when the build stores the leads there (the notice shows it only then). */
  whenStore?: LeadStoreKind;
}

const nbsp = '\u00A0';
const safeguardTodo =
  "la garantie qui encadre le transfert hors de l'Union européenne : « Cadre de protection des données UE–États-Unis (Data Privacy Framework) » si la société figure sur la liste publique www.dataprivacyframework.gov, sinon « Clauses contractuelles types de la Commission européenne » si son contrat de sous-traitance (DPA) les prévoit, ou « Aucun transfert (prestataire établi dans l'Union européenne) »";

/**
 * The placeholders of content/company.json and content/processors.json. `npm run check -- --release` fails while
 * a field still holds its placeholder; a phone number also fails whenever it lies in a block ARCEP reserves for
 * fiction. When a placeholder changes in a data file, change it here too (a unit test checks they match).
 */
export const sitePlaceholders: readonly Placeholder[] = [
  {
    file: 'content/company.json',
    field: 'shareCapital',
    value: `1${nbsp}000${nbsp}€ (montant fictif)`,
    todo: 'le montant du capital social inscrit dans les statuts et au registre du commerce (par exemple « 10 000 € »)',
  },
  {
    file: 'content/company.json',
    field: 'registration',
    value: `RCS Paris 000${nbsp}000${nbsp}000`,
    todo: "la ville du greffe et le numéro SIREN (9 chiffres) tels qu'ils figurent sur l'extrait Kbis, sous la forme « RCS Ville 123 456 789 »",
  },
  {
    file: 'content/company.json',
    field: 'vatNumber',
    value: `FR00${nbsp}000000000`,
    todo: "le numéro de TVA intracommunautaire de la société (FR, 2 caractères de contrôle, puis le SIREN), indiqué dans l'espace professionnel impots.gouv.fr",
  },
  {
    file: 'content/company.json',
    field: 'address',
    value: '1 rue de l’Exemple, 75000 Paris, France',
    todo: "l'adresse du siège social inscrite au registre du commerce",
  },
  {
    file: 'content/company.json',
    field: 'phone',
    value: `+33${nbsp}1${nbsp}99${nbsp}00${nbsp}00${nbsp}01`,
    todo: 'un numéro de téléphone où joindre la société (les numéros en 01 99 00… sont réservés à la fiction)',
  },
  {
    file: 'content/company.json',
    field: 'publicationDirector',
    value: 'Prénom Nom',
    todo: 'le prénom et le nom du directeur de la publication : le représentant légal de la société, en principe le gérant de la SARL (une personne nommée, pas une fonction)',
  },
  {
    file: 'content/company.json',
    field: 'host.phone',
    value: `+33${nbsp}1${nbsp}99${nbsp}00${nbsp}00${nbsp}02`,
    todo: "le numéro de téléphone de l'hébergeur tel qu'il le publie (ses mentions légales ou sa page de contact) ; vérifiez au passage son adresse",
  },
  {
    file: 'content/processors.json',
    field: 'host.safeguard',
    value: 'à vérifier (cadre de protection des données UE–États-Unis ou clauses contractuelles types)',
    todo: safeguardTodo,
  },
  {
    file: 'content/processors.json',
    field: 'contactDelivery.name',
    when: 'external',
    value: 'Service d’envoi du formulaire (à choisir)',
    todo: 'le nom de la société qui exploite le service de VITE_CONTACT_ENDPOINT, où partent les messages du formulaire (par exemple « Formspree, Inc. »)',
  },
  {
    file: 'content/processors.json',
    field: 'contactDelivery.website',
    when: 'external',
    value: 'https://service-envoi.example',
    todo: "l'adresse du site de ce service (https://…), sur le même domaine que VITE_CONTACT_ENDPOINT",
  },
  {
    file: 'content/processors.json',
    field: 'contactDelivery.country',
    when: 'external',
    value: 'à compléter',
    todo: 'le pays où ce service est établi (par exemple « États-Unis »)',
  },
  {
    file: 'content/processors.json',
    field: 'contactDelivery.safeguard',
    when: 'external',
    value: 'à vérifier (cadre de protection des données UE–États-Unis ou clauses contractuelles types)',
    todo: safeguardTodo,
  },
  {
    file: 'content/processors.json',
    field: 'emailDelivery.safeguard',
    when: 'email',
    value: 'à vérifier (lieu d’hébergement des données dans le contrat de sous-traitance de Brevo)',
    todo: 'où Brevo héberge les messages d’après son contrat de sous-traitance (DPA) : « données hébergées dans l’Union européenne, aucun transfert » ou la garantie de chaque transfert',
  },
  // Each store a provider keeps (src/contact/lead-stores.ts): its transfer safeguard, shown when the build stores there.
  ...providedStoreKinds.map((store) => ({
    file: 'content/processors.json' as const,
    field: `leadStores.${store}.safeguard`,
    whenStore: store,
    value: 'à vérifier (cadre de protection des données UE–États-Unis ou clauses contractuelles types)',
    todo: safeguardTodo,
  })),
  {
    file: 'content/processors.json',
    field: 'webhookDelivery.name',
    when: 'webhook',
    value: 'Service d’automatisation (à choisir)',
    todo: 'le nom de la société qui exploite le service de CONTACT_WEBHOOK_URL (par exemple « n8n GmbH » ou « Slack Technologies »)',
  },
  {
    file: 'content/processors.json',
    field: 'webhookDelivery.website',
    when: 'webhook',
    value: 'https://service-automatisation.example',
    todo: 'l’adresse du site de ce service (https://…)',
  },
  {
    file: 'content/processors.json',
    field: 'webhookDelivery.country',
    when: 'webhook',
    value: 'à compléter',
    todo: 'le pays où ce service est établi',
  },
  {
    file: 'content/processors.json',
    field: 'webhookDelivery.safeguard',
    when: 'webhook',
    value: 'à vérifier (cadre de protection des données UE–États-Unis ou clauses contractuelles types)',
    todo: safeguardTodo,
  },
];

/** Fields of content/company.json holding a phone number: any number in ARCEP's fiction blocks is a placeholder there. */
export const phoneFields = ['phone', 'host.phone'] as const;

/**
 * Blocks of the French numbering plan that ARCEP reserves for fiction (films, books, examples):
 * they are never assigned, so a number in them rings nobody (plan national de numérotation,
 * décision n° 2018-0881 modifiée, numéros réservés aux œuvres audiovisuelles).
 */
const fictionBlocks = ['019900', '026191', '035301', '046571', '053649', '063998'];

/** Whether a French number (0…, +33…, 0033…) lies in one of ARCEP's fiction blocks. */
export function isFictionPhone(phone: string): boolean {
  const digits = phone.replace(/\D/g, '');
  const national = /^(?:0033|33)(\d{9})$/.exec(digits)?.[1];
  const number = national ? `0${national}` : digits;
  return number.length === 10 && fictionBlocks.some((block) => number.startsWith(block));
}
