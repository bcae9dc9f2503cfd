/**
 * Shapes of the data files about the site itself, one topic per file (each an editor's form):
 *   content/brand.json       the brand's name and one-sentence pitch;
 *   content/company.json     the publisher's facts and its host (legal notice);
 *   content/processors.json  the subcontractors named in the GDPR notice;
 *   content/navigation.json  the menu and the footer's links;
 *   content/interface.json   the small words of the interface (skip link, fact labels, not-found and error screens).
 * Loaded and validated at import (src/content-data/), and by `npm run check` with French messages.
 * Titles and descriptions are what an editing tool shows beside each field, so they are French.
 */
import * as v from 'valibot';
import { email, internalPath, text, website } from './fields.ts';
import type { ContactRecipients } from '../forms/contact-recipients.ts';
import type { LeadStoreKind } from '../forms/delivery-settings.ts';

/** A schema with the label and help text an editing tool shows for it. */
const field = <S extends v.GenericSchema>(schema: S, title: string, description?: string) =>
  description === undefined ? v.pipe(schema, v.title(title)) : v.pipe(schema, v.title(title), v.description(description));

const placeholderNote =
  'Tant que la vraie valeur n’est pas connue, le fichier garde une valeur manifestement fictive, que `npm run check -- --release` signale.';
const noBreakNote = 'Les espaces sont insécables (U+00A0), pour que la valeur ne se coupe pas en fin de ligne.';
const fictionPhoneNote =
  'Les numéros en +33 1 99 00… sont réservés à la fiction par l’Arcep : ils ne sonnent chez personne et la vérification de mise en ligne les refuse.';

const link = v.strictObject({
  label: field(text, 'Texte du lien'),
  to: field(internalPath, 'Page visée', 'Adresse d’une page du site, qui commence par / (par exemple /contact).'),
});

export const brandSchema = v.strictObject({
  name: field(text, 'Nom de la marque'),
  blurb: field(text, 'Présentation', 'Une phrase sous le nom de la marque, dans le pied de page.'),
});

export const companySchema = v.strictObject({
  name: field(text, 'Raison sociale', 'Le nom de la société tel qu’il est immatriculé.'),
  legalForm: field(text, 'Forme juridique'),
  shareCapital: field(text, 'Capital social', `${placeholderNote} ${noBreakNote}`),
  registration: field(
    text,
    'Immatriculation',
    `Ville du greffe et numéro SIREN, sous la forme « RCS Ville 123 456 789 ». ${placeholderNote}`,
  ),
  vatNumber: field(text, 'Numéro de TVA intracommunautaire', `FR, 2 caractères de contrôle, puis le SIREN. ${placeholderNote}`),
  address: field(text, 'Siège social', placeholderNote),
  email: field(
    email,
    'Email de contact',
    'Affiché dans les mentions légales, et proposé aux visiteurs quand le formulaire ne peut pas envoyer leur message.',
  ),
  phone: field(text, 'Téléphone', `${noBreakNote} ${fictionPhoneNote}`),
  publicationDirector: field(
    text,
    'Directeur de la publication',
    `Une personne nommée (en général le gérant), pas une fonction. ${placeholderNote}`,
  ),
  host: field(
    v.strictObject({
      name: field(text, 'Nom de l’hébergeur'),
      address: field(text, 'Adresse de l’hébergeur'),
      phone: field(text, 'Téléphone de l’hébergeur', `${noBreakNote} ${fictionPhoneNote}`),
      website: field(website, 'Site web de l’hébergeur'),
    }),
    'Hébergeur',
    'La loi demande son nom, son adresse et son téléphone. Son nom et son site sont aussi ceux du sous-traitant « hébergement » de content/processors.json.',
  ),
});

const safeguardDescription =
  'La garantie qui encadre un transfert de données hors de l’Union européenne (cadre de protection des données UE–États-Unis, clauses contractuelles types), ou l’absence de transfert.';

/** A subcontractor that processes visitors' personal data for the publisher (GDPR art. 28), with its transfer safeguard. */
const processor = {
  role: field(text, 'Rôle', 'Ce que le prestataire fait des données, affiché après « Rôle ».'),
  country: field(text, 'Pays'),
  safeguard: field(text, 'Garantie du transfert', safeguardDescription),
};
const namedProcessor = { name: field(text, 'Nom du prestataire'), website: field(website, 'Site web du prestataire'), ...processor };

