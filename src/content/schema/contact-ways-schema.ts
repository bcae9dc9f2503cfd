/**
 * Shape of `content/contact-ways.json`: the ways to reach us listed on /contact beside the form. The phone number and
 * the email are those of content/company.json (never written twice); WhatsApp, Telegram and the booking link are
 * set here, and an empty one hides its link.
 * Titles and descriptions are what an editing tool shows beside each field, so they are French.
 */
import * as v from 'valibot';
import { text } from './fields.ts';
import { valueMessages } from './messages.ts';

const field = <S extends v.GenericSchema>(schema: S, title: string, description?: string) =>
  description === undefined ? v.pipe(schema, v.title(title)) : v.pipe(schema, v.title(title), v.description(description));

/** Empty (the link is hidden) or a value that `rule` accepts. */
const emptyOr = (rule: (value: string) => boolean, message: string) =>
  v.optional(
    v.pipe(
      v.string(valueMessages.notText),
      v.check((value) => value === '' || rule(value), message),
    ),
    '',
  );

const isHttps = (value: string) => {
  try {
    return new URL(value).protocol === 'https:';
  } catch {
    return false;
  }
};

const hiddenWhenEmpty = 'Laissé vide, le lien n’apparaît pas.';

export const contactWaysSchema = v.strictObject({
  labels: field(
    v.strictObject({
      phone: field(text, 'Téléphone', 'Le numéro est celui des informations de la société (content/company.json).'),
      whatsapp: field(text, 'WhatsApp'),
      telegram: field(text, 'Telegram'),
      email: field(text, 'Email', 'L’adresse est celle des informations de la société (content/company.json).'),
      booking: field(text, 'Prise de rendez-vous'),
    }),
    'Noms des liens',
  ),
  whatsappNumber: field(
    emptyOr((value) => /^\+[1-9][\d\u00a0 ]{6,20}$/.test(value), valueMessages.notInternationalNumber),
    'Numéro WhatsApp',
    `Au format international, par exemple +33 6 12 34 56 78. ${hiddenWhenEmpty}`,
  ),
  whatsappMessage: field(
    text,
    'Première phrase du message WhatsApp',
    'Déjà écrite dans WhatsApp quand le visiteur ouvre la conversation ; il peut la changer avant d’envoyer.',
  ),
  telegram: field(
    emptyOr((value) => /^[A-Za-z0-9_]{5,32}$/.test(value), valueMessages.notTelegramName),
    'Nom d’utilisateur Telegram',
    `Sans @ : le lien mène à https://t.me/ suivi de ce nom. ${hiddenWhenEmpty}`,
  ),
  booking: field(
    emptyOr(isHttps, valueMessages.notHttps),
    'Lien de prise de rendez-vous',
    `L’adresse complète d’une page de réservation d’appel (Calendly, Cal.com…). ${hiddenWhenEmpty}`,
  ),
});

export type ContactWaysCopy = v.InferOutput<typeof contactWaysSchema>;
