/**
 * The audience store of the Node server and of `npm run stats` on a folder: AUDIENCE_DIR (default audience/,
 * never inside LEADS_DIR; private like the leads: 0700, 0600). `days/<day>.json` holds a day's totals;
 * `today/<day>.salt` and `today/<day>.visitors.json` (the day's salt and the hashes made with it) exist during
 * that day only. Each file is replaced whole (written aside, then renamed), so a reader never sees half a file.
 * - `filesAudienceStore`: each operation reads and writes the files, one at a time (`npm run stats`, tests).
 * - `bufferedFilesAudienceStore`: the server's. The day's counts live in memory and are written at most every
 *   few seconds and when the server stops (`flush`), so a flood of counts costs memory bounded by the day's caps,
 *   never a queue of file writes.
 */
import { mkdir, open, readdir, readFile, rename, rm } from 'node:fs/promises';
import path from 'node:path';
import * as v from 'valibot';
import {
  type AudienceStore,
  applyIntent,
  applyView,
  type Bounds,
  type Day,
  type DayTotals,
  emptyDay,
  type Intent,
  intentsKey,
  newSalt,
  type View,
  type VisitorState,
} from '../../api/store/audience-store.ts';

const counts = v.record(v.string(), v.number());
const totalsSchema = v.object({
  day: v.string(),
  visitors: v.number(),
  pageviews: v.number(),
  pages: counts,
  referrers: counts,
  reachedContact: v.number(),
  contactFrom: counts,
  leads: v.number(),
  dropped: v.optional(v.number()),
  intents: v.optional(counts),
});
const visitorsSchema = v.record(
  v.string(),
  v.object({ views: v.number(), last: v.optional(v.string()), contact: v.optional(v.boolean()) }),
);

const dayPattern = /^\d{4}-\d{2}-\d{2}$/;
const isMissing = (error: unknown) => (error as NodeJS.ErrnoException).code === 'ENOENT';

/** The files of one folder, and the operations both stores share. */
function audienceFiles(root: string) {
  const daysDir = path.join(root, 'days');
  const todayDir = path.join(root, 'today');
  const dayFile = (day: Day) => path.join(daysDir, `${day}.json`);
  const saltFile = (day: Day) => path.join(todayDir, `${day}.salt`);
  const visitorsFile = (day: Day) => path.join(todayDir, `${day}.visitors.json`);

  const readText = (file: string) =>
    readFile(file, 'utf8').catch((error: unknown) => (isMissing(error) ? undefined : Promise.reject(error)));

  async function readJson<S extends v.GenericSchema>(file: string, schema: S): Promise<v.InferOutput<S> | undefined> {
    const text = await readText(file);
    if (text === undefined) return undefined;
    const parsed = v.safeParse(schema, JSON.parse(text));
    return parsed.success ? parsed.output : undefined;
  }

  async function write(file: string, text: string): Promise<void> {
    await mkdir(path.dirname(file), { recursive: true, mode: 0o700 });
    const temporary = `${file}.${crypto.randomUUID()}.tmp`;
    const handle = await open(temporary, 'wx', 0o600);
    try {
      await handle.writeFile(text);
      await handle.sync();
    } finally {
      await handle.close();
    }
    await rename(temporary, file);
  }

  const names = (folder: string) => readdir(folder).catch((error: unknown) => (isMissing(error) ? [] : Promise.reject(error)));

  /** Deletes every salt and hash file of a day other than `today`. */
  async function forgetOtherDays(today: Day): Promise<void> {
    for (const name of await names(todayDir)) {
      if (!name.startsWith(`${today}.`)) await rm(path.join(todayDir, name), { force: true });
    }
  }

  return {
    totals: async (day: Day): Promise<DayTotals> => (await readJson(dayFile(day), totalsSchema)) ?? emptyDay(day),
    visitors: async (day: Day): Promise<Record<string, VisitorState>> => (await readJson(visitorsFile(day), visitorsSchema)) ?? {},
    writeTotals: (totals: DayTotals) => write(dayFile(totals.day), `${JSON.stringify(totals)}\n`),
    writeVisitors: (day: Day, visitors: Record<string, VisitorState>) => write(visitorsFile(day), JSON.stringify(visitors)),
    /** The day's salt, made and written on first use (the salts and hashes of other days go then). */
    async salt(day: Day): Promise<string> {
      const known = (await readText(saltFile(day)))?.trim();
      if (known) return known;
      await forgetOtherDays(day);
      const salt = newSalt();
      await write(saltFile(day), salt);
      return salt;
    },
    async days(since: Day, until: Day): Promise<Day[]> {
      return (await names(daysDir))
        .filter((name) => name.endsWith('.json'))
        .map((name) => name.slice(0, -'.json'.length))
        .filter((day) => dayPattern.test(day) && day >= since && day <= until)
        .sort();
    },
    async purge(before: Day, today: Day): Promise<number> {
      await forgetOtherDays(today);
      let removed = 0;
      for (const name of await names(daysDir)) {
        const day = name.slice(0, 10);
        if (dayPattern.test(day) && day < before) {
          await rm(path.join(daysDir, name), { force: true });
          removed += 1;
        }
      }
      return removed;
    },
  };
}

