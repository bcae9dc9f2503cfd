/**
 * The acknowledgement (CONTACT_ACK=1, email delivery only): once a visitor's message was delivered unmarked, one
 * text-only email to the visitor with its reference, what happens next and when (content/contact-receiver.json)
 * and the other ways to reach us. It never holds anything the visitor typed but a first name in Latin letters:
 * the form can never relay a stranger's text or link to the address someone typed.
 * Anyone can type anyone's address, so it is bounded (`acknowledgementMemory`, key `ack/<day>`): one per inbox a
 * day (an address's variants are one inbox: ./same-inbox.ts), a few per client address and per email domain, and a
 * daily total well under the provider's free quota, so that it never uses up the channel the leads need. The day's
 * record holds only hashes salted with that day's random salt, and goes once the day is over.
 */
import type { ContactReceiverCopy } from '../../content/schema/contact-receiver-schema.ts';
import type { ContactIntentKind, ContactWay } from '../../contact/contact-ways.ts';
import { fillTemplate } from '../../content/template.ts';
import { type Driver, removeMany, update } from '../store/driver.ts';
import { sameInbox } from './same-inbox.ts';

/** A first name's characters at most: a longer one is no first name, and the greeting goes without. */
const firstNameLength = 30;

/**
 * The first word of the name when it is a plain first name in Latin letters (accents included, with an inner
 * hyphen or apostrophe: « Jean-Marc », « N'Golo », « Zoë »), capped in length; undefined for anything else (digits,
 * dots, a link, a symbol, another script, whose look-alikes could spell a word the company never wrote), and the
 * greeting then has no name. Control and format characters are removed first.
 */