export const processorsSchema = v.strictObject({
  host: field(v.strictObject(processor), 'Hébergeur', 'Son nom et son site sont ceux de l’hébergeur de content/company.json.'),
  contactDelivery: field(
    v.strictObject(namedProcessor),
    'Service d’envoi du formulaire',
    'Nommé seulement quand le site est construit avec un service tiers (VITE_CONTACT_ENDPOINT=https://…, Formspree par exemple). Voir docs/operations.md, « Contact form delivery ».',
  ),
  emailDelivery: field(
    v.strictObject(namedProcessor),
    'Envoi par email (Brevo)',
    'Nommé seulement quand le récepteur du site envoie les messages par email (CONTACT_DELIVERY=email).',
  ),
  webhookDelivery: field(
    v.strictObject(namedProcessor),
    'Service d’automatisation (webhook)',
    'Nommé seulement quand le récepteur du site transmet les messages à un webhook (CONTACT_DELIVERY=webhook).',
  ),
  leadStores: field(
    v.strictObject({
      d1: field(
        v.strictObject(namedProcessor),
        'Cloudflare D1',
        'Nommé quand le site est construit avec CONTACT_STORE=d1 (Cloudflare Pages).',
      ),
      blobs: field(
        v.strictObject(namedProcessor),
        'Netlify Blobs',
        'Nommé quand le site est construit avec CONTACT_STORE=blobs (Netlify).',
      ),
    }),
    'Stockage des messages du formulaire',
    'Le prestataire qui conserve chaque message avant sa transmission, selon CONTACT_STORE (voir docs/operations.md, « The receiver »).',
  ),
  localDelivery: field(
    text,
    'Messages enregistrés sur le serveur',
    'Une phrase après la liste, quand le récepteur du site enregistre les messages en fichiers sur le serveur (CONTACT_DELIVERY=local, npm start).',
  ),
  filesStore: field(
    text,
    'Messages enregistrés sur le serveur, puis transmis',
    'Une phrase après la liste, quand le serveur du site (npm start, CONTACT_STORE=files) enregistre chaque message avant de le transmettre par email ou webhook.',
  ),
  leadRetentionYears: field(
    v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(10)),
    'Durée de conservation des messages du formulaire (en années)',
    'Affichée dans la notice RGPD par <LeadRetention /> et appliquée par npm run leads -- --purge, qui supprime les messages plus anciens : le texte et l’outil ne peuvent pas diverger.',
  ),
  spamRetentionDays: field(
    v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(365)),
    'Durée de conservation des messages indésirables (en jours)',
    'Affichée dans la notice RGPD par <SpamRetention /> et appliquée par la purge automatique et npm run leads -- --purge aux messages mis à l’écart comme indésirables.',
  ),
});

export const navigationSchema = v.strictObject({
  nav: field(
    v.strictObject({
      label: field(text, 'Nom du menu', 'Lu par les lecteurs d’écran, pas affiché.'),
      links: field(v.array(link), 'Liens du menu', 'Chaque lien mène à une page du site.'),
      cta: field(link, 'Bouton du menu'),
      openMenu: field(text, 'Bouton d’ouverture du menu (téléphone)'),
      closeMenu: field(text, 'Bouton de fermeture du menu (téléphone)'),
    }),
    'Menu principal',
  ),
  footer: field(
    v.strictObject({
      navTitle: field(text, 'Titre de la colonne de navigation'),
      legalTitle: field(text, 'Titre de la colonne des informations légales'),
      legalLinks: field(v.array(link), 'Liens légaux'),
      copyright: field(text, 'Mention de copyright', '{year} et {brand} sont remplacés par l’année et le nom de la marque.'),
    }),
    'Pied de page',
  ),
});

export const interfaceSchema = v.strictObject({
  a11y: field(
    v.strictObject({
      skipLink: field(text, 'Lien d’évitement', 'Premier lien de chaque page, visible au clavier : il mène au contenu principal.'),
      homeLink: field(text, 'Nom du lien du logo', 'Lu par les lecteurs d’écran sur le logo, qui ramène à l’accueil.'),
    }),
    'Accessibilité',
  ),
  legalLabels: field(
    v.strictObject({
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
    'Intitulés des mentions légales',
    'Les intitulés des informations de la société, de l’hébergeur et des prestataires sur /legal.',
  ),
  notFound: field(
    v.strictObject({
      code: text,
      title: field(text, 'Titre', 'Écrit tel que le demande le cahier des charges, anglais compris.'),
      text: text,
      home: field(text, 'Lien vers l’accueil'),
      contact: field(text, 'Lien vers la page Contact'),
      metaTitle: field(text, 'Titre de l’onglet'),
      consoleMessage: field(
        text,
        'Message de la console',
        'Écrit dans la console du navigateur, où {path} devient l’adresse demandée.',
      ),
    }),
    'Page introuvable (404)',
  ),
  error: field(
    v.strictObject({
      title: field(text, 'Titre', 'Écrit tel que le demande le cahier des charges, anglais compris.'),
      text: text,
      home: field(text, 'Lien vers l’accueil'),
      contact: field(text, 'Lien vers la page Contact'),
    }),
    'Écran d’erreur',
  ),
});

export type Brand = v.InferOutput<typeof brandSchema>;
export type Navigation = v.InferOutput<typeof navigationSchema>;
export type InterfaceText = v.InferOutput<typeof interfaceSchema>;

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
  {
    file: 'content/processors.json',
    field: 'leadStores.d1.safeguard',
    whenStore: 'd1',
    value: 'à vérifier (cadre de protection des données UE–États-Unis ou clauses contractuelles types)',
    todo: safeguardTodo,
  },
  {
    file: 'content/processors.json',
    field: 'leadStores.blobs.safeguard',
    whenStore: 'blobs',
    value: 'à vérifier (cadre de protection des données UE–États-Unis ou clauses contractuelles types)',
    todo: safeguardTodo,
  },
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
