/**
 * The memory behind the « same body from several addresses » signal. The receiver gives the store hashes only
 * (SHA-256 through Web Crypto, on every host): the normalised body, and the address. Each store keeps, per
 * body hash, the address hashes seen with their times, drops those older than the window and keeps at most
 * `maxAddresses` (enough to count to `repeatedFrom`).
 */
import { repeatWindowMs } from './weights.ts';

/** How many addresses a body's entry keeps at most: past the threshold, more changes nothing. */
const maxAddresses = 20;

async function sha256(text: string): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(text));
  return Array.from(new Uint8Array(digest), (byte) => byte.toString(16).padStart(2, '0')).join('');
}

/** The body as compared: case, spacing and punctuation around it do not make two texts different. */
const normalisedBody = (message: string) => message.normalize('NFC').toLowerCase().replace(/\s+/g, ' ').trim();

export const bodyHash = (message: string) => sha256(normalisedBody(message));
export const emailHash = (email: string) => sha256(email.trim().toLowerCase());

/** An entry of one body: when each address (hash) last sent it. */
export type Seen = Record<string, number>;

/**
 * The entry after `email` sent the body at `now`, and how many addresses sent it within the window. Entries
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
