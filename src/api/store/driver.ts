/**
 * The one thing a host gives the stores: a small key-value driver with conditional writes, in the spirit of
 * unstorage's drivers (get, set, remove, keys), plus what unstorage has not: a version per entry and writes that
 * hold only if the entry is absent or still at the version read, so that two senders (requests, isolates,
 * instances, processes) never both take one lead, one day's digest or one memory's change. Keys sort as plain
 * strings (ASCII: letters, digits, `-`, `_`, `.`, `~`, with `/` between segments), which is what makes « the
 * leads due first » or « the leads received before a day » a list of names rather than a read of every record.
 *
 * Every store (the leads and the memories of ../contact/, the audience) is written once over this contract
 * (./lead-store.ts, ./audience-store.ts); each host has its driver: the files of a folder (Node), one D1 table
 * (Cloudflare), a Netlify Blobs store. ./memory-driver.ts is the in-memory one, for the unit tests.
 */

/** An entry's version: opaque, changes with every write. */
type Version = string;

export interface Entry {
  value: string;
  version: Version;
}

/** A write that holds only if the key has no entry, or only if its entry is still at that version. */
type Condition = { absent: true } | { version: Version };

export interface KeyRange {
  /** Only keys after this one (excluded). */
  after?: string;
  /** Only keys before this one (excluded). */
  before?: string;
  /** At most this many, the first in order. */
  limit?: number;
}

export interface Driver {
  /** How the operator's lines and `npm run leads` name it: a folder, a D1 binding, a Blobs store. */
  readonly where: string;
  get(key: string): Promise<Entry | undefined>;
  /** Writes `value`; with a condition, only if it holds. The new version, or undefined when the condition failed. */
  set(key: string, value: string, condition?: Condition): Promise<Version | undefined>;
  /** Removes the entry, if there is one. */
  remove(key: string): Promise<void>;
  /** The keys that start with `prefix`, in ascending order, within `range`. */
  keys(prefix: string, range?: KeyRange): Promise<string[]>;
  /** Up to 90 entries in one call (D1: one query); without it, the stores read them one by one. */
  getMany?(keys: readonly string[]): Promise<(Entry | undefined)[]>;
  /** Up to 90 removals in one call (D1: one statement). */
  removeMany?(keys: readonly string[]): Promise<void>;
}

/** What a key may hold: a check every driver makes, so that a key is the same name on every host. */
const keyPattern = /^[A-Za-z0-9_.~-]+(?:\/[A-Za-z0-9_.~-]+)*$/;

export function assertKey(key: string): void {
  if (!keyPattern.test(key) || key.includes('..')) throw new Error(`key ${JSON.stringify(key)}`);
}

/** Keys within a range, as every driver filters a sorted list of names. */
export function inRange(sorted: readonly string[], prefix: string, range: KeyRange = {}): string[] {
  const chosen = sorted.filter(
    (key) =>
      key.startsWith(prefix) && (range.after === undefined || key > range.after) && (range.before === undefined || key < range.before),
  );
  return range.limit === undefined ? chosen : chosen.slice(0, range.limit);
}

/** Keys per call of `getMany`/`removeMany`: D1 binds at most 100 parameters to one statement. */
const perCall = 90;

const chunks = <T>(items: readonly T[]): T[][] =>
  Array.from({ length: Math.ceil(items.length / perCall) }, (_, index) => items.slice(index * perCall, (index + 1) * perCall));

/** Several entries, in one call per 90 keys where the driver has one, otherwise a few at a time. */
export async function getMany(driver: Driver, keys: readonly string[], concurrency = 8): Promise<(Entry | undefined)[]> {
  if (keys.length === 0) return [];
  const many = driver.getMany?.bind(driver);
  if (many) return (await Promise.all(chunks(keys).map((chunk) => many(chunk)))).flat();
  const entries: (Entry | undefined)[] = new Array(keys.length);
  let next = 0;
  const worker = async () => {
    for (let index = next++; index < keys.length; index = next++) entries[index] = await driver.get(keys[index] ?? '');
  };
  await Promise.all(Array.from({ length: Math.min(concurrency, keys.length) }, worker));
  return entries;
}

/** Several removals, in one call per 90 keys where the driver has one, otherwise a few at a time. */
export async function removeMany(driver: Driver, keys: readonly string[], concurrency = 8): Promise<void> {
  if (keys.length === 0) return;
  const many = driver.removeMany?.bind(driver);
  if (many) {
    for (const chunk of chunks(keys)) await many(chunk);
    return;
  }
  let next = 0;
  const worker = async () => {
    for (let index = next++; index < keys.length; index = next++) await driver.remove(keys[index] ?? '');
  };
  await Promise.all(Array.from({ length: Math.min(concurrency, keys.length) }, worker));
}

/**
 * Changes one JSON entry by a function of its current value, retried while another writer got there first: the
 * one way every memory updates a shared record. `change` gets undefined for no entry (or one that is not JSON);
 * it returns the new value, or undefined to leave the entry as it is. It may be called more than once, so it must
 * not count its calls. Resolves with the value before and after.
 */
export function update<T>(
  driver: Driver,
  key: string,
  change: (current: T | undefined) => T | undefined,
  tries = 12,
): Promise<{ before: T | undefined; after: T | undefined }> {
  // The writers of this process take turns on a key: a flood of counts on the day's totals would otherwise make a
  // lead's count lose the race twelve times in a row. Writers elsewhere (another isolate, a CLI) meet the versions.
  const queues = turns.get(driver) ?? new Map<string, Promise<unknown>>();
  turns.set(driver, queues);
  const previous = queues.get(key) ?? Promise.resolve();
  const mine = previous.then(
    () => updateNow(driver, key, change, tries),
    () => updateNow(driver, key, change, tries),
  );
  const settled = mine.catch(() => undefined);
  queues.set(key, settled);
  // The last writer in line clears its key, so that the map holds only keys being written.
  void settled.then(() => {
    if (queues.get(key) === settled) queues.delete(key);
  });
  return mine;
}

/** The writers waiting on each key of each driver, in this process. */
const turns = new WeakMap<Driver, Map<string, Promise<unknown>>>();

async function updateNow<T>(
  driver: Driver,
  key: string,
  change: (current: T | undefined) => T | undefined,
  tries: number,
): Promise<{ before: T | undefined; after: T | undefined }> {
  for (let attempt = 0; attempt < tries; attempt++) {
    // Writers that met on one entry wait a random while before the next try, so that they do not meet again.
    if (attempt > 0) await new Promise((resolve) => setTimeout(resolve, Math.random() * 10 * 2 ** Math.min(attempt, 6)));
    const entry = await driver.get(key);
    let before: T | undefined;
    try {
      before = entry ? (JSON.parse(entry.value) as T) : undefined;
    } catch {
      before = undefined;
    }
    const after = change(before);
    if (after === undefined) return { before, after: before };
    const written = await driver.set(key, JSON.stringify(after), entry ? { version: entry.version } : { absent: true });
    if (written !== undefined) return { before, after };
  }
  throw new Error(`${driver.where}: ${key} changed by others ${tries} times in a row`);
}

/** A JSON entry's value, or undefined for none or one that is not JSON. */
export async function readJson<T>(driver: Driver, key: string): Promise<T | undefined> {
  const entry = await driver.get(key);
  if (!entry) return undefined;
  try {
    return JSON.parse(entry.value) as T;
  } catch {
    return undefined;
  }
}
