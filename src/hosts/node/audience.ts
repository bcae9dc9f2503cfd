/**
 * The Node server's audience counter, over the store ./store.ts opened: the day's counts live in memory and are
 * written every few seconds and when the server stops (`flush`); past `maxWaitingCounts` counts in flight, a count
 * is dropped and the drop counted.
 */
import { nodeLines } from './lines.ts';
import { fillTemplate } from '../../content/template.ts';
import { type AudienceCounter, hostAudienceCounter } from '../../api/audience/counter.ts';
import type { HostStore } from '../../api/store/host-store.ts';
import { maxWaitingCounts } from '../../contact/audience-settings.ts';
import type { BufferedAudienceStore } from './audience-files-store.ts';
import { reasonOf } from './store.ts';

type Env = Readonly<Record<string, string | undefined>>;

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
    flush: async () => {
      await stores.audience
        ?.flush()
        .catch((error: unknown) => logError(fillTemplate(nodeLines.audienceWriteFailed, { reason: reasonOf(error) })));
    },
  };
}
