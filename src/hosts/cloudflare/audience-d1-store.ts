/**
 * The audience store on Cloudflare: tables `audience_*` of the audience's own D1 database, bound as AUDIENCE_DB
 * (src/hosts/cloudflare/migrations-audience/), through the same `SqlRunner` as the lead store, so the Pages Function writes it through
 * its binding and `npm run stats -- --local|--remote` reads it through wrangler. Totals are added with upserts
 * (`count + n`), so concurrent isolates never lose a view; a visitor's first two views arriving at the same
 * instant could be counted as two visitors, which a day's beacons, one per page, practically never do.
 * The day's caps are read before anything is written (a few rows read), so a refused view writes nothing: the
 * free plan counts rows written per account, the leads' database included. The day's distinct referrer hosts
 * are kept as the total `referrerHosts`, so the cap costs one row read, not one per host. Contact intents are rows
 * of kind `intent` (key: the way to reach us) in the same table: no migration was needed for them.
 */
import type { SqlRunner } from './d1-store.ts';
import {
  type AudienceStore,
  applyView,
  type Day,
  type DayTotals,
  emptyDay,
  intentsKey,
  isContactIntentKind,
  newSalt,
  otherReferrers,
  refusedByDay,
} from '../../api/store/audience-store.ts';

const totalKeys = ['visitors', 'pageviews', 'reachedContact', 'leads'] as const;
/** The total of the day's distinct referrer hosts, for the cap (not a figure of the report). */
const referrerHosts = 'referrerHosts';
const kindOf = { pages: 'page', referrers: 'referrer', contactFrom: 'from' } as const;
const number = (value: unknown) => (typeof value === 'number' ? value : Number(value) || 0);
const text = (value: unknown) => (typeof value === 'string' ? value : '');

/** Adds `increments` (kind, key, n) to a day's totals in one statement. */
async function add(run: SqlRunner, day: Day, increments: [string, string, number][]): Promise<void> {
  if (increments.length === 0) return;
  const rows = increments.map((_, index) => `(?1, ?${index * 3 + 2}, ?${index * 3 + 3}, ?${index * 3 + 4})`);
  await run(
    `INSERT INTO audience_days (day, kind, key, count) VALUES ${rows.join(', ')} ON CONFLICT (day, kind, key) DO UPDATE SET count = count + excluded.count`,
    [day, ...increments.flatMap(([kind, key, count]) => [kind, key, String(count)])],
  );
}

