/**
 * Dates as French readers write them. Shared by the pre-rendered pages and the site script, so the
 * build and the visitor's browser write the same text. Always in Paris time: without a time zone the
 * build machine and the browser can disagree by a day.
 * The browser never makes an `Intl.DateTimeFormat` (its first one, time zone data and locale, is a long task on a
 * slow phone): the day in Paris is worked out, and the month names come with the page (frenchMonths).
 */
const oneHour = 3_600_000;

/** The last Sunday of a month, at 01:00 UTC: when the EU changes its clocks (Directive 2000/84/EC, art. 2 and 3). */
function lastSundayOneUtc(year: number, month: number): number {
  const lastDay = new Date(Date.UTC(year, month + 1, 0));
  return Date.UTC(year, month, lastDay.getUTCDate() - lastDay.getUTCDay(), 1);
}

/**
 * The calendar day in Paris of an instant, as `2026-03-01`: UTC+2 from the last Sunday of March to the last
 * Sunday of October, UTC+1 otherwise. Worked out rather than asked of `Intl`, whose first time-zone formatter
 * costs a page a long task on a slow phone (tests/unit/french-date.test.ts holds it to Intl's answer, hour by hour).
 */
export function parisDay(date: Date): string {
  const time = date.getTime();
  const year = date.getUTCFullYear();
  const summer = time >= lastSundayOneUtc(year, 2) && time < lastSundayOneUtc(year, 9);
  return new Date(time + (summer ? 2 : 1) * oneHour).toISOString().slice(0, 10);
}

/** The French names of the months, from Intl: written into the page at build, so the browser needs no Intl. */
export function frenchMonths(): string[] {
  const month = new Intl.DateTimeFormat('fr-FR', { month: 'long', timeZone: 'UTC' });
  return Array.from({ length: 12 }, (_, index) => month.format(new Date(Date.UTC(2026, index, 15))));
}

let builtMonths: string[] | undefined;

/**
 * `2026-03-01` → « 1er mars 2026 » (French usage writes the first of the month as an ordinal), as Intl writes
 * it, with the names of `months`: the page's in the browser, Intl's at build.
 */
export function frenchLongDate(day: string, months?: readonly string[]): string {
  builtMonths ??= months ? undefined : frenchMonths();
  const names = months ?? builtMonths ?? [];
  const [year, month, date] = day.split('-').map(Number) as [number, number, number];
  return `${date === 1 ? '1er' : date} ${names[month - 1]} ${year}`;
}

/**
 * The year in Paris of an instant (31 December 23:30 UTC is already the next year in Paris). The year
 * turns in winter, when Paris is at UTC+1, so no time zone data is needed (every page shows the year).
 */
export function parisYear(date: Date): string {
  return String(new Date(date.getTime() + oneHour).getUTCFullYear());
}

// Made on first use, like the date formatters: the site script imports this module, and a formatter made at
// load would fetch the French locale data on every page for a function only the build calls.
let years: Intl.NumberFormat | undefined;

/**
 * `3` → « 3 ans », `1` → « 1 an »: a duration as the GDPR notice writes it, with the no-break space (U+00A0)
 * French puts between a number and its unit (Intl writes an ordinary space, which may break the line there).
 */
let days: Intl.NumberFormat | undefined;

/** `30` → « 30 jours », with the no-break space, like `frenchYears`. */
export function frenchDays(count: number): string {
  days ??= new Intl.NumberFormat('fr-FR', { style: 'unit', unit: 'day', unitDisplay: 'long' });
  return days.format(count).replace(/ /g, '\u00a0');
}

export function frenchYears(count: number): string {
  years ??= new Intl.NumberFormat('fr-FR', { style: 'unit', unit: 'year', unitDisplay: 'long' });
  return years.format(count).replace(/ /g, '\u00a0');
}
