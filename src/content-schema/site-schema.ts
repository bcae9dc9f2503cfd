/**
 * Shape of `content/site.ts`: brand, company facts, navigation and interface wording.
 * The type editors' file must satisfy is inferred from this schema, and `npm run check`
 * validates the values with French messages.
 */
import * as v from 'valibot';
import type { ContactRecipients } from '../forms/contact-recipients.ts';

const text = v.pipe(v.string('doit être un texte entre guillemets'), v.minLength(1, 'ne peut pas être vide'));
const internalPath = v.pipe(text, v.startsWith('/', 'doit être un chemin qui commence par / (par exemple : /contact)'));
const link = v.strictObject({ label: text, to: internalPath });
const website = v.pipe(text, v.url('doit être une adresse web complète (par exemple : https://www.exemple.fr)'));

/** A subcontractor that processes visitors' personal data for the publisher (GDPR art. 28), with its transfer safeguard. */
const processor = {
  /** What it does with the data, shown after the "Rôle" label. */
  role: text,
  country: text,
  /** The GDPR chapter V basis of a transfer outside the EU (adequacy decision, standard contractual clauses…). */
  safeguard: text,
};

export const siteSchema = v.strictObject({
  brand: v.strictObject({
    name: text,
    /** One sentence under the brand name in the footer. */
    blurb: text,
  }),
  company: v.strictObject({
    /** Legal name, as registered. */
    name: text,
    legalForm: text,
    shareCapital: text,
    registration: text,
    /** Numéro de TVA intracommunautaire (FR + 2 check characters + SIREN). */
    vatNumber: text,
    address: text,
    email: v.pipe(text, v.email('doit être une adresse email valide')),
    phone: text,
    /** A named person (LCEN art. 1-1), not a role. */
    publicationDirector: text,
    /** The hosting provider: LCEN requires its name, address and phone number. */
    host: v.strictObject({ name: text, address: text, phone: text, website }),
  }),
  /** Subcontractors listed in the GDPR notice: the host (name and website from `company.host`), and the contact delivery service. */
  processors: v.strictObject({
    host: v.strictObject(processor),
    /** Shown only in a build whose form posts to a third-party service (VITE_CONTACT_ENDPOINT=https://…). */
    contactDelivery: v.strictObject({ name: text, website, ...processor }),
    /** Shown only when the site's receiver sends messages by email (Brevo). */
    emailDelivery: v.strictObject({ name: text, website, ...processor }),
    /** Shown only when the site's receiver posts messages to a webhook. */
    webhookDelivery: v.strictObject({ name: text, website, ...processor }),
    /** One sentence after the list when the receiver stores messages as files on the server. */
    localDelivery: text,
  }),
  /** Labels of the company and host facts listed in the legal notice (<CompanyFacts />, <HostFacts />). */
  legalLabels: v.strictObject({
    name: text,
    legalForm: text,
    shareCapital: text,
    registration: text,
    vatNumber: text,
    address: text,
    email: text,
    phone: text,
    publicationDirector: text,
    hostName: text,
    hostAddress: text,
    hostPhone: text,
    hostWebsite: text,
    processorName: text,
    processorRole: text,
    processorCountry: text,
    processorSafeguard: text,
  }),
  nav: v.strictObject({
    label: text,
    links: v.array(link),
    cta: link,
    openMenu: text,
    closeMenu: text,
  }),
  footer: v.strictObject({
    navTitle: text,
    legalTitle: text,
    legalLinks: v.array(link),
    /** `{year}` and `{brand}` are replaced when the page is built. */
    copyright: text,
  }),
  a11y: v.strictObject({
    skipLink: text,
    homeLink: text,
  }),
  notFound: v.strictObject({
    code: text,
    title: text,
    text: text,
    home: text,
    /** Label of the link to /contact under the home link. */
    contact: text,
    metaTitle: text,
    /** Line logged in the browser console; `{path}` is replaced by the missing path. */
    consoleMessage: text,
  }),
  error: v.strictObject({
    title: text,
    text: text,
    home: text,
    contact: text,
  }),
});

export type SiteContent = v.InferOutput<typeof siteSchema>;

/** A fictitious value shipped in content/site.ts until the real one is known. */
export interface Placeholder {
  /** Path of the field in content/site.ts. */
  field: string;
  /** The value shipped with the site: obviously fictitious, so nobody mistakes it for the real one. */
  value: string;
  /** What to put there instead, for the release check's message (French, editor-facing). */
  todo: string;
  /** Only a placeholder to replace when the form's messages go this way (the notice shows it only then). */
  when?: ContactRecipients;
}

const nbsp = '\u00A0';
const safeguardTodo =
  "la garantie qui encadre le transfert hors de l'Union européenne : « Cadre de protection des données UE–États-Unis (Data Privacy Framework) » si la société figure sur la liste publique www.dataprivacyframework.gov, sinon « Clauses contractuelles types de la Commission européenne » si son contrat de sous-traitance (DPA) les prévoit, ou « Aucun transfert (prestataire établi dans l'Union européenne) »";

