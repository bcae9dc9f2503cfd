/**
 * Where the audience is counted: written once over a driver (./driver.ts), in a store of its own, never the leads'
 * (a flood of views, a full disk or a used-up quota there must never refuse a lead): the folder AUDIENCE_DIR, the D1
 * database bound as AUDIENCE_DB, the Netlify Blobs store `audience`. Only daily totals are kept for the retention
 * period (`day/<day>`); what identifies a visitor for one day (the day's random salt `salt/<day>` and the hashes
 * made with it: `visitor/<day>/…`, `address/<day>/…`, `intents/<day>/…`) is deleted once that day is over.
 */

import { type ContactIntentKind, contactIntentKinds } from '../../contact/contact-ways.ts';
import { type Driver, getMany, readJson, removeMany, update } from './driver.ts';

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
interface View {
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
interface Intent {
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
  /** One more view dropped on `day` because too many counts were waiting (Node). */
  addDropped(day: Day): Promise<void>;
}

const contactPage = '/contact';

const emptyDay = (day: Day): DayTotals => ({
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
interface VisitorState {
  views: number;
  last?: string;
  contact?: boolean;
}

/** The key under which the referrer hosts past the day's cap are counted together (no hostname holds `*`). */
export const otherReferrers = '*';

/** Whether the day's caps refuse a view: any, once the day has its views; a new visitor's, once it has its visitors. */
const refusedByDay = (totals: Pick<DayTotals, 'pageviews' | 'visitors'>, newVisitor: boolean, bounds: Bounds): boolean =>
  totals.pageviews >= bounds.viewsPerDay || (newVisitor && totals.visitors >= bounds.visitorsPerDay);

/** The key a referrer host is counted under: itself while the day has room for one more host, `*` past the cap. */
function referrerKey(referrers: Record<string, number>, host: string, cap: number): string {
  if (Object.hasOwn(referrers, host)) return host;
  const hosts = Object.keys(referrers).filter((key) => key !== otherReferrers).length;
  return hosts >= cap ? otherReferrers : host;
}

/**
 * Applies one view to a day's totals and to the visitor's state (the same rules for every store that keeps
 * both as documents; D1 does the same in SQL); undefined, and nothing changed, when the day's caps refuse it.
 */
function applyView(totals: DayTotals, visitor: VisitorState | undefined, view: View, bounds: Bounds): VisitorState | undefined {
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
const intentsOf = (totals: Pick<DayTotals, 'intents'>): number =>
  Object.values(totals.intents ?? {}).reduce((sum, count) => sum + count, 0);

/**
 * Applies one intent to a day's totals, given how many the client already made that day (the same rules for
 * every store); false, and nothing changed, when the client's or the day's bound refuses it.
 */
function applyIntent(totals: DayTotals, byAddress: number, intent: Intent, bounds: Bounds): boolean {
  if (byAddress >= bounds.intentsPerAddress || intentsOf(totals) >= bounds.intentsPerDay) return false;
  totals.intents = { ...totals.intents, [intent.kind]: (totals.intents?.[intent.kind] ?? 0) + 1 };
  return true;
}

/** A random salt: 32 bytes, hex. */
function newSalt(): string {
  return Array.from(crypto.getRandomValues(new Uint8Array(32)), (byte) => byte.toString(16).padStart(2, '0')).join('');
}

const totalsKey = (day: Day) => `day/${day}`;
const dayPattern = /^\d{4}-\d{2}-\d{2}$/;

/** A day's totals read back: what is missing reads as zero. */
function totalsOf(day: Day, stored: Partial<DayTotals> | undefined): DayTotals {
  return { ...emptyDay(day), ...(stored && typeof stored === 'object' ? stored : {}), day };
}

/** The audience's store over its own driver. */
export function audienceStore(driver: Driver): AudienceStore {
  /** Adds one to a client's count of the day, unless it reached `cap`: whether it was added. */
  async function bumpClient(key: string, cap: number): Promise<boolean> {
    let added = false;
    await update<number>(driver, key, (count) => {
      added = (typeof count === 'number' ? count : 0) < cap;
      return added ? (typeof count === 'number' ? count : 0) + 1 : undefined;
    });
    return added;
  }

  return {
    async salt(day) {
      const key = `salt/${day}`;
      for (let tries = 0; tries < 3; tries++) {
        const known = await readJson<string>(driver, key);
        if (typeof known === 'string' && /^[0-9a-f]{64}$/.test(known)) return known;
        // A new day: the salts and hashes of the others go first.
        await removeMany(
          driver,
          (await Promise.all(['salt/', 'visitor/', 'address/', 'intents/'].map((prefix) => driver.keys(prefix))))
            .flat()
            .filter((name) => !name.startsWith(`salt/${day}`) && !name.includes(`/${day}/`)),
        );
        await driver.set(key, JSON.stringify(newSalt()), { absent: true });
      }
      throw new Error(`${driver.where}: salt/${day}: no usable salt`);
    },
    async addView(view, bounds) {
      const visitorKey = `visitor/${view.day}/${view.visitor}`;
      const addressKey = `address/${view.day}/${view.address}`;
      const visitor = await readJson<VisitorState>(driver, visitorKey);
      if (visitor && visitor.views >= bounds.viewsPerVisitor) return false;
      // The client's count first, by one conditional change, so that a burst from one client never passes its bound;
      // given back when the day refuses the view, so that a refused view uses up no one's allowance.
      if (!(await bumpClient(addressKey, bounds.viewsPerAddress))) return false;
      let state: VisitorState | undefined;
      await update<DayTotals>(driver, totalsKey(view.day), (stored) => {
        const totals = totalsOf(view.day, stored);
        state = applyView(totals, visitor, view, bounds);
        return state ? totals : undefined;
      });
      if (!state) {
        await update<number>(driver, addressKey, (count) => (typeof count === 'number' && count > 0 ? count - 1 : undefined));
        return false;
      }
      await driver.set(visitorKey, JSON.stringify(state));
      return true;
    },
    async addIntent(intent, bounds) {
      const key = `intents/${intent.day}/${intent.address}`;
      const byAddress = (await readJson<number>(driver, key)) ?? 0;
      let added = false;
      await update<DayTotals>(driver, totalsKey(intent.day), (stored) => {
        const totals = totalsOf(intent.day, stored);
        added = applyIntent(totals, typeof byAddress === 'number' ? byAddress : 0, intent, bounds);
        return added ? totals : undefined;
      });
      if (added) await driver.set(key, JSON.stringify((typeof byAddress === 'number' ? byAddress : 0) + 1));
      return added;
    },
    async addLead(day) {
      await update<DayTotals>(driver, totalsKey(day), (stored) => {
        const totals = totalsOf(day, stored);
        return { ...totals, leads: totals.leads + 1 };
      });
    },
    async addDropped(day) {
      await update<DayTotals>(driver, totalsKey(day), (stored) => {
        const totals = totalsOf(day, stored);
        return { ...totals, dropped: (totals.dropped ?? 0) + 1 };
      });
    },
    async days(since, until) {
      const keys = await driver.keys('day/', { after: `day/${since}`.slice(0, -1), before: `day/${until}~` });
      const chosen = keys.filter((key) => {
        const day = key.slice('day/'.length);
        return dayPattern.test(day) && day >= since && day <= until;
      });
      const entries = await getMany(driver, chosen);
      return chosen.flatMap((key, index) => {
        const value = entries[index]?.value;
        if (value === undefined) return [];
        try {
          return [totalsOf(key.slice('day/'.length), JSON.parse(value) as Partial<DayTotals>)];
        } catch {
          return [];
        }
      });
    },
    async purge(before, today) {
      const old = (await driver.keys('day/')).filter((key) => {
        const day = key.slice('day/'.length);
        return dayPattern.test(day) && day < before;
      });
      const hashes = (await Promise.all(['salt/', 'visitor/', 'address/', 'intents/'].map((prefix) => driver.keys(prefix))))
        .flat()
        .filter((name) => !name.startsWith(`salt/${today}`) && !name.includes(`/${today}/`));
      await removeMany(driver, [...old, ...hashes]);
      return old.length;
    },
  };
}
