/**
 * Shapes of the data files about the site itself, one topic per file (each an editor's form):
 *   content/brand.json       the brand's name and one-sentence pitch;
 *   content/company.json     the publisher's facts and its host (legal notice);
 *   content/processors.json  the subcontractors named in the GDPR notice;
 *   content/navigation.json  the menu and the footer's links;
 *   content/interface.json   the small words of the interface (skip link, fact labels, not-found and error screens).
 * Loaded and validated at import (src/content/data/), and by `npm run check` with French messages.
 * Titles and descriptions are what an editing tool shows beside each field, so they are French.
 */
import * as v from 'valibot';
import { email, internalPath, text, website } from './fields.ts';
import { type LeadStoreSpec, leadStores, type ProvidedStoreKind, providedStoreKinds } from '../../contact/lead-stores.ts';

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

/** The processor of a store a provider keeps, one key per such store of the table (src/contact/lead-stores.ts). */
const storeProcessor = (kind: ProvidedStoreKind) => {
  const { product, hostBuild }: LeadStoreSpec = leadStores[kind];
  const built = `Nommé quand le site est construit avec CONTACT_STORE=${kind}${hostBuild ? ` (${hostBuild.host})` : ''}.`;
  return field(v.strictObject(namedProcessor), product, built);
};
const storeProcessors = Object.fromEntries(providedStoreKinds.map((kind) => [kind, storeProcessor(kind)])) as Record<
  ProvidedStoreKind,
  ReturnType<typeof storeProcessor>
>;

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
    v.strictObject(storeProcessors),
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
  acknowledgement: field(
    text,
    'Accusé de réception envoyé au visiteur',
    'Une phrase après la liste, quand le site envoie à chaque visiteur un accusé de réception par email (CONTACT_ACK=1, voir docs/operations.md).',
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
