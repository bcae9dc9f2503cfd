/**
 * Shape of `content/contact-form.json`: every word the contact form shows (labels, placeholders,
 * button texts, validation and toast messages, the note for visitors without JavaScript).
 * Loaded and validated at import (src/content/data/contact-form.ts) and by `npm run check`.
 * Titles and descriptions are what an editing tool shows beside each field, so they are French.
 */
import * as v from 'valibot';
import { type ContactErrorKey, contactFields, errorKeysOf } from '../../contact/contact-fields.ts';
import { mapFields } from '../../contact/map-fields.ts';
import { text } from './fields.ts';
import { valueMessages } from './messages.ts';

/** A text where `{email}` is replaced by the contact email of `content/company.json`. */
const textWithEmail = v.pipe(text, v.includes('{email}', valueMessages.mustHoldEmail));
const emailNote = '{email} est remplacé par l’adresse de contact de content/company.json.';

const field = v.strictObject({
  label: v.pipe(text, v.title('Libellé')),
  placeholder: v.pipe(text, v.title('Exemple dans le champ'), v.description('Texte grisé affiché tant que le champ est vide.')),
});
/** One label and placeholder per field of the form (src/contact/contact-fields.ts), under its name. */
const fieldWording = mapFields(() => field);

/** Help beside a validation message, where its rule is not obvious from its key. */
const errorHelp: Partial<Record<ContactErrorKey, string>> = {
  nameInvalid: 'Le nom contient un retour à la ligne, un caractère de contrôle ou un signe qui inverse le sens du texte',
  emailInvalid: 'L’adresse n’a pas la forme d’une adresse email, ou contient un retour à la ligne ou un caractère de contrôle',
  phoneInvalid:
    'Le numéro contient une lettre ou un signe autre que chiffres, espaces, + ( ) . -, ou un retour à la ligne ou un caractère de contrôle',
  messageInvalid:
    'Le message contient un caractère de contrôle (autre que tabulation et retour à la ligne) ou un signe qui inverse le sens du texte',
};

/** One message per rule of each field (`nameTooShort`, `phoneInvalid`…), in the form's order. */
const errorWording = Object.fromEntries<v.GenericSchema<string>>(
  contactFields.flatMap(errorKeysOf).map((key) => {
    const help = errorHelp[key];
    return [key, help ? v.pipe(text, v.description(help)) : text];
  }),
) as Record<ContactErrorKey, v.GenericSchema<string>>;

const toast = v.strictObject({ title: v.pipe(text, v.title('Titre')), text: v.pipe(text, v.title('Texte')) });

export const contactFormCopySchema = v.strictObject({
  fields: v.strictObject({
    ...fieldWording,
    honeypot: v.pipe(
      text,
      v.title('Champ piège'),
      v.description('Libellé d’un champ caché que seuls les robots remplissent. Personne ne le voit ni ne l’entend.'),
    ),
  }),
  submit: v.strictObject({
    idle: v.pipe(text, v.title('Bouton')),
    submitting: v.pipe(text, v.title('Bouton pendant l’envoi'), v.description('Écrit tel que le demande le cahier des charges.')),
  }),
  errors: v.strictObject(errorWording),
  toasts: v.strictObject({
    invalid: toast,
    sent: toast,
    failed: v.pipe(
      v.strictObject({ title: text, text: v.pipe(textWithEmail, v.description(emailNote)) }),
      v.title('Échec de l’envoi'),
      v.description('Le visiteur reçoit l’adresse email à la place.'),
    ),
  }),
  // Shown until the form's JavaScript runs, when it needs it to send (simulation or a service on another
  // site): the page without JavaScript still gives a way to write to us.
  noScript: v.pipe(
    textWithEmail,
    v.title('Note sous les champs (formulaire en attente de JavaScript)'),
    v.description(
      `Affichée tant que le JavaScript du formulaire n’a pas démarré, quand le site n’envoie pas les messages lui-même. ${emailNote}`,
    ),
  ),
  // Shown before and after the JavaScript runs when the form posts to the site's own receiver, which also
  // works without JavaScript: the email stays offered as another way.
  noScriptPost: v.pipe(
    textWithEmail,
    v.title('Note sous les champs (envoi par le site)'),
    v.description(
      `Affichée toujours, quand le site reçoit les messages lui-même (/api/contact), car le formulaire s’envoie alors même sans JavaScript. ${emailNote}`,
    ),
  ),
  // A propfirm's row of the table on /how-it-works links to /contact?propfirm=<name>: the message starts with it.
  propfirmPrefill: v.pipe(
    text,
    v.includes('{propfirm}', valueMessages.mustHoldPropfirm),
    v.title('Début du message, venu du tableau des propfirms'),
    v.description(
      'Écrit dans le champ Message quand le visiteur arrive par le lien d’une propfirm du tableau (page Comment ça marche). {propfirm} est remplacé par son nom.',
    ),
  ),
});

export type ContactFormCopy = v.InferOutput<typeof contactFormCopySchema>;
