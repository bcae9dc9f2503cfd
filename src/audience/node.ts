/** The Node server's audience counter: its store lives beside the leads, in LEADS_DIR/audience/. */
import type { StoreChoice } from '../receiver/store/choose.ts';
import { type AudienceCounter, createAudienceCounter } from './counter.ts';
import { filesAudienceStore } from './store/files.ts';

type Env = Readonly<Record<string, string | undefined>>;

export function nodeAudience(
  env: Env,
  leads: StoreChoice,
  log: (line: string) => void,
  logError: (line: string) => void,
): AudienceCounter {
  const store = leads && 'leads' in leads ? filesAudienceStore(leads.where) : undefined;
  return createAudienceCounter({ env, store, log, logError });
}
