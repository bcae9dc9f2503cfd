/**
 * The value a test has just found, or a failure that says what was missing: what a non-null assertion (`!`)
 * would hide behind a TypeError further down.
 */
export function present<T>(value: T | null | undefined, what: string): T {
  if (value === null || value === undefined) throw new Error(`missing: ${what}`);
  return value;
}