export function firstNameOf(name: string): string | undefined {
  const clean = name
    .normalize('NFC')
    .replace(/[\p{Cc}\p{Cf}\p{Zl}\p{Zp}]+/gu, ' ')
    .trim();
  const first = clean.split(/\s+/u)[0] ?? '';
  if (Array.from(first).length > firstNameLength) return undefined;
  return /^[\p{Script=Latin}\p{M}]+(?:[-'’][\p{Script=Latin}\p{M}]+)*$/u.test(first) && /^\p{Script=Latin}/u.test(first)
    ? first
    : undefined;
}

const hex = (bytes: ArrayBuffer | Uint8Array) =>
  Array.from(new Uint8Array(bytes), (byte) => byte.toString(16).padStart(2, '0')).join('');

/** A day's random salt: 32 bytes, hex. */
const newAcknowledgementSalt = () => hex(crypto.getRandomValues(new Uint8Array(32)));

/** The inbox as remembered for a day: SHA-256 of the day's salt and the deduplicated address. */
async function acknowledgementHash(salt: string, email: string): Promise<string> {
  return hashOf(salt, 'address', sameInbox(email));
}

const hashOf = async (salt: string, kind: string, value: string) =>
  hex(await crypto.subtle.digest('SHA-256', new TextEncoder().encode(`${salt}\n${kind}\n${value}`)));

/** How many acknowledgements a day may send: in all, and per client address and per email domain. */
interface AcknowledgementCaps {
  perDay: number;
  perClient: number;
  perDomain: number;
}

/** What the day's memory answers for one lead. */
type AcknowledgementTurn = 'send' | 'already' | 'dayCap' | 'clientCap' | 'domainCap' | 'stopped';

interface AcknowledgementDay {
  salt: string;
  /** The inboxes acknowledged today (hashes). */
  addresses: string[];
  clients: Record<string, number>;
  domains: Record<string, number>;
  total: number;
  /** The provider refused for the rest of the day (out of credits): why. */
  stopped?: string;
}

export interface AcknowledgementMemory {
  /** Whether this lead may be acknowledged today, counted when it may. */
  take(day: string, lead: { email: string; client: string }, caps: AcknowledgementCaps): Promise<AcknowledgementTurn>;
  /** No more acknowledgement today (the provider is out of credits for them). */
  stop(day: string, reason: string): Promise<void>;
  /** The address out of every day's record (a GDPR erasure). */
  forget(email: string): Promise<void>;
  /** Every day's record but `today`'s (the daily purge, and the first acknowledgement of a day). */
  forgetDays(today: string): Promise<void>;
}

const dayKey = (day: string) => `ack/${day}`;

export function acknowledgementMemory(driver: Driver): AcknowledgementMemory {
  const forgetDays = async (today: string) =>
    removeMany(
      driver,
      (await driver.keys('ack/')).filter((key) => key !== dayKey(today)),
    );
  return {
    async take(day, { email, client }, caps) {
      const existing = await driver.get(dayKey(day));
      if (!existing) await forgetDays(day);
      let turn: AcknowledgementTurn = 'send';
      // The hashes are made inside the change, with the salt it reads: a new day's first writer chooses it.
      const salt = newAcknowledgementSalt();
      let hashes: { address: string; client: string; domain: string } | undefined;
      let hashesFor: string | undefined;
      const ready = async (withSalt: string) => {
        if (hashesFor === withSalt && hashes) return hashes;
        hashesFor = withSalt;
        const address = sameInbox(email);
        hashes = {
          address: await hashOf(withSalt, 'address', address),
          client: await hashOf(withSalt, 'client', client),
          domain: await hashOf(withSalt, 'domain', address.split('@').pop() ?? ''),
        };
        return hashes;
      };
      for (let tries = 0; tries < 8; tries++) {
        const entry = await driver.get(dayKey(day));
        let record: AcknowledgementDay | undefined;
        try {
          record = entry ? (JSON.parse(entry.value) as AcknowledgementDay) : undefined;
        } catch {
          record = undefined;
        }
        if (!record || typeof record.salt !== 'string' || !Array.isArray(record.addresses)) {
          record = { salt, addresses: [], clients: {}, domains: {}, total: 0 };
        }
        const hash = await ready(record.salt);
        if (record.stopped) turn = 'stopped';
        else if (record.addresses.includes(hash.address)) turn = 'already';
        else if (record.total >= caps.perDay) turn = 'dayCap';
        else if ((record.clients[hash.client] ?? 0) >= caps.perClient) turn = 'clientCap';
        else if ((record.domains[hash.domain] ?? 0) >= caps.perDomain) turn = 'domainCap';
        else turn = 'send';
        if (turn !== 'send') return turn;
        const next: AcknowledgementDay = {
          ...record,
          addresses: [...record.addresses, hash.address],
          clients: { ...record.clients, [hash.client]: (record.clients[hash.client] ?? 0) + 1 },
          domains: { ...record.domains, [hash.domain]: (record.domains[hash.domain] ?? 0) + 1 },
          total: record.total + 1,
        };
        const written = await driver.set(dayKey(day), JSON.stringify(next), entry ? { version: entry.version } : { absent: true });
        if (written !== undefined) return 'send';
      }
      throw new Error(`${driver.where}: ${dayKey(day)} changed by others 8 times in a row`);
    },
    async stop(day, reason) {
      await update<AcknowledgementDay>(driver, dayKey(day), (record) =>
        record && !record.stopped ? { ...record, stopped: reason } : undefined,
      );
    },
    async forget(email) {
      for (const key of await driver.keys('ack/')) {
        const result = await driver.get(key);
        if (!result) continue;
        let record: AcknowledgementDay;
        try {
          record = JSON.parse(result.value) as AcknowledgementDay;
        } catch {
          continue;
        }
        const hash = await acknowledgementHash(record.salt, email);
        if (!record.addresses?.includes(hash)) continue;
        await update<AcknowledgementDay>(driver, key, (current) =>
          current ? { ...current, addresses: current.addresses.filter((address) => address !== hash) } : undefined,
        );
      }
    },
    forgetDays,
  };
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
