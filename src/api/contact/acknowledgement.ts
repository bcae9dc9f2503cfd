/**
 * The acknowledgement (CONTACT_ACK=1, email delivery only): once a visitor's message was delivered unmarked, one
 * text-only email to the visitor with its reference, what happens next and when (content/contact-receiver.json)
 * and the other ways to reach us. It never holds anything the visitor typed but a first name that can only be
 * letters: the form can never relay a stranger's text or link to the address someone typed. At most one per
 * address per day: the lead store remembers a hash of the address salted with the day's own random salt, both
 * deleted once the day is over (`acknowledge`, `forgetAcknowledgements` of ../store/lead-store.ts).
 */
import type { ContactReceiverCopy } from '../../content/schema/contact-receiver-schema.ts';
import type { ContactIntentKind, ContactWay } from '../../contact/contact-ways.ts';
import { fillTemplate } from '../../content/template.ts';

/** A first name's characters at most: a longer one is no first name, and the greeting goes without. */
const firstNameLength = 30;

/**
 * The first word of the name when it is a plain first name (letters, with an inner hyphen or apostrophe:
 * « Jean-Marc », « N'Golo »), capped in length; undefined for anything else (digits, dots, a link, a symbol),
 * and the greeting then has no name. Control and format characters are removed first.
 */
export function firstNameOf(name: string): string | undefined {
  const clean = name
    .normalize('NFC')
    .replace(/[\p{Cc}\p{Cf}\p{Zl}\p{Zp}]+/gu, ' ')
    .trim();
  const first = clean.split(/\s+/u)[0] ?? '';
  if (Array.from(first).length > firstNameLength) return undefined;
  return /^\p{L}+(?:[-'’]\p{L}+)*$/u.test(first) ? first : undefined;
}

const hex = (bytes: ArrayBuffer | Uint8Array) =>
  Array.from(new Uint8Array(bytes), (byte) => byte.toString(16).padStart(2, '0')).join('');

/** A day's random salt: 32 bytes, hex. */
export const newAcknowledgementSalt = () => hex(crypto.getRandomValues(new Uint8Array(32)));

/** The address as remembered for a day: SHA-256 of the day's salt and the address (case and spaces aside). */
export async function acknowledgementHash(salt: string, email: string): Promise<string> {
  return hex(await crypto.subtle.digest('SHA-256', new TextEncoder().encode(`${salt}\n${email.trim().toLowerCase()}`)));
}

/** A way to reach us as the email lists it: its label, and what to dial, write to or open. */
export interface AcknowledgedWay {
  label: string;
  value: string;
}

/**
 * The ways /contact shows (../../contact/contact-ways.ts: only those the content sets), written for a text email:
 * the number or address a person types, the link of the others.
 */
export function acknowledgedWays(ways: readonly ContactWay[], labels: Record<ContactIntentKind, string>): AcknowledgedWay[] {
  return ways.map(({ kind, href, value }) => ({
    label: labels[kind],
    value: kind === 'phone' || kind === 'email' ? value : href,
  }));
}

export type AcknowledgementWords = ContactReceiverCopy['acknowledgement'];

/** The email's subject and text: nothing of the visitor's but the first name, when there is a safe one. */
export function acknowledgementEmail(
  words: AcknowledgementWords,
  { name, reference, ways }: { name: string; reference: string; ways: readonly AcknowledgedWay[] },
): { subject: string; text: string } {
  const firstName = firstNameOf(name);
  const wayLines = ways.map(({ label, value }) => fillTemplate(words.way, { label, value }));
  return {
    subject: words.subject,
    text: [
      firstName ? fillTemplate(words.greeting, { firstName }) : words.greetingWithoutName,
      '',
      words.received,
      fillTemplate(words.reference, { id: reference }),
      '',
      words.next,
      ...(wayLines.length > 0 ? ['', words.otherWays, ...wayLines.map((line) => `- ${line}`)] : []),
      '',
      words.signature,
      '',
      words.footer,
    ].join('\n'),
  };
}