/**
 * The placeholders of content/site.ts. `npm run check -- --release` fails while a field still holds its
 * placeholder; a phone number also fails whenever it lies in a block ARCEP reserves for fiction.
 * When a placeholder changes in content/site.ts, change it here too (a unit test checks they match).
 */
export const sitePlaceholders: readonly Placeholder[] = [
  {
    field: 'company.shareCapital',
    value: `1${nbsp}000${nbsp}€ (montant fictif)`,
    todo: 'le montant du capital social inscrit dans les statuts et au registre du commerce (par exemple « 10 000 € »)',
  },
  {
    field: 'company.registration',
    value: `RCS Paris 000${nbsp}000${nbsp}000`,
    todo: "la ville du greffe et le numéro SIREN (9 chiffres) tels qu'ils figurent sur l'extrait Kbis, sous la forme « RCS Ville 123 456 789 »",
  },
  {
    field: 'company.vatNumber',
    value: `FR00${nbsp}000000000`,
    todo: "le numéro de TVA intracommunautaire de la société (FR, 2 caractères de contrôle, puis le SIREN), indiqué dans l'espace professionnel impots.gouv.fr",
  },
  {
    field: 'company.address',
    value: '1 rue de l’Exemple, 75000 Paris, France',
    todo: "l'adresse du siège social inscrite au registre du commerce",
  },
  {
    field: 'company.phone',
    value: `+33${nbsp}1${nbsp}99${nbsp}00${nbsp}00${nbsp}01`,
    todo: 'un numéro de téléphone où joindre la société (les numéros en 01 99 00… sont réservés à la fiction)',
  },
  {
    field: 'company.publicationDirector',
    value: 'Prénom Nom',
    todo: 'le prénom et le nom du directeur de la publication : le représentant légal de la société, en principe le gérant de la SARL (une personne nommée, pas une fonction)',
  },
  {
    field: 'company.host.phone',
    value: `+33${nbsp}1${nbsp}99${nbsp}00${nbsp}00${nbsp}02`,
    todo: "le numéro de téléphone de l'hébergeur tel qu'il le publie (ses mentions légales ou sa page de contact) ; vérifiez au passage son adresse",
  },
  {
    field: 'processors.host.safeguard',
    value: 'à vérifier (cadre de protection des données UE–États-Unis ou clauses contractuelles types)',
    todo: safeguardTodo,
  },
  {
    field: 'processors.contactDelivery.name',
    when: 'external',
    value: "Service d'envoi du formulaire (à choisir)",
    todo: 'le nom de la société qui exploite le service de VITE_CONTACT_ENDPOINT, où partent les messages du formulaire (par exemple « Formspree, Inc. »)',
  },
  {
    field: 'processors.contactDelivery.website',
    when: 'external',
    value: 'https://service-envoi.example',
    todo: "l'adresse du site de ce service (https://…), sur le même domaine que VITE_CONTACT_ENDPOINT",
  },
  {
    field: 'processors.contactDelivery.country',
    when: 'external',
    value: 'à compléter',
    todo: 'le pays où ce service est établi (par exemple « États-Unis »)',
  },
  {
    field: 'processors.contactDelivery.safeguard',
    when: 'external',
    value: 'à vérifier (cadre de protection des données UE–États-Unis ou clauses contractuelles types)',
    todo: safeguardTodo,
  },
  {
    field: 'processors.emailDelivery.safeguard',
    when: 'email',
    value: 'à vérifier (lieu d’hébergement des données dans le contrat de sous-traitance de Brevo)',
    todo: 'où Brevo héberge les messages d’après son contrat de sous-traitance (DPA) : « données hébergées dans l’Union européenne, aucun transfert » ou la garantie de chaque transfert',
  },
  {
    field: 'processors.webhookDelivery.name',
    when: 'webhook',
    value: 'Service d’automatisation (à choisir)',
    todo: 'le nom de la société qui exploite le service de CONTACT_WEBHOOK_URL (par exemple « n8n GmbH » ou « Slack Technologies »)',
  },
  {
    field: 'processors.webhookDelivery.website',
    when: 'webhook',
    value: 'https://service-automatisation.example',
    todo: 'l’adresse du site de ce service (https://…)',
  },
  {
    field: 'processors.webhookDelivery.country',
    when: 'webhook',
    value: 'à compléter',
    todo: 'le pays où ce service est établi',
  },
  {
    field: 'processors.webhookDelivery.safeguard',
    when: 'webhook',
    value: 'à vérifier (cadre de protection des données UE–États-Unis ou clauses contractuelles types)',
    todo: safeguardTodo,
  },
];

/** Fields holding a phone number: any number in ARCEP's fiction blocks is a placeholder there. */
export const phoneFields = ['company.phone', 'company.host.phone'] as const;

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