export function d1AudienceStore(run: SqlRunner): AudienceStore {
  return {
    async salt(day) {
      const made = await run('INSERT INTO audience_salts (day, salt) VALUES (?1, ?2) ON CONFLICT (day) DO NOTHING RETURNING day', [
        day,
        newSalt(),
      ]);
      if (made.length > 0) {
        // A new day: the salts and hashes of the days before go.
        await run('DELETE FROM audience_salts WHERE day <> ?1', [day]);
        await run('DELETE FROM audience_today WHERE day <> ?1', [day]);
      }
      const [row] = await run('SELECT salt FROM audience_salts WHERE day = ?1', [day]);
      return text(row?.salt);
    },
    async addView(view, bounds) {
      const totalsRows = await run("SELECT key, count FROM audience_days WHERE day = ?1 AND kind = 'total'", [view.day]);
      const dayTotals = Object.fromEntries(totalsRows.map((row) => [text(row.key), number(row.count)]));
      const [row] = await run('SELECT views, last, contact FROM audience_today WHERE day = ?1 AND id = ?2', [view.day, view.visitor]);
      const known = row
        ? { views: number(row.views), last: text(row.last) || undefined, contact: number(row.contact) === 1 }
        : undefined;
      const day = { pageviews: dayTotals.pageviews ?? 0, visitors: dayTotals.visitors ?? 0 };
      if (refusedByDay(day, !known, bounds) || (known && known.views >= bounds.viewsPerVisitor)) return false;
      // The referrer's key: the host while the day has room for one more, `*` past the cap.
      let referrer = view.referrer;
      let newHost = false;
      if (referrer) {
        const [seen] = await run("SELECT 1 AS seen FROM audience_days WHERE day = ?1 AND kind = 'referrer' AND key = ?2", [
          view.day,
          referrer,
        ]);
        if (!seen) {
          if ((dayTotals[referrerHosts] ?? 0) >= bounds.referrersPerDay) referrer = otherReferrers;
          else newHost = true;
        }
      }
      const byAddress = await run(
        'INSERT INTO audience_today (day, id, views) VALUES (?1, ?2, 1) ON CONFLICT (day, id) DO UPDATE SET views = views + 1 WHERE views < ?3 RETURNING views',
        [view.day, `address:${view.address}`, String(bounds.viewsPerAddress)],
      );
      if (byAddress.length === 0) return false;
      const change = emptyDay(view.day);
      // The caps were checked against the day's totals above: the change itself starts from an empty day.
      const state = applyView(change, known, { ...view, ...(referrer ? { referrer } : {}) }, bounds);
      if (!state) return false;
      await run(
        'INSERT INTO audience_today (day, id, views, last, contact) VALUES (?1, ?2, ?3, ?4, ?5) ON CONFLICT (day, id) DO UPDATE SET views = excluded.views, last = excluded.last, contact = excluded.contact',
        [view.day, view.visitor, String(state.views), state.last ?? null, state.contact ? '1' : '0'],
      );
      await add(run, view.day, [
        ...totalKeys.filter((key) => change[key] > 0).map((key): [string, string, number] => ['total', key, change[key]]),
        ...(newHost ? [['total', referrerHosts, 1] as [string, string, number]] : []),
        ...(Object.keys(kindOf) as (keyof typeof kindOf)[]).flatMap((field) =>
          Object.entries(change[field]).map(([key, count]): [string, string, number] => [kindOf[field], key, count]),
        ),
      ]);
      return true;
    },
    async addIntent(intent, bounds) {
      // The day's cap read first: a refused intent writes nothing.
      const [day] = await run("SELECT COALESCE(SUM(count), 0) AS total FROM audience_days WHERE day = ?1 AND kind = 'intent'", [
        intent.day,
      ]);
      if (number(day?.total) >= bounds.intentsPerDay) return false;
      const byAddress = await run(
        'INSERT INTO audience_today (day, id, views) VALUES (?1, ?2, 1) ON CONFLICT (day, id) DO UPDATE SET views = views + 1 WHERE views < ?3 RETURNING views',
        [intent.day, intentsKey(intent.address), String(bounds.intentsPerAddress)],
      );
      if (byAddress.length === 0) return false;
      await add(run, intent.day, [['intent', intent.kind, 1]]);
      return true;
    },
    async addLead(day) {
      await add(run, day, [['total', 'leads', 1]]);
    },
    async days(since, until) {
      const rows = await run('SELECT day, kind, key, count FROM audience_days WHERE day >= ?1 AND day <= ?2 ORDER BY day', [
        since,
        until,
      ]);
      const days = new Map<Day, DayTotals>();
      for (const row of rows) {
        const day = text(row.day);
        const totals = days.get(day) ?? emptyDay(day);
        days.set(day, totals);
        const [kind, key, count] = [text(row.kind), text(row.key), number(row.count)];
        if (kind === 'total' && (totalKeys as readonly string[]).includes(key)) totals[key as (typeof totalKeys)[number]] = count;
        for (const field of Object.keys(kindOf) as (keyof typeof kindOf)[]) {
          if (kind === kindOf[field]) totals[field][key] = count;
        }
        if (kind === 'intent' && isContactIntentKind(key)) totals.intents = { ...totals.intents, [key]: count };
      }
      return [...days.values()];
    },
    async purge(before, today) {
      await run('DELETE FROM audience_salts WHERE day <> ?1', [today]);
      await run('DELETE FROM audience_today WHERE day <> ?1', [today]);
      const gone = await run('DELETE FROM audience_days WHERE day < ?1 RETURNING day', [before]);
      return new Set(gone.map((row) => text(row.day))).size;
    },
  };
}
