/**
 * The audience counting's one setting and its fixed bounds. `AUDIENCE=off` switches it off: read at build time
 * (no beacon, no `<noscript>` image, the GDPR notice says nothing is counted) and at run time by the endpoint and
 * the receiver (nothing is added). Anything else, or nothing, means on.
 */
import type { Bounds } from './audience-store.ts';

export const countPath = '/api/count';

/** The name of the objection's cookie: set only for a visitor who objects, sent only to the count endpoint. */
export const objectionCookie = 'ne-pas-compter';
/** CNIL: a tracker lives at most 13 months (here: 396 days). */
export const objectionMaxAgeSeconds = 396 * 24 * 3600;

export const bounds: Bounds = { viewsPerVisitor: 200, viewsPerAddress: 1000 };

type Env = Readonly<Record<string, unknown>>;

export function audienceEnabled(env: Env): boolean {
  const value = env.AUDIENCE;
  return !(typeof value === 'string' && ['off', 'false', '0', 'non'].includes(value.trim().toLowerCase()));
}
