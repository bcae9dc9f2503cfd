/**
 * Where the audience is counted (issue 32): one interface, one implementation per lead store kind, in the same
 * store as the leads but apart from them (files: LEADS_DIR/audience/, D1: the `audience_*` tables, Blobs: keys
 * under `audience/`). Only daily totals are kept for the retention period; what identifies a visitor for one day
 * (the day's random salt and the hashes made with it) is deleted once that day is over.
 */

/** A Paris day, `YYYY-MM-DD`. */
export type Day = string;

/** What one day adds up to. Keys of `pages` and `contactFrom` are paths of the registry (or the not-found page). */
export interface DayTotals {
  day: Day;
  /** Distinct visitors of the day (hash of the day's salt, the site, the address and the User-Agent). */
  visitors: number;
  pageviews: number;
  /** Views per page. */
  pages: Record<string, number>;
  /** Views per outside referrer host. */
  referrers: Record<string, number>;
  /** Visitors who saw /contact that day. */
  reachedContact: number;
  /** The page each of them saw just before /contact (`""`: none, they arrived on it). */
  contactFrom: Record<string, number>;
  /** Leads stored by the receiver that day. */
  leads: number;
}

/** One view, as the endpoint hands it to the store. */
export interface View {
  day: Day;
  /** Hash of the day's salt, the site, the address and the User-Agent. */
  visitor: string;
  /** Hash of the day's salt, the site and the address: the flood bound. */
  address: string;
  page: string;
  /** An outside referrer's host, if any. */
  referrer?: string;
}

/** What one visitor, and one address, may add in a day: a flood cannot fill the store. */
export interface Bounds {
  viewsPerVisitor: number;
  viewsPerAddress: number;
}

export interface AudienceStore {
  /** The salt of `day`, made at random on first use; the salts and visitor hashes of earlier days are deleted. */
  salt(day: Day): Promise<string>;
  /** Adds a view to its day; false (nothing added) when the visitor or the address reached its bound. */
  addView(view: View, bounds: Bounds): Promise<boolean>;
  /** One more lead on `day` (no link to the lead or to a visitor). */
  addLead(day: Day): Promise<void>;
  /** The totals of the days from `since` to `until` (both included), oldest first; days with nothing are left out. */
  days(since: Day, until: Day): Promise<DayTotals[]>;
  /** Deletes the totals of the days before `before`, and any salt or hash of a day before `today`; returns how many days went. */
  purge(before: Day, today: Day): Promise<number>;
}

const contactPage = '/contact';

export const emptyDay = (day: Day): DayTotals => ({
  day,
  visitors: 0,
  pageviews: 0,
  pages: {},
  referrers: {},
  reachedContact: 0,
  contactFrom: {},
  leads: 0,
});

const bump = (counts: Record<string, number>, key: string) => {
  counts[key] = (counts[key] ?? 0) + 1;
};

/** What a visitor's record holds during its day: how many views, the last page, whether it reached /contact. */
export interface VisitorState {
  views: number;
  last?: string;
  contact?: boolean;
}

/**
 * Applies one view to a day's totals and to the visitor's state (the same rules for every store that keeps
 * both as documents; D1 does the same in SQL).
 */
export function applyView(totals: DayTotals, visitor: VisitorState | undefined, view: View): VisitorState {
  const state: VisitorState = visitor ? { ...visitor } : { views: 0 };
  if (!visitor) totals.visitors += 1;
  totals.pageviews += 1;
  bump(totals.pages, view.page);
  if (view.referrer) bump(totals.referrers, view.referrer);
  if (view.page === contactPage && !state.contact) {
    totals.reachedContact += 1;
    bump(totals.contactFrom, state.last ?? '');
    state.contact = true;
  }
  state.views += 1;
  state.last = view.page;
  return state;
}

/** A random salt: 32 bytes, hex. */
export function newSalt(): string {
  return Array.from(crypto.getRandomValues(new Uint8Array(32)), (byte) => byte.toString(16).padStart(2, '0')).join('');
}
