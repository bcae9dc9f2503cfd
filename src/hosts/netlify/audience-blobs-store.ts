/**
 * The audience store on Netlify: keys under `audience/` of the audience's own Netlify Blobs store (`audience`),
 * never the leads' store. `audience/days/<day>` holds a day's totals; `audience/salts/<day>` and
 * `audience/today/<day>/<hash>` (the day's salt, each visitor's and address's state, `intents-<hash>` a client's
 * contact intents) go once the day is over.
 * Blobs has no increment: each change reads the value with its ETag and writes it back only if nobody changed it
 * meanwhile (`onlyIfMatch`, or `onlyIfNew` for a new key), trying again otherwise, so concurrent instances never
 * lose a view. (The local Blobs server sends no ETag on reads: there the last write wins.)
 */
import type { Store } from '@netlify/blobs';
import {
  type AudienceStore,
  applyIntent,
  applyView,
  type Day,
  type DayTotals,
  emptyDay,
  intentsOf,
  newSalt,
  referrerKey,
  refusedByDay,
  type VisitorState,
} from '../../api/store/audience-store.ts';

const attempts = 20;

export function blobsAudienceStore(store: Store): AudienceStore {
  /** Replaces the JSON at `key` by `change(current)`, atomically; `undefined` from `change` leaves it as it is. */
  async function update<T>(key: string, change: (current: T | undefined) => T | undefined): Promise<T | undefined> {
    for (let attempt = 0; attempt < attempts; attempt += 1) {
      const current = await store.getWithMetadata(key, { type: 'json', consistency: 'strong' });
      const next = change((current?.data as T | undefined) ?? undefined);
      if (next === undefined) return undefined;
      // The local server of @netlify/blobs (tests, `netlify dev`) gives no ETag on reads: there, the last write wins.
      const condition = current === null ? { onlyIfNew: true } : current.etag ? { onlyIfMatch: current.etag } : {};
      const { modified } = await store.setJSON(key, next, condition);
      if (modified) return next;
    }
    throw new Error(`${key}: too many concurrent writes`);
  }

  const keysUnder = async (prefix: string) => (await store.list({ prefix })).blobs.map((blob) => blob.key);

  async function forgetOtherDays(today: Day): Promise<void> {
    for (const prefix of ['audience/salts/', 'audience/today/']) {
      for (const key of await keysUnder(prefix)) {
        if (!key.startsWith(`${prefix}${today}`)) await store.delete(key);
      }
    }
  }

  return {
    async salt(day) {
      const key = `audience/salts/${day}`;
      const { modified } = await store.set(key, newSalt(), { onlyIfNew: true });
      if (modified) await forgetOtherDays(day);
      return (await store.get(key, { type: 'text', consistency: 'strong' })) ?? '';
    },
    async addView(view, bounds) {
      // The day's caps, read first: a refused view writes nothing.
      const day = ((await store.get(`audience/days/${view.day}`, { type: 'json', consistency: 'strong' })) ?? undefined) as
        | DayTotals
        | undefined;
      const seen = await store.get(`audience/today/${view.day}/${view.visitor}`, { type: 'json', consistency: 'strong' });
      if (day && refusedByDay(day, seen === null, bounds)) return false;
      const allowed = await update<VisitorState>(`audience/today/${view.day}/address-${view.address}`, (current) =>
        (current?.views ?? 0) >= bounds.viewsPerAddress ? undefined : { views: (current?.views ?? 0) + 1 },
      );
      if (!allowed) return false;
      let change: DayTotals | undefined;
      const state = await update<VisitorState>(`audience/today/${view.day}/${view.visitor}`, (current) => {
        if ((current?.views ?? 0) >= bounds.viewsPerVisitor) return undefined;
        // The caps were checked against the day's totals above: the change itself starts from an empty day.
        change = emptyDay(view.day);
        return applyView(change, current, view, bounds);
      });
      if (!state || !change) return false;
      const added = change;
      await update<DayTotals>(`audience/days/${view.day}`, (current) => {
        const totals = current ?? emptyDay(view.day);
        for (const key of ['visitors', 'pageviews', 'reachedContact'] as const) totals[key] += added[key];
        for (const field of ['pages', 'contactFrom'] as const) {
          for (const [key, count] of Object.entries(added[field])) totals[field][key] = (totals[field][key] ?? 0) + count;
        }
        for (const [host, count] of Object.entries(added.referrers)) {
          const key = referrerKey(totals.referrers, host, bounds.referrersPerDay);
          totals.referrers[key] = (totals.referrers[key] ?? 0) + count;
        }
        return totals;
      });
      return true;
    },
    async addIntent(intent, bounds) {
      // The day's cap, read first: a refused intent writes nothing.
      const day = (await store.get(`audience/days/${intent.day}`, { type: 'json', consistency: 'strong' })) as DayTotals | null;
      if (day && intentsOf(day) >= bounds.intentsPerDay) return false;
      const allowed = await update<VisitorState>(`audience/today/${intent.day}/intents-${intent.address}`, (current) =>
        (current?.views ?? 0) >= bounds.intentsPerAddress ? undefined : { views: (current?.views ?? 0) + 1 },
      );
      if (!allowed) return false;
      const written = await update<DayTotals>(`audience/days/${intent.day}`, (current) => {
        const totals = current ?? emptyDay(intent.day);
        // The client's bound was checked above; the day's is checked again against the totals being written.
        return applyIntent(totals, 0, intent, bounds) ? totals : undefined;
      });
      return written !== undefined;
    },
    async addLead(day) {
      await update<DayTotals>(`audience/days/${day}`, (current) => {
        const totals = current ?? emptyDay(day);
        totals.leads += 1;
        return totals;
      });
    },
    async days(since, until) {
      const days = (await keysUnder('audience/days/'))
        .map((key) => key.slice('audience/days/'.length))
        .filter((day) => day >= since && day <= until)
        .sort();
      const totals = await Promise.all(
        days.map(async (day) => ({
          ...emptyDay(day),
          ...((await store.get(`audience/days/${day}`, { type: 'json', consistency: 'strong' })) as DayTotals),
        })),
      );
      return totals;
    },
    async purge(before, today) {
      await forgetOtherDays(today);
      let removed = 0;
      for (const key of await keysUnder('audience/days/')) {
        if (key.slice('audience/days/'.length) < before) {
          await store.delete(key);
          removed += 1;
        }
      }
      return removed;
    },
  };
}
