/** A spam lead's reasons (./weights.ts) in the operator's words, from content/contact-receiver.json (`spam.reasons`). */
import { contactReceiver } from '../../../content/data/contact-receiver.ts';

/** Joined by commas; a reason unknown to this version (stored by a later one) is shown as stored. */
export function spamReasonsText(reasons: readonly string[]): string {
  const names: Readonly<Record<string, string>> = contactReceiver.spam.reasons;
  return reasons.map((reason) => (Object.hasOwn(names, reason) ? names[reason] : reason)).join(', ');
}
