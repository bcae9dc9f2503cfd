/**
 * The memory behind two signals: the same message from several addresses, and the same message again and again
 * from one. Only messages not quarantined anyway feed it (the receiver judges first without it), so that posts
 * already judged spam cannot make a common sentence suspect for the visitors who type it next. Per message, it keeps
 * when each address sent it within the window, at most `maxAddresses` addresses and `maxTimes` times each.
 *
 * Neither the message nor the address is kept in clear, nor as a plain hash that anyone could recompute from a
 * guessed address: both are HMAC-SHA256 (Web Crypto, on every host) under a random key that the store keeps and
 * that the daily purge replaces (`repeat/key`); entries are filed under the key's id (`repeat/<key id>/<message
 * hash>`). The key before it (`repeat/previous`) is still read for a day, so that a flood across midnight is still
 * one flood; the key before that goes with its entries. An address that sends a text again after a rotation notes
 * its hash under the key before (`was`), so that it counts once. `forget(email)` finds a person's entries by the same
 * keyed hashes. Texts are compared as the filter reads them (./normalise.ts).
 */
import { type Driver, readJson, removeMany, update } from '../../store/driver.ts';
import { sameInbox } from '../same-inbox.ts';
import { normaliseText } from './normalise.ts';
import { repeatWindowMs, shortMessageWords } from './weights.ts';

/** How many addresses a message's entry keeps at most: past the threshold, more changes nothing. */
const maxAddresses = 20;
/** How many sendings of one address an entry keeps. */
const maxTimes = 10;

/** The key of the memory: `id` names its entries (hex), `key` is the HMAC secret (hex). */
interface RepeatKey {
  id: string;
  key: string;
}

const hex = (bytes: Uint8Array) => Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');

/** A new random key (256 bits) and its id (64 bits). */
const newRepeatKey = (): RepeatKey => ({
  id: hex(crypto.getRandomValues(new Uint8Array(8))),
  key: hex(crypto.getRandomValues(new Uint8Array(32))),
});

/** Whether a value read back from a store is a key this module wrote. */
const isRepeatKey = (value: unknown): value is RepeatKey =>
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

/** The message as compared: invisible characters, case and spacing do not make two texts different. */
const normalisedBody = (message: string) => normaliseText(message).toLowerCase().replace(/\s+/g, ' ').trim();

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
const bodyHash = (key: RepeatKey, message: string) => hmac(key, `body\n${normalisedBody(message)}`);
/** The keyed hash of an inbox (an address's variants are one: ../same-inbox.ts), as `forget` finds it again. */
const emailHash = (key: RepeatKey, email: string) => hmac(key, `email\n${sameInbox(email)}`);

/** An entry of one message: when each address (keyed hash) sent it, most recent last. */
type Seen = Record<string, number[]>;

/** A message's entry as stored: when each address sent it, and its hash under the key before, once it sent again. */
interface Stored {
  seen: Seen;
  was?: Record<string, string>;
}

/** What the memory says of a message just sent. */
export interface Repeats {
  /** Different addresses that sent it within the window, this one included. */
  addresses: number;
  /** Times this address sent it within the window, this time included. */
  fromSender: number;
}

/** The entry after `email` sent the message at `now`, and its counts. Times past the window go. */
function remember(seen: Seen, email: string, now: Date): { seen: Seen; repeats: Repeats } {
  const time = now.getTime();
  const recent = (times: unknown) =>
    (Array.isArray(times) ? times : []).filter((at): at is number => typeof at === 'number' && time - at < repeatWindowMs);
  const mine = [...recent(seen[email]), time].slice(-maxTimes);
  const others = Object.entries(seen)
    .filter(([address]) => address !== email)
    .map(([address, times]) => [address, recent(times)] as const)
    .filter(([, times]) => times.length > 0)
    .sort((a, b) => (b[1].at(-1) ?? 0) - (a[1].at(-1) ?? 0))
    .slice(0, maxAddresses - 1);
  const kept: Seen = Object.fromEntries([[email, mine], ...others]);
  return { seen: kept, repeats: { addresses: others.length + 1, fromSender: mine.length } };
}

export interface RepeatMemory {
  remember(body: string, email: string, now: Date): Promise<Repeats>;
  /** The address out of every entry (a GDPR erasure), and every entry of another key (which cannot be searched). */
  forget(email: string): Promise<void>;
  /** A new key; the old entries go (the daily purge). */
  rotate(): Promise<void>;
}

