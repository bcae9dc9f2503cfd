/**
 * The memory behind the « same message from several addresses » signal. Only messages not quarantined anyway feed
 * it (src/api/contact/site-receiver.ts judges first without it), so that posts already judged spam cannot make a common
 * sentence suspect for everyone else. Each store keeps, per message, the addresses seen with their times, drops
 * those older than the window and keeps at most `maxAddresses` (enough to count to `repeatedFrom`).
 *
 * Neither the message nor the address is kept in clear, nor as a plain hash that anyone could recompute from a
 * guessed address: both are HMAC-SHA256 (Web Crypto, on every host) under a random key that the store keeps and
 * that its daily purge replaces. Entries are filed under the key's id: after a rotation the old ones are dropped,
 * never compared with new ones. `forget(email)` finds a person's entries by the same keyed hash.
 */
import { repeatWindowMs, shortMessageWords } from './weights.ts';

/** How many addresses a message's entry keeps at most: past the threshold, more changes nothing. */
const maxAddresses = 20;

/** The key of the memory: `id` names its entries (hex, no dot), `key` is the HMAC secret (hex). */
export interface RepeatKey {
  id: string;
  key: string;
}

const hex = (bytes: Uint8Array) => Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');

/** A new random key (256 bits) and its id (64 bits). */
export const newRepeatKey = (): RepeatKey => ({
  id: hex(crypto.getRandomValues(new Uint8Array(8))),
  key: hex(crypto.getRandomValues(new Uint8Array(32))),
});

/** Whether a value read back from a store is a key this module wrote. */
export const isRepeatKey = (value: unknown): value is RepeatKey =>
  typeof value === 'object' &&
  value !== null &&
  /^[0-9a-f]{16}$/.test(String((value as RepeatKey).id)) &&
  /^[0-9a-f]{64}$/.test(String((value as RepeatKey).key));

async function hmac({ key }: RepeatKey, text: string): Promise<string> {
  const secret = await crypto.subtle.importKey(
    'raw',
    Uint8Array.from(key.match(/../g) ?? [], (pair) => Number.parseInt(pair, 16)),
    { name: 'HMAC', hash: 'SHA-256' },
    false,
    ['sign'],
  );
  return hex(new Uint8Array(await crypto.subtle.sign('HMAC', secret, new TextEncoder().encode(text))));
}

/** The message as compared: case and spacing do not make two texts different. */
const normalisedBody = (message: string) => message.normalize('NFC').toLowerCase().replace(/\s+/g, ' ').trim();

/** The words of a message, punctuation aside. */
const wordsOf = (message: string) =>
  normalisedBody(message)
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean);

/**
 * Whether a message is too short to tell people apart (fewer than `shortMessageWords` words): « Rappelez-moi svp. »
 * is what many visitors type, so its repetition only marks it « à vérifier ».
 */
export const shortMessage = (message: string) => wordsOf(message).length < shortMessageWords;

/** The keyed hash of a message's normalised text. */
export const bodyHash = (key: RepeatKey, message: string) => hmac(key, `body\n${normalisedBody(message)}`);
/** The keyed hash of an address, as `forget` finds it again (case and spaces aside, like `sameEmail`). */
export const emailHash = (key: RepeatKey, email: string) => hmac(key, `email\n${email.trim().toLowerCase()}`);

/** An entry of one message: when each address (keyed hash) last sent it. */
export type Seen = Record<string, number>;

/**
 * The entry after `email` sent the message at `now`, and how many addresses sent it within the window. Entries
 * past the window go; the oldest go past `maxAddresses`.
 */
export function remember(seen: Seen, email: string, now: Date): { seen: Seen; count: number } {
  const time = now.getTime();
  const kept = Object.entries({ ...seen, [email]: time })
    .filter(([, at]) => typeof at === 'number' && time - at < repeatWindowMs)
    .sort((a, b) => b[1] - a[1])
    .slice(0, maxAddresses);
  return { seen: Object.fromEntries(kept), count: kept.length };
}

/** The entry without one address; undefined when nothing else is left. */
export function withoutAddress(seen: Seen, email: string): Seen | undefined {
  const { [email]: _gone, ...rest } = seen;
  return Object.keys(rest).length > 0 ? rest : undefined;
}
