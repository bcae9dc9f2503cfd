/**
 * Textes du formulaire de la page Contact : libellés, exemples dans les champs, bouton,
 * messages d'erreur et notifications. Modifiez les textes entre guillemets ; gardez les noms de champs.
 * `{email}` est remplacé par l'adresse de contact de content/site.ts.
 */
import type { ContactFormCopy } from '../src/content-schema/contact-form-schema.ts';

export const contactForm = {
  fields: {
    name: { label: 'Nom complet', placeholder: 'Jean Dupont' },
    email: { label: 'Adresse email', placeholder: 'jean.dupont@exemple.fr' },
    phone: { label: 'Numéro de téléphone', placeholder: '+33 6 12 34 56 78' },
    message: {
      label: 'Message',
      placeholder: 'Votre propfirm, le montant de vos payouts, votre pays de résidence, vos questions…',
    },
    honeypot: 'Ne remplissez pas ce champ',
  },

  submit: {
    idle: 'Envoyer le message',
    submitting: 'Envoi en cours...',
  },

  errors: {
    nameTooShort: 'Le nom doit contenir au moins 2 caractères',
    nameTooLong: 'Le nom est trop long',
    emailInvalid: 'Adresse email invalide',
    emailTooLong: "L'email est trop long",
    phoneTooShort: 'Numéro de téléphone invalide',
    // Une lettre ou un signe autre que chiffres, espaces, + ( ) . - dans le numéro.
    phoneInvalid: 'Numéro de téléphone invalide',
    phoneTooLong: 'Numéro de téléphone trop long',
    messageTooShort: 'Le message doit contenir au moins 10 caractères',
    messageTooLong: 'Le message est trop long',
  },

  toasts: {
    invalid: {
      title: 'Erreur de validation',
      text: 'Veuillez corriger les erreurs dans le formulaire.',
    },
    sent: {
      title: 'Message envoyé\u202f!',
      text: 'Nous vous contacterons dans les plus brefs délais.',
    },
    failed: {
      title: "Échec de l'envoi",
      text: "Votre message n'a pas pu être envoyé. Vos informations sont conservées\u202f: réessayez dans un instant ou écrivez-nous à {email}.",
    },
  },

  // Note sous les champs. `noScript` : tant que le JavaScript du formulaire n'a pas démarré, quand le site
  // n'envoie pas les messages lui-même. `noScriptPost` : toujours, quand le site les reçoit (/api/contact),
  // car le formulaire s'envoie alors même sans JavaScript.
  noScript:
    "Le formulaire se charge. S'il reste inactif (JavaScript désactivé ou connexion trop lente), écrivez-nous directement à {email}.",
  noScriptPost: "Vous préférez l'email\u202f? Écrivez-nous directement à {email}.",
} satisfies ContactFormCopy;
