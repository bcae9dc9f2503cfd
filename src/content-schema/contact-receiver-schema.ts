/**
 * Shape of `content/contact-receiver.ts`: every word the contact receiver (`POST /api/contact`) says:
 * its answers to visitors (JSON for the form's script, small HTML pages for a form posted without
 * JavaScript), the email PropLLC receives, and the lines it prints for whoever runs the server.
 * `npm run check` validates the values with French messages.
 */
import * as v from 'valibot';

const text = v.pipe(v.string('doit être un texte entre guillemets'), v.minLength(1, 'ne peut pas être vide'));
/** A text that must keep its `{name}`-style placeholders, replaced when the answer is written. */
const withPlaceholder = (...names: string[]) => {
  const placeholders = names.map((name) => `{${name}}`);
  return v.pipe(
    text,
    v.check(
      (value) => placeholders.every((placeholder) => value.includes(placeholder)),
      `doit contenir ${placeholders.join(' et ')} (remplacé${names.length > 1 ? 's' : ''} au moment de l’envoi)`,
    ),
  );
};

const page = v.strictObject({ title: text, text: text });
const pageWithEmail = v.strictObject({ title: text, text: withPlaceholder('email') });

export const contactReceiverSchema = v.strictObject({
  /** JSON answer to the form's script when the message is delivered. */
  sent: text,
  /** One answer per refusal, in the order the receiver checks them. */
  answers: v.strictObject({
    methodNotAllowed: page,
    unsupportedType: page,
    tooLarge: page,
    forbiddenOrigin: page,
    malformed: page,
    tooManyRequests: pageWithEmail,
    invalid: page,
    failed: pageWithEmail,
    unavailable: pageWithEmail,
  }),
  /** One line per invalid field on the HTML page: `{label}` is the field's label, `{message}` its error. */
  fieldError: withPlaceholder('label', 'message'),
  /** Under the list of invalid fields and on the failure page: the browser's back button keeps what was typed. */
  back: text,
  links: v.strictObject({ form: text, home: text }),
  /** The email PropLLC receives (email delivery). */
  email: v.strictObject({ subject: withPlaceholder('name'), intro: text }),
  /** Summary line of the webhook's JSON (`text`, shown as is by Slack and the like). */
  webhookText: withPlaceholder('name', 'email'),
  /** Lines printed in the terminal or the host's logs, for whoever runs the site. */
  console: v.strictObject({
    saved: withPlaceholder('file'),
    forwarded: withPlaceholder('delivery'),
    failed: withPlaceholder('delivery', 'reason'),
    deliveryLocal: withPlaceholder('dir'),
    deliveryEmail: withPlaceholder('to'),
    deliveryWebhook: withPlaceholder('host'),
    deliveryNone: text,
    settingsInvalid: withPlaceholder('problem'),
    settingMissing: withPlaceholder('name', 'mode'),
    settingInvalid: withPlaceholder('name'),
    deliveryConflict: text,
    deliveryUnknown: text,
    localUnavailable: text,
    simulationBuild: text,
    nodeEndOfLife: withPlaceholder('version', 'date'),
  }),
});

export type ContactReceiverCopy = v.InferOutput<typeof contactReceiverSchema>;
