/**
 * The inbox an address reaches, as far as the big providers tell: lower case, the `+tag` of a sub-address dropped
 * (most providers deliver `victim+1@…` to `victim@…`; where one does not, two addresses only count as one), Gmail's
 * dots dropped, `googlemail.com` as `gmail.com`. The acknowledgement's caps (./acknowledgement.ts) and the spam
 * filter's memory of resent texts (./spam/repeats.ts) count inboxes, not spellings.
 */

/** Domains that are one provider's, written as its main one. */
const sameProvider: Readonly<Record<string, string>> = { 'googlemail.com': 'gmail.com' };
/** Providers that ignore the dots of an address's local part: `v.ictim@gmail.com` is `victim@gmail.com`. */
const dotsIgnored = new Set(['gmail.com']);

export function sameInbox(email: string): string {
  const address = email.trim().toLowerCase();
  const at = address.lastIndexOf('@');
  if (at < 0) return address;
  const domain = sameProvider[address.slice(at + 1)] ?? address.slice(at + 1);
  let local = address.slice(0, at).split('+')[0] ?? '';
  if (dotsIgnored.has(domain)) local = local.replaceAll('.', '');
  return `${local}@${domain}`;
}
