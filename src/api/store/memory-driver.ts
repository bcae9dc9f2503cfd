/**
 * The driver of ./driver.ts in memory: the unit tests' store, and the one contract suite's reference. One process
 * only, gone with it: no host keeps leads this way.
 */
import { assertKey, type Driver, type Entry, inRange } from './driver.ts';

export function memoryDriver(where = 'memory'): Driver & { entries: Map<string, Entry> } {
  const entries = new Map<string, Entry>();
  let counter = 0;
  const nextVersion = () => String(++counter);
  return {
    where,
    entries,
    async get(key) {
      assertKey(key);
      const entry = entries.get(key);
      return entry ? { ...entry } : undefined;
    },
    async set(key, value, condition) {
      assertKey(key);
      const current = entries.get(key);
      if (condition && 'absent' in condition && current) return undefined;
      if (condition && 'version' in condition && current?.version !== condition.version) return undefined;
      const version = nextVersion();
      entries.set(key, { value, version });
      return version;
    },
    async remove(key) {
      assertKey(key);
      entries.delete(key);
    },
    async keys(prefix, range) {
      return inRange([...entries.keys()].sort(), prefix, range);
    },
  };
}
