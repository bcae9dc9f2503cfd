/**
 * Netlify Function for `/api/count`: a thin adapter over the audience counter (src/api/audience/), which counts into
 * the audience's own Netlify Blobs store, `audience` (never the leads' store), for a site whose leads are in Blobs
 * (CONTACT_STORE=blobs). It answers 204 at once; the count is written after the answer (`waitUntil`).
 */
import { type AudienceCounter, hostAudienceCounter } from '../../../api/audience/counter.ts';
import { openBlobsStore } from '../store.ts';
import type { NetlifyContext } from './contact.ts';

let counter: AudienceCounter | undefined;

export default async function count(request: Request, context: NetlifyContext): Promise<Response> {
  counter ??= hostAudienceCounter(openBlobsStore(process.env), { env: process.env });
  return counter.handle(request, { address: context.ip }, (work) => context.waitUntil?.(work));
}
