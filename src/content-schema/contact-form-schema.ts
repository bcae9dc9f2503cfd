/**
 * Shape of `content/contact-form.ts`: every word the contact form shows (labels, placeholders,
 * button texts, validation and toast messages, the note for visitors without JavaScript).
 * The content file must satisfy this type; a unit test validates its values.
 */
import * as v from 'valibot';

const text = v.pipe(v.string('doit être un texte entre guillemets'), v.minLength(1, 'ne peut pas être vide'));
/** A text where `{email}` is replaced by the contact email of `content/site.ts`. */
const textWithEmail = v.pipe(text, v.includes('{email}', 'doit contenir {email} (remplacé par l’adresse de contact)'));

const field = v.strictObject({ label: text, placeholder: text });
const toast = v.strictObject({ title: text, text: text });

export const contactFormCopySchema = v.strictObject({
  fields: v.strictObject({
    name: field,
    email: field,
    phone: field,
    message: field,
    /** Label of the trap field only bots fill in (hidden from people and assistive technology). */
    honeypot: text,
  }),
  submit: v.strictObject({ idle: text, submitting: text }),
  errors: v.strictObject({
    nameTooShort: text,
    nameTooLong: text,
    emailInvalid: text,
    emailTooLong: text,
    phoneTooShort: text,
    /** A character other than digits, spaces and + ( ) . -, or too few digits. */
    phoneInvalid: text,
    phoneTooLong: text,
    messageTooShort: text,
    messageTooLong: text,
  }),
  toasts: v.strictObject({
    invalid: toast,
    sent: toast,
    /** Shown when the delivery endpoint fails: the visitor gets the email address instead. */
    failed: v.strictObject({ title: text, text: textWithEmail }),
  }),
  /**
   * Shown until the form's JavaScript runs, when the form needs it to send (simulation or a service on
   * another site): the page without JavaScript still gives a way to write to us.
   */
  noScript: textWithEmail,
  /**
   * Shown instead, before and after the JavaScript runs, when the form posts to the site's own receiver
   * and therefore also sends without JavaScript: the email stays offered as another way.
   */
  noScriptPost: textWithEmail,
});

export type ContactFormCopy = v.InferOutput<typeof contactFormCopySchema>;
