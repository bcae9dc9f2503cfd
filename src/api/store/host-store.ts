/**
 * What a host gives the API: the leads' store and the audience's own, opened together from that host's bindings
 * by one function per host (src/hosts/<host>/store.ts), so that each host names its bindings, and says what is
 * missing, in one place. The receiver takes `leads`, the counter `audience`; neither opens a store itself.
 */
import type { AudienceStore } from './audience-store.ts';
import type { StoreChoice } from './choose.ts';
import type { LeadStore } from './lead-store.ts';

export interface HostStore<Audience extends AudienceStore = AudienceStore> {
  /** The leads' store and where it is, a settings problem (valid messages then get 503), or none asked for. */
  leads: StoreChoice;
  /** The audience's own store, never the leads'; absent when this host counts nothing. */
  audience?: Audience;
  /** Why the audience is not counted although it should be (a missing binding, an unusable folder), for the log. */
  audienceProblem?: string;
}

/** Both stores of a host, open: what `npm run leads` and `npm run stats` read, and what the contract tests run. */
export interface Stores {
  leads: LeadStore;
  audience: AudienceStore;
}
