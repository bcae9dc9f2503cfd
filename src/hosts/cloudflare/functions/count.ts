/**
 * Cloudflare Pages Function for `/api/count`: a thin adapter over the audience counter (src/api/audience/), which
 * counts into the audience's own D1 database (AUDIENCE_DB, never the leads' LEADS_DB). It answers 204 at once;
 * the count is written after the answer (`waitUntil`), and so are the gated retry pass of the leads still
 * « à notifier » and the daily purge (./contact.ts, `startFollowUps`): Pages has no schedule, and a visit is
 * reason enough to run them.
 */
import { type AudienceCounter, hostAudienceCounter } from '../../../api/audience/counter.ts';
import { hostStoreOf, type PagesContext, startFollowUps } from './contact.ts';

let counter: AudienceCounter | undefined;

export const onRequest = async ({ request, env, ...context }: PagesContext): Promise<Response> => {
  counter ??= hostAudienceCounter(hostStoreOf(env), { env });
  const answer = await counter.handle(request, { address: request.headers.get('CF-Connecting-IP') ?? undefined }, (work) =>
    context.waitUntil?.(work),
  );
  try {
    startFollowUps({ env, ...context });
  } catch (error) {
    // The receiver's settings are the leads' business: whatever they say, the count's answer stands.
    console.error(error instanceof Error ? error.message : String(error));
  }
  return answer;
};
