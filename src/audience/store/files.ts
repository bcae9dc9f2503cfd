/**
 * The audience store of the Node server and of `npm run stats` on a folder: LEADS_DIR/audience/ (private like
 * the leads: 0700, 0600). `days/<day>.json` holds a day's totals; `today/<day>.salt` and
 * `today/<day>.visitors.json` (the day's salt and the hashes made with it) exist during that day only. One
 * server process writes the folder: its operations run one at a time, each file replaced whole (written
 * aside, then renamed), so a reader never sees half a file and a stop loses nothing already answered.
 */
import { mkdir, open, readdir, readFile, rename, rm } from 'node:fs/promises';
import path from 'node:path';
import * as v from 'valibot';
import { type AudienceStore, applyView, type Day, type DayTotals, emptyDay, newSalt, type VisitorState } from '../audience-store.ts';

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
});
const visitorsSchema = v.record(
  v.string(),
  v.object({ views: v.number(), last: v.optional(v.string()), contact: v.optional(v.boolean()) }),
);

const dayPattern = /^\d{4}-\d{2}-\d{2}$/;
const isMissing = (error: unknown) => (error as NodeJS.ErrnoException).code === 'ENOENT';

const audienceFolder = (leadsDir: string) => path.join(leadsDir, 'audience');

export function filesAudienceStore(leadsDir: string): AudienceStore {
  const root = audienceFolder(leadsDir);
  const daysDir = path.join(root, 'days');
  const todayDir = path.join(root, 'today');
  const dayFile = (day: Day) => path.join(daysDir, `${day}.json`);
  const saltFile = (day: Day) => path.join(todayDir, `${day}.salt`);
  const visitorsFile = (day: Day) => path.join(todayDir, `${day}.visitors.json`);

  let queue: Promise<unknown> = Promise.resolve();
  /** One operation at a time: each reads then replaces whole files. */
  function serial<T>(work: () => Promise<T>): Promise<T> {
    const next = queue.then(work, work);
    queue = next.catch(() => undefined);
    return next;
  }

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

  const totalsOf = async (day: Day): Promise<DayTotals> => (await readJson(dayFile(day), totalsSchema)) ?? emptyDay(day);

  return {
    salt: (day) =>
      serial(async () => {
        const known = (await readText(saltFile(day)))?.trim();
        if (known) return known;
        await forgetOtherDays(day);
        const salt = newSalt();
        await write(saltFile(day), salt);
        return salt;
      }),
    addView: (view, bounds) =>
      serial(async () => {
        const visitors: Record<string, VisitorState> = (await readJson(visitorsFile(view.day), visitorsSchema)) ?? {};
        const addressKey = `address:${view.address}`;
        const byAddress = visitors[addressKey]?.views ?? 0;
        const visitor = visitors[view.visitor];
        if (byAddress >= bounds.viewsPerAddress || (visitor?.views ?? 0) >= bounds.viewsPerVisitor) return false;
        const totals = await totalsOf(view.day);
        visitors[view.visitor] = applyView(totals, visitor, view);
        visitors[addressKey] = { views: byAddress + 1 };
        // Totals first: a stop between the two writes loses one hash, never a counted view.
        await write(dayFile(view.day), `${JSON.stringify(totals)}\n`);
        await write(visitorsFile(view.day), JSON.stringify(visitors));
        return true;
      }),
    addLead: (day) =>
      serial(async () => {
        const totals = await totalsOf(day);
        totals.leads += 1;
        await write(dayFile(day), `${JSON.stringify(totals)}\n`);
      }),
    async days(since, until) {
      const days = (await names(daysDir))
        .filter((name) => name.endsWith('.json'))
        .map((name) => name.slice(0, -'.json'.length))
        .filter((day) => dayPattern.test(day) && day >= since && day <= until)
        .sort();
      return Promise.all(days.map(totalsOf));
    },
    purge: (before, today) =>
      serial(async () => {
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
      }),
  };
}
