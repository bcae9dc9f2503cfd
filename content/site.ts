/**
 * Marque, informations légales de la société, menus et petits textes de l'interface.
 * Modifiez les textes entre guillemets ; gardez les noms de champs tels quels.
 * `npm run check` vérifie ce fichier.
 */
import type { SiteContent } from '../src/content-schema/site-schema.ts';

export const site = {
  brand: {
    name: 'PropLLC',
    blurb:
      'Nous aidons les traders financés par des propfirms à recevoir leurs payouts sur une LLC américaine dédiée, et à en organiser la gestion.',
  },

  // Mentions légales (/legal) : l'éditeur du site et son hébergeur.
  // Les valeurs manifestement fictives (numéros en 01 99 00, zéros, « Prénom Nom »…) sont à remplacer
  // avant la mise en ligne : `npm run check -- --release` les liste et dit quoi mettre à leur place.
  company: {
    name: 'PropLLC SARL',
    legalForm: 'SARL (société à responsabilité limitée)',
    shareCapital: '1 000 € (montant fictif)',
    registration: 'RCS Paris 000 000 000',
    vatNumber: 'FR00 000000000',
    address: '1 rue de l’Exemple, 75000 Paris, France',
    email: 'contact@propllc.fr',
    // Espaces insécables (U+00A0) : le numéro ne se coupe jamais en fin de ligne.
    phone: '+33 1 99 00 00 01',
    // Le directeur de la publication est une personne nommée (en général le gérant), pas une fonction.
    publicationDirector: 'Prénom Nom',
    host: {
      name: 'Netlify, Inc.',
      address: '512 2nd Street, Suite 200, San Francisco, CA 94107, États-Unis',
      phone: '+33 1 99 00 00 02',
      website: 'https://www.netlify.com',
    },
  },

  // Prestataires qui traitent des données personnelles pour le compte de PropLLC (sous-traitants),
  // listés dans la section « Protection des données personnelles » de /legal.
  processors: {
    host: {
      // Le nom et le site de l'hébergeur sont ceux de `company.host`.
      role: 'hébergement du site, qui affiche les pages et enregistre à chaque visite les données techniques de connexion (adresse IP, navigateur, page demandée, date et heure)',
      country: 'États-Unis',
      safeguard: 'à vérifier (cadre de protection des données UE–États-Unis ou clauses contractuelles types)',
    },
    // Les destinataires des messages du formulaire dépendent de la construction du site (voir README.md,
    // « Contact form delivery ») : /legal ne nomme que ceux du mode utilisé.
    // Service tiers : VITE_CONTACT_ENDPOINT est une adresse https://… (Formspree par exemple).
    contactDelivery: {
      name: "Service d'envoi du formulaire (à choisir)",
      website: 'https://service-envoi.example',
      role: 'réception des messages du formulaire de contact et transmission par email à PropLLC',
      country: 'à compléter',
      safeguard: 'à vérifier (cadre de protection des données UE–États-Unis ou clauses contractuelles types)',
    },
    // Récepteur du site, envoi par email (CONTACT_DELIVERY=email).
    emailDelivery: {
      name: 'Brevo (Sendinblue SAS)',
      website: 'https://www.brevo.com',
      role: 'envoi à PropLLC, par email, des messages du formulaire de contact',
      country: 'France',
      safeguard: 'à vérifier (lieu d’hébergement des données dans le contrat de sous-traitance de Brevo)',
    },
    // Récepteur du site, envoi vers un service d'automatisation (CONTACT_DELIVERY=webhook).
    webhookDelivery: {
      name: 'Service d’automatisation (à choisir)',
      website: 'https://service-automatisation.example',
      role: 'réception des messages du formulaire de contact et transmission à PropLLC',
      country: 'à compléter',
      safeguard: 'à vérifier (cadre de protection des données UE–États-Unis ou clauses contractuelles types)',
    },
    // Récepteur du site, messages enregistrés en fichiers sur le serveur (CONTACT_DELIVERY=local, npm start).
    localDelivery:
      'Les messages du formulaire sont enregistrés sur le serveur qui fait fonctionner le site, exploité par PropLLC chez l’hébergeur ci-dessus : aucun autre prestataire ne les reçoit.',
  },

  // Intitulés des informations de la société et de l'hébergeur dans les mentions légales (/legal).
  legalLabels: {
    name: 'Raison sociale',
    legalForm: 'Forme juridique',
    shareCapital: 'Capital social',
    registration: 'Immatriculation',
    vatNumber: 'Numéro de TVA intracommunautaire',
    address: 'Siège social',
    email: 'Email',
    phone: 'Téléphone',
    publicationDirector: 'Directeur de la publication',
    hostName: 'Hébergeur',
    hostAddress: 'Adresse',
    hostPhone: 'Téléphone',
    hostWebsite: 'Site web',
    processorName: 'Prestataire',
    processorRole: 'Rôle',
    processorCountry: 'Pays',
    processorSafeguard: 'Garantie du transfert hors de l’Union européenne',
  },

  nav: {
    label: 'Navigation principale',
    links: [
      { label: 'Accueil', to: '/' },
      { label: 'À propos', to: '/about' },
      { label: 'Comment ça marche', to: '/how-it-works' },
      { label: 'FAQ', to: '/faq' },
      { label: 'Contact', to: '/contact' },
    ],
    cta: { label: 'Démarrer', to: '/contact' },
    openMenu: 'Ouvrir le menu',
    closeMenu: 'Fermer le menu',
  },

  footer: {
    navTitle: 'Navigation',
    legalTitle: 'Informations légales',
    legalLinks: [
      { label: 'Mentions légales', to: '/legal' },
      { label: "Conditions d'utilisation", to: '/terms' },
    ],
    copyright: '© {year} {brand}. Tous droits réservés.',
  },

  a11y: {
    skipLink: 'Aller au contenu principal',
    homeLink: "PropLLC, retour à l'accueil",
  },

  notFound: {
    code: '404',
    title: 'Oops! Page not found',
    text: "La page que vous cherchez n'existe pas ou a été déplacée.",
    home: "Retour à l'accueil",
    contact: 'Nous contacter',
    metaTitle: 'Page introuvable | PropLLC',
    // Écrit dans la console du navigateur ; {path} devient l'adresse demandée.
    consoleMessage: '404 : page introuvable : {path}',
  },

  error: {
    title: 'Unexpected Application Error',
    text: "Un problème inattendu est survenu. Rechargez la page ou revenez à l'accueil.",
    home: "Retour à l'accueil",
    contact: 'Nous contacter',
  },
} satisfies SiteContent;