/** One operation at a time: each reads then replaces whole files. */
function serialQueue() {
  let queue: Promise<unknown> = Promise.resolve();
  return <T>(work: () => Promise<T>): Promise<T> => {
    const next = queue.then(work, work);
    queue = next.catch(() => undefined);
    return next;
  };
}

/** Applies a view to a day's totals and hashes in place; false when a bound refuses it. */
function addTo(totals: DayTotals, visitors: Record<string, VisitorState>, view: View, bounds: Bounds): boolean {
  const addressKey = `address:${view.address}`;
  const byAddress = visitors[addressKey]?.views ?? 0;
  const visitor = visitors[view.visitor];
  if (byAddress >= bounds.viewsPerAddress || (visitor?.views ?? 0) >= bounds.viewsPerVisitor) return false;
  const state = applyView(totals, visitor, view, bounds);
  if (!state) return false;
  visitors[view.visitor] = state;
  visitors[addressKey] = { views: byAddress + 1 };
  return true;
}

/** Applies a contact intent to a day's totals and its client's count in place; false when a bound refuses it. */
function addIntentTo(totals: DayTotals, visitors: Record<string, VisitorState>, intent: Intent, bounds: Bounds): boolean {
  const key = intentsKey(intent.address);
  const byAddress = visitors[key]?.views ?? 0;
  if (!applyIntent(totals, byAddress, intent, bounds)) return false;
  visitors[key] = { views: byAddress + 1 };
  return true;
}

export function filesAudienceStore(dir: string): AudienceStore {
  const files = audienceFiles(dir);
  const serial = serialQueue();
  return {
    salt: (day) => serial(() => files.salt(day)),
    addView: (view, bounds) =>
      serial(async () => {
        const visitors = await files.visitors(view.day);
        const totals = await files.totals(view.day);
        if (!addTo(totals, visitors, view, bounds)) return false;
        // Totals first: a stop between the two writes loses one hash, never a counted view.
        await files.writeTotals(totals);
        await files.writeVisitors(view.day, visitors);
        return true;
      }),
    addIntent: (intent, bounds) =>
      serial(async () => {
        const visitors = await files.visitors(intent.day);
        const totals = await files.totals(intent.day);
        if (!addIntentTo(totals, visitors, intent, bounds)) return false;
        await files.writeTotals(totals);
        await files.writeVisitors(intent.day, visitors);
        return true;
      }),
    addLead: (day) =>
      serial(async () => {
        const totals = await files.totals(day);
        totals.leads += 1;
        await files.writeTotals(totals);
      }),
    async days(since, until) {
      return Promise.all((await files.days(since, until)).map(files.totals));
    },
    purge: (before, today) => serial(() => files.purge(before, today)),
  };
}

/** The server's store: the buffered one, and how to write what it holds now. */
export interface BufferedAudienceStore extends AudienceStore {
  addDropped(day: Day): void;
  /** Writes the day's counts now if any changed (the server's stop calls it); a failure is reported, never thrown. */
  flush(): Promise<void>;
}

