/**
 * Where each host keeps the audience's counts, and their fixed bounds. The setting itself, `AUDIENCE` (on unless
 * 0, off, non, false), is read with the others (./settings.ts): at build time (no beacon, no `<noscript>` image,
 * the GDPR notice says nothing is counted) and at run time (nothing is added).
 * The counts never share a store with the leads (issue 37): a flood of views, a full disk or a used-up quota
 * there must never refuse a lead.
 */
import type { Bounds } from '../api/store/audience-store.ts';

export const countPath = '/api/count';

/** The name of the objection's cookie: set only for a visitor who objects, sent only to the count endpoint. */
export const objectionCookie = 'ne-pas-compter';
/** CNIL: a tracker lives at most 13 months (here: 396 days). */
export const objectionMaxAgeSeconds = 396 * 24 * 3600;

/**
 * Per visitor, per client (an IPv4 address or an IPv6 /64, as the receiver's rate limit keys it), and per day.
 * The day's caps bound what a flood can write: on Cloudflare's free plan the rows written a day are counted per
 * account, leads' database included, so about ten rows per view times 5,000 views stays well under its 100,000.
 */
export const bounds: Bounds = {
  viewsPerVisitor: 200,
  viewsPerAddress: 1000,
  viewsPerDay: 5000,
  visitorsPerDay: 2000,
  referrersPerDay: 100,
  intentsPerAddress: 20,
  intentsPerDay: 1000,
};

/** Node (`npm start`): the counts of the day are written at most this often, and when the server stops. */
export const flushEveryMs = 5000;
/** Node: counts started and not yet applied; past this, a count is dropped, and the drop is counted. */
export const maxWaitingCounts = 1000;

/** Cloudflare: the binding of the audience's own D1 database (wrangler.toml, schema in src/hosts/cloudflare/migrations-audience/). */
export const audienceBinding = 'AUDIENCE_DB';
/** Netlify: the audience's own Netlify Blobs store. */
export const audienceBlobsStoreName = 'audience';