const keyKey = 'repeat/key';
const previousKey = 'repeat/previous';

export function repeatMemory(driver: Driver): RepeatMemory {
  /** The memory's key: the stored one, or a new one (of two first writers, one wins). */
  async function currentKey(): Promise<RepeatKey> {
    for (let tries = 0; tries < 3; tries++) {
      const stored = await readJson<unknown>(driver, keyKey);
      if (isRepeatKey(stored)) return stored;
      const entry = await driver.get(keyKey);
      await driver.set(keyKey, JSON.stringify(newRepeatKey()), entry ? { version: entry.version } : { absent: true });
    }
    throw new Error(`${driver.where}: ${keyKey}: no usable key`);
  }

  const previous = async (): Promise<RepeatKey | undefined> => {
    const stored = await readJson<unknown>(driver, previousKey);
    return isRepeatKey(stored) ? stored : undefined;
  };

  /** Removes what neither key wrote. */
  async function dropOtherKeys(keep: readonly RepeatKey[]): Promise<void> {
    const others = (await driver.keys('repeat/')).filter(
      (name) => name !== keyKey && name !== previousKey && !keep.some((key) => name.startsWith(`repeat/${key.id}/`)),
    );
    await removeMany(driver, others);
  }

  /** The address out of one key's entries. */
  async function forgetUnder(key: RepeatKey, email: string): Promise<void> {
    const address = await emailHash(key, email);
    for (const name of await driver.keys(`repeat/${key.id}/`)) {
      const result = await update<Stored>(driver, name, (stored) => {
        if (!stored?.seen || !Object.hasOwn(stored.seen, address)) return undefined;
        const { [address]: _gone, ...rest } = stored.seen;
        const { [address]: _link, ...links } = stored.was ?? {};
        return { seen: rest, was: links };
      });
      if (result.after && Object.keys(result.after.seen).length === 0) await driver.remove(name);
    }
  }

  return {
    async remember(body, email, now) {
      const [key, before] = await Promise.all([currentKey(), previous()]);
      const [message, address] = await Promise.all([bodyHash(key, body), emailHash(key, email)]);
      const old = before && before.id !== key.id ? await Promise.all([bodyHash(before, body), emailHash(before, email)]) : undefined;
      let repeats: Repeats = { addresses: 1, fromSender: 1 };
      let was: Record<string, string> = {};
      await update<Stored>(driver, `repeat/${key.id}/${message}`, (stored) => {
        const result = remember(stored?.seen ?? {}, address, now);
        repeats = result.repeats;
        // Only the addresses still seen keep their link to the key before.
        was = Object.fromEntries(
          Object.entries({ ...stored?.was, ...(old ? { [address]: old[1] } : {}) }).filter(([hash]) => hash in result.seen),
        );
        return { seen: result.seen, was };
      });
      if (!before || !old) return repeats;
      // What the key before saw of this text, within the window: added, each address once.
      const [oldMessage, oldAddress] = old;
      const seen = (await readJson<Stored>(driver, `repeat/${before.id}/${oldMessage}`))?.seen ?? {};
      const recent = (times: unknown) =>
        (Array.isArray(times) ? times : []).filter(
          (at): at is number => typeof at === 'number' && now.getTime() - at < repeatWindowMs,
        );
      const counted = new Set(Object.values(was));
      const others = Object.entries(seen).filter(([hash, times]) => !counted.has(hash) && recent(times).length > 0).length;
      return {
        addresses: repeats.addresses + others,
        fromSender: Math.min(repeats.fromSender + recent(seen[oldAddress]).length, maxTimes),
      };
    },
    async forget(email) {
      const [key, before] = [await readJson<unknown>(driver, keyKey), await previous()];
      const keys = [key, before].filter(isRepeatKey);
      for (const known of keys) await forgetUnder(known, email);
      await dropOtherKeys(keys);
    },
    async rotate() {
      // No memory yet: nothing to rotate (the first message writes the first key).
      const stored = await readJson<unknown>(driver, keyKey);
      if (!isRepeatKey(stored)) return;
      const key = newRepeatKey();
      await driver.set(previousKey, JSON.stringify(stored));
      await driver.set(keyKey, JSON.stringify(key));
      await dropOtherKeys([key, stored]);
    },
  };
}
