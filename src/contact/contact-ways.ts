/**
 * The ways to reach us besides the form, shared by the page that shows them (/contact) and the counter of their
 * clicks: each link carries `data-intent="<kind>"`, one of these kinds. Plain links only: nothing is sent to a
 * third party before the visitor clicks. Imports nothing, so any layer (the site script included) may read it.
 *
 * Adding a way: its kind here, its link in `contactWays`, its setting and label in
 * src/content/schema/contact-ways-schema.ts (and content/contact-ways.json), the setting passed by
 * src/site/mdx/widgets/ContactWays.tsx.
 */

/** Every kind of way, in the order the page lists them. */
export const contactIntentKinds = ['phone', 'whatsapp', 'telegram', 'email', 'booking'] as const;

export type ContactIntentKind = (typeof contactIntentKinds)[number];

/** The settings behind the links; an empty (or absent) one hides its link. */
export interface ContactWaySettings {
  /** Written for people: `+33 1 99 00 00 01`. */
  phone?: string;
  email?: string;
  /** Written for people, in international form: `+33 6 12 34 56 78`. */
  whatsappNumber?: string;
  /** The first sentence the visitor's WhatsApp writes for them. */
  whatsappMessage?: string;
  /** A Telegram user name, without `@`. */
  telegram?: string;
  /** A booking page's full address (`https://…`). */
  booking?: string;
}

export interface ContactWay {
  kind: ContactIntentKind;
  href: string;
  /** What the link shows besides its label: the number, the address, the name; empty for the booking link. */
  value: string;
}

/** `tel:` URI of a phone number written for people (+33 1 23 45 67 89 → tel:+33123456789). */
export function telHref(phone: string): string {
  return `tel:${phone.replace(/[^\d+]/g, '')}`;
}

/** wa.me wants the international number as digits only, and the first sentence URL-encoded. */
function whatsappHref(number: string, message: string | undefined): string {
  const digits = number.replace(/\D/g, '');
  return message ? `https://wa.me/${digits}?text=${encodeURIComponent(message)}` : `https://wa.me/${digits}`;
}

function telegramHref(name: string): string {
  return `https://t.me/${name.replace(/^@/, '')}`;
}

const filled = (value: string | undefined): value is string => value !== undefined && value.trim() !== '';

/** The configured ways, in the order of `contactIntentKinds`; each empty setting leaves its way out. */
export function contactWays(settings: ContactWaySettings): ContactWay[] {
  const { phone, email, whatsappNumber, whatsappMessage, telegram, booking } = settings;
  const byKind: Record<ContactIntentKind, ContactWay | undefined> = {
    phone: filled(phone) ? { kind: 'phone', href: telHref(phone), value: phone } : undefined,
    whatsapp: filled(whatsappNumber)
      ? { kind: 'whatsapp', href: whatsappHref(whatsappNumber, whatsappMessage?.trim()), value: whatsappNumber }
      : undefined,
    telegram: filled(telegram)
      ? { kind: 'telegram', href: telegramHref(telegram), value: `@${telegram.replace(/^@/, '')}` }
      : undefined,
    email: filled(email) ? { kind: 'email', href: `mailto:${email}`, value: email } : undefined,
    booking: filled(booking) ? { kind: 'booking', href: booking, value: '' } : undefined,
  };
  return contactIntentKinds.flatMap((kind) => byKind[kind] ?? []);
}
