/**
 * Textes de la réception des messages du formulaire de contact (adresse /api/contact) : réponses au
 * visiteur, petites pages affichées quand le formulaire est envoyé sans JavaScript, email reçu par
 * PropLLC et lignes affichées pour la personne qui fait tourner le site.
 * Modifiez les textes entre guillemets ; gardez les noms de champs et les mots entre accolades
 * ({email}, {name}…), remplacés au moment de l'envoi. `npm run check` vérifie ce fichier.
 */
import type { ContactReceiverCopy } from '../src/content-schema/contact-receiver-schema.ts';

export const contactReceiver = {
  // Réponse quand le message est bien parti (le formulaire affiche ensuite sa propre notification).
  sent: 'Message envoyé. Nous vous contacterons dans les plus brefs délais.',

  // Une réponse par refus : un titre (titre de la page) et un texte. {email} : l'adresse de content/site.ts.
  answers: {
    methodNotAllowed: {
      title: 'Adresse réservée au formulaire de contact',
      text: 'Cette adresse reçoit uniquement les messages envoyés depuis le formulaire de la page Contact.',
    },
    unsupportedType: {
      title: 'Envoi non reconnu',
      text: "Ce contenu n'est pas un message du formulaire de contact. Envoyez votre message depuis la page Contact.",
    },
    tooLarge: {
      title: 'Message trop volumineux',
      text: 'Votre envoi dépasse la taille acceptée (16\u00a0Ko). Raccourcissez votre message, puis envoyez-le de nouveau.',
    },
    forbiddenOrigin: {
      title: 'Envoi refusé',
      text: "Ce message a été envoyé depuis un autre site que le nôtre\u202f: il n'a pas été transmis. Écrivez-nous depuis la page Contact de notre site.",
    },
    malformed: {
      title: 'Message illisible',
      text: "Votre message nous est parvenu illisible et n'a pas été transmis. Envoyez-le de nouveau depuis la page Contact.",
    },
    tooManyRequests: {
      title: 'Trop de messages',
      text: 'Trop de messages ont été envoyés depuis votre connexion. Réessayez dans quelques minutes ou écrivez-nous à {email}.',
    },
    invalid: {
      title: "Votre message n'a pas été envoyé",
      text: 'Corrigez ces champs du formulaire\u202f:',
    },
    failed: {
      title: "Échec de l'envoi",
      text: "Votre message n'a pas pu être transmis. Réessayez dans un instant ou écrivez-nous directement à {email}.",
    },
    unavailable: {
      title: 'Formulaire indisponible',
      text: "Le formulaire n'est pas encore relié à notre messagerie\u202f: votre message n'a pas été transmis. Écrivez-nous directement à {email}.",
    },
  },

  // Une ligne par champ à corriger : {label} est le nom du champ, {message} l'erreur.
  fieldError: '{label}\u202f: {message}',
  back: "Le bouton «\u202fRetour\u202f» de votre navigateur ramène le formulaire tel que vous l'avez rempli.",
  links: {
    form: 'Revenir au formulaire de contact',
    home: "Aller à la page d'accueil",
  },

  // L'email reçu par PropLLC (envoi par email). Répondre à cet email répond au visiteur.
  email: {
    subject: 'Nouveau message de {name} (formulaire de contact)',
    intro: 'Message envoyé depuis le formulaire de contact du site. Répondez à cet email pour répondre à son auteur.',
  },
  webhookText: 'Nouveau message de {name} ({email}) depuis le formulaire de contact',

  // Lignes affichées dans le terminal (npm start) ou dans les journaux de l'hébergeur.
  console: {
    saved: 'Nouveau message enregistré dans {file}',
    forwarded: 'Nouveau message transmis ({delivery})',
    failed: "Message NON transmis ({delivery})\u202f: {reason}. Le visiteur a reçu l'adresse email de contact.",
    deliveryLocal: 'Formulaire de contact\u202f: chaque message est enregistré dans {dir}',
    deliveryEmail: 'Formulaire de contact\u202f: chaque message est envoyé par email (Brevo) à {to}',
    deliveryWebhook: 'Formulaire de contact\u202f: chaque message est transmis au webhook de {host}',
    deliveryNone:
      "Formulaire de contact\u202f: aucun mode d'envoi n'est configuré, les messages sont refusés (le visiteur reçoit l'adresse email de contact).",
    settingsInvalid: 'Formulaire de contact, réglage à corriger\u202f: {problem}',
    settingMissing: 'le réglage {name} manque (envoi par {mode}).',
    settingInvalid: 'le réglage {name} est invalide (voir README.md, partie «\u202fDeploying\u202f»).',
    deliveryConflict:
      'BREVO_API_KEY et CONTACT_WEBHOOK_URL sont tous deux définis\u202f: choisissez le mode avec CONTACT_DELIVERY=email ou CONTACT_DELIVERY=webhook.',
    deliveryUnknown: 'CONTACT_DELIVERY doit valoir local, email ou webhook.',
    localUnavailable:
      "l'enregistrement en fichiers (CONTACT_DELIVERY=local) n'existe pas sur cet hébergeur\u202f: choisissez email ou webhook.",
    simulationBuild:
      "Attention\u202f: site construit sans VITE_CONTACT_ENDPOINT, le formulaire de contact simule l'envoi et les messages ne partent nulle part. Pour les recevoir, lancez npm start ou lisez README.md («\u202fContact form delivery\u202f»).",
    nodeEndOfLife:
      "Attention\u202f: Node {version} n'est plus maintenu depuis le {date} (plus aucun correctif de sécurité). En production, utilisez une version LTS maintenue (24 ou 26).",
  },
} satisfies ContactReceiverCopy;
