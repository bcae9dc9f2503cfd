/**
 * Where the audience is counted (issue 32): one interface, one implementation per host, each in a store of its
 * own, never the leads' (issue 37): files in AUDIENCE_DIR (default audience/), the D1 database bound as
 * AUDIENCE_DB, the Netlify Blobs store `audience`. Only daily totals are kept for the retention period; what
 * identifies a visitor for one day (the day's random salt and the hashes made with it) is deleted once that day
 * is over.
 */

import { type ContactIntentKind, contactIntentKinds } from '../../contact/contact-ways.ts';

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
  /** Node only: views dropped because too many counts were waiting at once (absent: none). */
  dropped?: number;
  /** Clicks on a way to reach us (`a[data-intent]`), per kind (absent: none). */
  intents?: Partial<Record<ContactIntentKind, number>>;
}

/** One view, as the endpoint hands it to the store. */
export interface View {
  day: Day;
  /** Hash of the day's salt, the site, the address and the User-Agent. */
  visitor: string;
  /** Hash of the day's salt, the site and the client's key (an IPv4 address or an IPv6 /64): the flood bound. */
  address: string;
  page: string;
  /** An outside referrer's host, if any. */
  referrer?: string;
}

/** One click on a way to reach us, as the endpoint hands it to the store: no page, no visitor, only the kind. */
export interface Intent {
  day: Day;
  /** Hash of the day's salt, the site and the client's key, as a view's: the flood bound. */
  address: string;
  kind: ContactIntentKind;
}

export const isContactIntentKind = (value: unknown): value is ContactIntentKind =>
  (contactIntentKinds as readonly unknown[]).includes(value);

/** What one visitor, one client and one day may add: a flood cannot fill the store nor use up a quota. */
export interface Bounds {
  viewsPerVisitor: number;
  viewsPerAddress: number;
  /** Views of a day: past it, nothing more is counted that day. */
  viewsPerDay: number;
  /** New visitors of a day: past it, a visitor not yet seen that day is not counted. */
  visitorsPerDay: number;
  /** Referrer hosts of a day: past it, a new host is counted under `*` (« autres sites »). */
  referrersPerDay: number;
  /** Contact intents of one client in a day. */
  intentsPerAddress: number;
  /** Contact intents of a day: past it, nothing more is counted that day. */
  intentsPerDay: number;
}

export interface AudienceStore {
  /** The salt of `day`, made at random on first use; the salts and visitor hashes of earlier days are deleted. */
  salt(day: Day): Promise<string>;
  /** Adds a view to its day; false (nothing added) when the visitor, the client or the day reached its bound. */
  addView(view: View, bounds: Bounds): Promise<boolean>;
  /** Adds a contact intent to its day; false (nothing added) when the client or the day reached its bound. */
  addIntent(intent: Intent, bounds: Bounds): Promise<boolean>;
  /** One more lead on `day` (no link to the lead or to a visitor). */
  addLead(day: Day): Promise<void>;
  /** The totals of the days from `since` to `until` (both included), oldest first; days with nothing are left out. */
  days(since: Day, until: Day): Promise<DayTotals[]>;
  /** Deletes the totals of the days before `before`, and any salt or hash of a day before `today`; returns how many days went. */
  purge(before: Day, today: Day): Promise<number>;
  /** Node only: one more view dropped on `day` because too many counts were waiting (kept in memory, written with the day). */
  addDropped?(day: Day): void;
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

/** The key under which the referrer hosts past the day's cap are counted together (no hostname holds `*`). */
export const otherReferrers = '*';

/** Whether the day's caps refuse a view: any, once the day has its views; a new visitor's, once it has its visitors. */
export const refusedByDay = (totals: Pick<DayTotals, 'pageviews' | 'visitors'>, newVisitor: boolean, bounds: Bounds): boolean =>
  totals.pageviews >= bounds.viewsPerDay || (newVisitor && totals.visitors >= bounds.visitorsPerDay);

/** The key a referrer host is counted under: itself while the day has room for one more host, `*` past the cap. */
export function referrerKey(referrers: Record<string, number>, host: string, cap: number): string {
  if (Object.hasOwn(referrers, host)) return host;
  const hosts = Object.keys(referrers).filter((key) => key !== otherReferrers).length;
  return hosts >= cap ? otherReferrers : host;
}

/**
 * Applies one view to a day's totals and to the visitor's state (the same rules for every store that keeps
 * both as documents; D1 does the same in SQL); undefined, and nothing changed, when the day's caps refuse it.
 */
export function applyView(totals: DayTotals, visitor: VisitorState | undefined, view: View, bounds: Bounds): VisitorState | undefined {
  if (refusedByDay(totals, !visitor, bounds)) return undefined;
  const state: VisitorState = visitor ? { ...visitor } : { views: 0 };
  if (!visitor) totals.visitors += 1;
  totals.pageviews += 1;
  bump(totals.pages, view.page);
  if (view.referrer) bump(totals.referrers, referrerKey(totals.referrers, view.referrer, bounds.referrersPerDay));
  if (view.page === contactPage && !state.contact) {
    totals.reachedContact += 1;
    bump(totals.contactFrom, state.last ?? '');
    state.contact = true;
  }
  state.views += 1;
  state.last = view.page;
  return state;
}

/** The contact intents of a day, all kinds together. */
export const intentsOf = (totals: Pick<DayTotals, 'intents'>): number =>
  Object.values(totals.intents ?? {}).reduce((sum, count) => sum + count, 0);

/** The flood key of a client's intents in the day's hashes, beside its views' `address:` key. */
export const intentsKey = (address: string) => `intents:${address}`;

/**
 * Applies one intent to a day's totals, given how many the client already made that day (the same rules for
 * every store); false, and nothing changed, when the client's or the day's bound refuses it.
 */
export function applyIntent(totals: DayTotals, byAddress: number, intent: Intent, bounds: Bounds): boolean {
  if (byAddress >= bounds.intentsPerAddress || intentsOf(totals) >= bounds.intentsPerDay) return false;
  totals.intents = { ...totals.intents, [intent.kind]: (totals.intents?.[intent.kind] ?? 0) + 1 };
  return true;
}

/** A random salt: 32 bytes, hex. */
export function newSalt(): string {
  return Array.from(crypto.getRandomValues(new Uint8Array(32)), (byte) => byte.toString(16).padStart(2, '0')).join('');
}
