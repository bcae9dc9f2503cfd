/**
 * Cloudflare Pages Function for `/api/contact`: a thin adapter over the receiver (src/api/contact/).
 * Settings come from the project's environment variables and secrets (Settings → Variables and
 * Secrets): BREVO_API_KEY, CONTACT_TO, CONTACT_FROM, or CONTACT_WEBHOOK_URL (and CONTACT_WEBHOOK_SECRET); CONTACT_RATE_LIMIT.
 * There are no local files at the edge: without a store (CONTACT_STORE=d1), email or webhook, valid messages get
 * 503 and the contact email, never a false "sent"; with the store alone they are kept, notified to nobody (`local`).
 * A Rate Limiting binding named CONTACT_RATE_LIMITER, when one is bound, replaces the in-memory limit (which
 * each isolate keeps on its own). With CONTACT_STORE=d1,
 * each lead is stored in the D1 database bound as LEADS_DB before the answer; the notification, and the
 * retry of those still « à notifier », run after it (`waitUntil`) at every request, and so does the purge of
 * the leads past the retention period, at most once a day per isolate (src/api/contact/purge.ts).
 */
import { dailyPurge } from '../../../api/contact/purge.ts';
import { bindingRateLimiter, isRateLimitBinding } from '../../../api/contact/rate-limit.ts';
import { createSiteReceiver, type SiteReceiver } from '../../../api/contact/site-receiver.ts';
import { cloudflareLines } from '../lines.ts';
import { hostAudienceCounter } from '../../../api/audience/counter.ts';
import type { HostStore } from '../../../api/store/host-store.ts';
import { openD1Store } from '../store.ts';

/** The part of Cloudflare's EventContext this function uses. */
export interface PagesContext {
  request: Request;
  env: Readonly<Record<string, unknown>>;
  /** Keeps the isolate running after the answer (absent when a test calls the function directly). */
  waitUntil?(promise: Promise<unknown>): void;
}

// The isolate's stores, opened once from its bindings (../store.ts), for this function and ./count.ts.
let host: HostStore | undefined;
export const hostStoreOf = (env: PagesContext['env']): HostStore => (host ??= openD1Store(env));

// One receiver per isolate: its in-memory rate limit must outlive a request. So does the purge's daily gate.
let receiver: SiteReceiver | undefined;
let purge: (() => Promise<void> | undefined) | undefined;

function receiverFor(env: PagesContext['env']): SiteReceiver {
  if (!receiver) {
    const binding = env.CONTACT_RATE_LIMITER;
    const stores = hostStoreOf(env);
    const store = stores.leads;
    const audience = hostAudienceCounter(stores, { env });
    receiver = createSiteReceiver({
      env,
      rateLimiter: isRateLimitBinding(binding) ? bindingRateLimiter(binding) : undefined,
      store,
      // Audience (src/api/audience/): each stored lead is counted, apart from it.
      onLead: audience.countLead,
    });
    if (store && 'leads' in store) {
      purge = dailyPurge({ store: store.leads, alsoPurge: audience.purge, log: console.log, logError: console.error });
    }
    for (const problem of receiver.problems) console.error(problem);
    if (receiver.settings.delivery.mode === 'none') console.error(receiver.describe);
    if (!isRateLimitBinding(binding)) console.warn(cloudflareLines.rateLimitBindingMissing);
  }
  return receiver;
}

// Pages has no schedule: the notification, and those still pending, go out after the answer (waitUntil).
// CF-Connecting-IP is set by Cloudflare's edge itself (a client's own value is replaced): the visitor's address.
// The purge starts once the answer is ready and is never awaited: it never holds up the answer.
async function receive({ request, env, ...context }: PagesContext): Promise<Response> {
  const answer = await receiverFor(env).handle(request, { address: request.headers.get('CF-Connecting-IP') ?? undefined }, (work) =>
    context.waitUntil?.(work),
  );
  const purging = purge?.();
  if (purging) context.waitUntil?.(purging);
  return answer;
}

/**
 * What every request to the site's functions may start after its answer, `/api/count` included, so that a site
 * with visitors never waits for its next lead: the gated retry pass (at most one per 10 s per isolate) and the
 * daily purge. Never awaited: neither holds up an answer.
 */
export function startFollowUps({ env, ...context }: Pick<PagesContext, 'env' | 'waitUntil'>): void {
  const retrying = receiverFor(env).retryIfDue?.();
  if (retrying) context.waitUntil?.(retrying);
  const purging = purge?.();
  if (purging) context.waitUntil?.(purging);
}

export const onRequestPost = receive;
/** Any other method: the receiver answers 405 with `Allow: POST`. */
export const onRequest = receive;
