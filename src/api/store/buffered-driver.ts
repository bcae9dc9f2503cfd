/**
 * A driver kept in memory and written to another every few seconds (`flush`): the Node server's audience, whose
 * counts of a flood of views then cost memory bounded by the day's caps, never a queue of file writes. Only for a
 * store one process owns (the server's AUDIENCE_DIR): readers elsewhere (`npm run stats`) see it as of the last
 * flush. Conditional writes compare the versions this process gave.
 */
import { type Driver, type Entry, inRange } from './driver.ts';

export interface BufferedDriver extends Driver {
  /** Writes what changed since the last flush; a failure is thrown, and those changes wait for the next one. */
  flush(): Promise<void>;
}

/** A key unused this long leaves the memory at the next flush. */
const keepMs = 10 * 60_000;

export function bufferedDriver(inner: Driver): BufferedDriver {
  /** What this process knows of each key it read or wrote: its value (undefined: none), whether it changed, when. */
  const known = new Map<string, { entry: Entry | undefined; dirty: boolean; at: number }>();
  let counter = 0;
  const version = () => `m${++counter}`;
  /** The flush under way, which the next one waits for. */
  let flushing: Promise<void> = Promise.resolve();

  async function current(key: string): Promise<Entry | undefined> {
    const cached = known.get(key);
    if (cached) {
      cached.at = Date.now();
      return cached.entry;
    }
    const read = await inner.get(key);
    const entry = read ? { value: read.value, version: version() } : undefined;
    // A write that raced the read wins: only a key still unknown takes what was read.
    if (!known.has(key)) known.set(key, { entry, dirty: false, at: Date.now() });
    return known.get(key)?.entry;
  }

  const driver: BufferedDriver = {
    where: inner.where,
    get: async (key) => {
      const entry = await current(key);
      return entry ? { ...entry } : undefined;
    },
    async set(key, value, condition) {
      await current(key);
      // Read again after the wait: another write may have landed meanwhile, and from here to the write nothing waits.
      const entry = known.get(key)?.entry;
      if (condition && 'absent' in condition && entry) return undefined;
      if (condition && 'version' in condition && entry?.version !== condition.version) return undefined;
      const next = { value, version: version() };
      known.set(key, { entry: next, dirty: true, at: Date.now() });
      return next.version;
    },
    async remove(key) {
      known.set(key, { entry: undefined, dirty: true, at: Date.now() });
    },
    async keys(prefix, range) {
      const stored = await inner.keys(prefix);
      const all = new Set(stored);
      for (const [key, { entry }] of known) {
        if (!key.startsWith(prefix)) continue;
        if (entry) all.add(key);
        else all.delete(key);
      }
      return inRange([...all].sort(), prefix, range);
    },
    flush() {
      // One flush at a time: a slow one (thousands of keys, each written and synced) overlapped by the next would
      // land its older values after the newer ones, and a day's totals would go back in time on disk.
      const run = flushing.then(writeChanges, writeChanges);
      flushing = run.catch(() => undefined);
      return run;
    },
  };
  return driver;

  async function writeChanges(): Promise<void> {
    const changed = [...known].filter(([, state]) => state.dirty);
    for (const [key, state] of changed) {
      if (state.entry) await inner.set(key, state.entry.value);
      else await inner.remove(key);
      state.dirty = false;
    }
    // What was written is on disk: memory keeps what changed meanwhile, and what was used lately (a read still in
    // flight for it must not bring back what it read before the write).
    const old = Date.now() - keepMs;
    for (const [key, state] of [...known]) if (!state.dirty && state.at < old) known.delete(key);
  }
}
