/** A spam lead's reasons (./weights.ts) in the operator's words (./lines.ts). */
import { spamLines } from './lines.ts';

/** Joined by commas; a reason unknown to this version (stored by a later one) is shown as stored. */
export function spamReasonsText(reasons: readonly string[]): string {
  const names: Readonly<Record<string, string>> = spamLines.reasons;
  return reasons.map((reason) => (Object.hasOwn(names, reason) ? names[reason] : reason)).join(', ');
}
