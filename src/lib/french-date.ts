/**
 * Dates as French readers write them. Shared by the pre-rendered pages and the site script, so the
 * build and the visitor's browser write the same text. Always in Paris time: without a time zone the
 * build machine and the browser can disagree by a day.
 */
const siteTimeZone = 'Europe/Paris';

const longDate = new Intl.DateTimeFormat('fr-FR', {
  day: 'numeric',
  month: 'long',
  year: 'numeric',
  timeZone: siteTimeZone,
});

// en-CA writes YYYY-MM-DD: the machine-readable value of <time datetime>.
const isoDay = new Intl.DateTimeFormat('en-CA', { timeZone: siteTimeZone });

/** The calendar day in Paris of an instant, as `2026-03-01`. */
export function parisDay(date: Date): string {
  return isoDay.format(date);
}

/** `2026-03-01` → « 1er mars 2026 » (French usage writes the first of the month as an ordinal). */
export function frenchLongDate(day: string): string {
  // Noon UTC is the same calendar day in Paris all year round.
  const parts = longDate.formatToParts(new Date(`${day}T12:00:00Z`));
  return parts.map((part) => (part.type === 'day' && part.value === '1' ? '1er' : part.value)).join('');
}

/** The year in Paris of an instant (31 December 23:30 UTC is already the next year in Paris). */
export function parisYear(date: Date): string {
  return parisDay(date).slice(0, 4);
}

const years = new Intl.NumberFormat('fr-FR', { style: 'unit', unit: 'year', unitDisplay: 'long' });

/** `3` → « 3 ans », `1` → « 1 an »: a duration as the GDPR notice writes it. */
export function frenchYears(count: number): string {
  return years.format(count);
}
