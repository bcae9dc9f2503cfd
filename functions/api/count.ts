/**
 * Cloudflare Pages Function for `/api/count`: a thin adapter over the audience counter (src/audience/), which
 * counts into the leads' D1 database (CONTACT_STORE=d1, LEADS_DB). It answers 204 at once; the count is written
 * after the answer (`waitUntil`).
 */
import type { AudienceCounter } from '../../src/audience/counter.ts';
import { cloudflareAudience } from '../../src/audience/cloudflare.ts';
import type { PagesContext } from './contact.ts';

let counter: AudienceCounter | undefined;

export const onRequest = ({ request, env, ...context }: PagesContext): Promise<Response> => {
  counter ??= cloudflareAudience(env);
  return counter.handle(request, { address: request.headers.get('CF-Connecting-IP') ?? undefined }, (work) =>
    context.waitUntil?.(work),
  );
};
