/**
 * The Node server's audience counter, over the store ./store.ts opened: the day's counts live in memory and are
 * written every few seconds and when the server stops (`flush`); past `maxWaitingCounts` counts in flight, a count
 * is dropped and the drop counted.
 */
import { type AudienceCounter, hostAudienceCounter } from '../../api/audience/counter.ts';
import type { HostStore } from '../../api/store/host-store.ts';
import { maxWaitingCounts } from '../../contact/audience-settings.ts';
import type { Env } from '../../contact/delivery-settings.ts';
import type { BufferedAudienceStore } from './audience-files-store.ts';

export interface NodeAudience {
  counter: AudienceCounter;
  /** Writes the counts held in memory (the server's stop); never rejects: a failure is logged. */
  flush(): Promise<void>;
}

export function nodeAudience({
  env,
  stores,
  log,
  logError,
}: {
  env: Env;
  stores: HostStore<BufferedAudienceStore>;
  log: (line: string) => void;
  logError: (line: string) => void;
}): NodeAudience {
  const counter = hostAudienceCounter(stores, { env, log, logError, maxWaiting: maxWaitingCounts });
  return {
    counter,
    // The store reports a failed write itself (./store.ts), so this never rejects.
    flush: async () => stores.audience?.flush(),
  };
}
