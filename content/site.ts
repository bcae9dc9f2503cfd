/**
 * Marque, informations légales de la société, menus et petits textes de l'interface.
 * Modifiez les textes entre guillemets ; gardez les noms de champs tels quels.
 * `npm run check` vérifie ce fichier.
 */
import type { SiteContent } from '../src/content/site-schema.ts';

export const site = {
  brand: {
    name: 'PropLLC',
    blurb:
      'Nous aidons les traders financés par des propfirms à encaisser et gérer leurs payouts grâce à une LLC américaine dédiée.',
  },

  // À REMPLACER par les informations réelles avant la mise en ligne (voir README.md).
  company: {
    name: 'PropLLC SARL',
    legalForm: 'SARL (société à responsabilité limitée)',
    shareCapital: '10 000 €',
    registration: 'RCS Paris 000 000 000',
    address: '12 rue de la Paix, 75002 Paris, France',
    email: 'contact@propllc.fr',
    // Espaces insécables (U+00A0) : le numéro ne se coupe jamais en fin de ligne.
    phone: '+33 1 23 45 67 89',
    publicationDirector: 'le gérant de PropLLC SARL',
    host: {
      name: 'Netlify, Inc.',
      address: '512 2nd Street, Suite 200, San Francisco, CA 94107, États-Unis',
      website: 'https://www.netlify.com',
    },
  },

  // Intitulés des informations de la société et de l'hébergeur dans les mentions légales (/legal).
  legalLabels: {
    name: 'Raison sociale',
    legalForm: 'Forme juridique',
    shareCapital: 'Capital social',
    registration: 'Immatriculation',
    address: 'Siège social',
    email: 'Email',
    phone: 'Téléphone',
    publicationDirector: 'Directeur de la publication',
    hostName: 'Hébergeur',
    hostAddress: 'Adresse',
    hostWebsite: 'Site web',
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