interface Today {
  day: Day;
  salt: string;
  totals: DayTotals;
  visitors: Record<string, VisitorState>;
}

/**
 * The Node server's store: the current day's salt, totals and hashes are read once, then held in memory; a view
 * or a lead changes them there and asks for a write, which happens `flushEveryMs` after the first change
 * (never more often), or at `flush()`. Reading a day (`days`) or purging writes the day first. A write that fails
 * is reported and tried again with the next one: the counts stay in memory meanwhile.
 */
export function bufferedFilesAudienceStore(
  dir: string,
  { flushEveryMs, logError }: { flushEveryMs: number; logError: (error: unknown) => void },
): BufferedAudienceStore {
  const files = audienceFiles(dir);
  const serial = serialQueue();
  let today: Today | undefined;
  let loading: Promise<Today> | undefined;
  let dirty = false;
  let timer: NodeJS.Timeout | undefined;
  /** Drops of a day not yet in memory (its first counts, while it loads): added to it once loaded. */
  const droppedAhead = new Map<Day, number>();

  /** Writes what changed; the snapshot is taken at once, so changes made during the write wait for the next one. */
  const write = () =>
    serial(async () => {
      if (!dirty || !today) return;
      dirty = false;
      const { day, totals, visitors } = today;
      const totalsText = {
        ...totals,
        pages: { ...totals.pages },
        referrers: { ...totals.referrers },
        contactFrom: { ...totals.contactFrom },
        ...(totals.intents ? { intents: { ...totals.intents } } : {}),
      };
      const visitorsCopy = { ...visitors };
      try {
        await files.writeTotals(totalsText);
        await files.writeVisitors(day, visitorsCopy);
      } catch (error) {
        dirty = true;
        throw error;
      }
    });

  function changed(): void {
    dirty = true;
    timer ??= setTimeout(() => {
      timer = undefined;
      write().catch(logError);
    }, flushEveryMs).unref();
  }

  /** The state of `day`: the one in memory, or read once (the previous day written first). */
  function dayState(day: Day): Today | Promise<Today> {
    if (today?.day === day) return today;
    if (loading) return loading.then(() => dayState(day));
    loading = (async () => {
      try {
        if (today) await write();
        const salt = await serial(() => files.salt(day));
        const [totals, visitors] = await Promise.all([files.totals(day), files.visitors(day)]);
        const ahead = droppedAhead.get(day);
        droppedAhead.clear();
        if (ahead) {
          totals.dropped = (totals.dropped ?? 0) + ahead;
          dirty = true;
        }
        today = { day, salt, totals, visitors };
        if (ahead) changed();
        return today;
      } finally {
        loading = undefined;
      }
    })();
    return loading;
  }

  return {
    async salt(day) {
      return (await dayState(day)).salt;
    },
    async addView(view, bounds) {
      const state = await dayState(view.day);
      if (!addTo(state.totals, state.visitors, view, bounds)) return false;
      changed();
      return true;
    },
    async addIntent(intent, bounds) {
      const state = await dayState(intent.day);
      if (!addIntentTo(state.totals, state.visitors, intent, bounds)) return false;
      changed();
      return true;
    },
    async addLead(day) {
      const state = await dayState(day);
      state.totals.leads += 1;
      changed();
    },
    addDropped(day) {
      if (today?.day !== day) {
        droppedAhead.set(day, (droppedAhead.get(day) ?? 0) + 1);
        return;
      }
      today.totals.dropped = (today.totals.dropped ?? 0) + 1;
      changed();
    },
    async days(since, until) {
      await write();
      return Promise.all((await files.days(since, until)).map(files.totals));
    },
    async purge(before, todayDay) {
      await write();
      if (today && today.day !== todayDay) today = undefined;
      return serial(() => files.purge(before, todayDay));
    },
    flush: () => {
      clearTimeout(timer);
      timer = undefined;
      return write().catch(logError);
    },
  };
}
