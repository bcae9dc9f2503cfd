/**
 * The contact form's script measures how long the form took to fill, from its first use to its sending, and
 * posts it as `_elapsed` (milliseconds, `elapsedName` in src/contact/contact-fields.ts) beside the fields: metadata
 * read apart, never stored as a field of the lead. A post without it (the form without JavaScript, a direct
 * client) neither gains nor loses.
 */

/** The measure as posted (a number in JSON, a string in a form), or undefined when absent or not a sane number. */
export function elapsedOf(value: unknown): number | undefined {
  const number =
    typeof value === 'number' ? value : typeof value === 'string' && /^\d{1,10}$/.test(value.trim()) ? Number(value) : Number.NaN;
  return Number.isFinite(number) && number >= 0 ? number : undefined;
}
