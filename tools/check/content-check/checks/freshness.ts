/**
 * Public figures of the data files carry the day they were checked at their source (`verifieLe`, in
 * content/tarifs.json and any other file): `npm run check` warns about each one checked more than 12 months
 * ago. A warning, not an error: the figure may still be right, but someone has to look again.
 */
import { existsSync } from 'node:fs';
import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { frenchLongDate, parisDay } from '../../../../src/content/french-date.ts';
import { freshnessMessages } from '../../../../src/content/schema/messages.ts';
import { type DataFile, readDataFile } from './data-files.ts';
import { jsonStrings } from './typography.ts';

/** The field every dated figure names its check day with. */
const checkedField = 'verifieLe';
const months = 12;

/** The day `months` months before `today` (`2026-11-27` → `2025-11-27`); the 29th of February falls back to the 28th. */
function monthsBefore(today: string, count: number): string {
  const [year = 0, month = 1, day = 1] = today.split('-').map(Number);
  const total = year * 12 + (month - 1) - count;
  const y = Math.floor(total / 12);
  const m = (total % 12) + 1;
  const lastDay = new Date(Date.UTC(y, m, 0)).getUTCDate();
  return `${y}-${String(m).padStart(2, '0')}-${String(Math.min(day, lastDay)).padStart(2, '0')}`;
}

/** The warnings for one data file, `today` being a day `AAAA-MM-JJ`. */
export function staleDatesIn(file: Pick<DataFile, 'relative' | 'text' | 'tree'>, today: string): string[] {
  const limit = monthsBefore(today, months);
  return jsonStrings(file.tree).flatMap(({ field, value, offset }) => {
    if (field.split('.').at(-1) !== checkedField || !/^\d{4}-\d{2}-\d{2}$/.test(value) || value >= limit) return [];
    const line = file.text.slice(0, offset).split('\n').length;
    return [`${file.relative}:${line} → ${freshnessMessages.stale(field, frenchLongDate(value), months)}`];
  });
}

/** Every dated figure of content/*.json checked more than 12 months before `now`. */
export async function checkFreshness(root: string, now: Date = new Date()): Promise<string[]> {
  const dir = path.join(root, 'content');
  if (!existsSync(dir)) return [];
  const names = (await readdir(dir)).filter((name) => name.endsWith('.json')).sort();
  const today = parisDay(now);
  const warnings: string[] = [];
  for (const name of names) {
    const file = await readDataFile(root, name);
    if (file && !('problem' in file)) warnings.push(...staleDatesIn(file, today));
  }
  return warnings;
}
