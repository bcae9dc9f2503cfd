/**
 * Dates as French readers write them. Shared by the pre-rendered pages and the site script, so the
 * build and the visitor's browser write the same text. Always in Paris time: without a time zone the
 * build machine and the browser can disagree by a day.
 * The formatters are made on first use: the first `Intl.DateTimeFormat` of a page loads the browser's
 * time zone data, a long task on a slow phone, which only the page that shows a date should pay for.
 */
const siteTimeZone = 'Europe/Paris';

let longDate: Intl.DateTimeFormat | undefined;
let isoDay: Intl.DateTimeFormat | undefined;

/** The calendar day in Paris of an instant, as `2026-03-01`. */
export function parisDay(date: Date): string {
  // en-CA writes YYYY-MM-DD: the machine-readable value of <time datetime>.
  isoDay ??= new Intl.DateTimeFormat('en-CA', { timeZone: siteTimeZone });
  return isoDay.format(date);
}

/** `2026-03-01` → « 1er mars 2026 » (French usage writes the first of the month as an ordinal). */
export function frenchLongDate(day: string): string {
  longDate ??= new Intl.DateTimeFormat('fr-FR', { day: 'numeric', month: 'long', year: 'numeric', timeZone: siteTimeZone });
  // Noon UTC is the same calendar day in Paris all year round.
  const parts = longDate.formatToParts(new Date(`${day}T12:00:00Z`));
  return parts.map((part) => (part.type === 'day' && part.value === '1' ? '1er' : part.value)).join('');
}

const oneHour = 3_600_000;

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
