/**
 * /contact?propfirm=<name>, the link of a row of the propfirm table: the message starts by naming that propfirm.
 * Only a propfirm of the table is named, in its own spelling, so a link cannot write anything else in the visitor's
 * message.
 */
export function propfirmPrefill(search: string, propfirms: readonly string[], template: string): string | undefined {
  const asked = new URLSearchParams(search).get('propfirm')?.trim().toLowerCase();
  if (!asked) return undefined;
  const name = propfirms.find((propfirm) => propfirm.toLowerCase() === asked);
  return name === undefined ? undefined : template.replaceAll('{propfirm}', name);
}
