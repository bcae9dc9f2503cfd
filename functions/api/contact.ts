/**
 * Cloudflare Pages Function for `/api/contact`: a thin adapter over the receiver (src/receiver/).
 * Settings come from the project's environment variables and secrets (Settings → Variables and
 * Secrets): BREVO_API_KEY, CONTACT_TO, CONTACT_FROM, or CONTACT_WEBHOOK_URL; CONTACT_RATE_LIMIT.
 * There are no local files at the edge: without email or webhook, valid messages get 503 and the
 * contact email, never a false "sent". A Rate Limiting binding named CONTACT_RATE_LIMITER, when one
 * is bound, replaces the in-memory limit (which each isolate keeps on its own). With CONTACT_STORE=d1,
 * each lead is stored in the D1 database bound as LEADS_DB before the answer; the notification, and the
 * retry of those still « à notifier », run after it (`waitUntil`) at every request.
 */
import { contactReceiver } from '../../src/content-data/contact-receiver.ts';
import { bindingRateLimiter, isRateLimitBinding } from '../../src/receiver/rate-limit.ts';
import { createSiteReceiver, type SiteReceiver } from '../../src/receiver/site.ts';
import { d1StoreChoice } from '../../src/receiver/store/d1.ts';
import { cloudflareAudience } from '../../src/audience/cloudflare.ts';

/** The part of Cloudflare's EventContext this function uses. */
export interface PagesContext {
  request: Request;
  env: Readonly<Record<string, unknown>>;
  /** Keeps the isolate running after the answer (absent when a test calls the function directly). */
  waitUntil?(promise: Promise<unknown>): void;
}

// One receiver per isolate: its in-memory rate limit must outlive a request.
let receiver: SiteReceiver | undefined;

function receiverFor(env: PagesContext['env']): SiteReceiver {
  if (!receiver) {
    const binding = env.CONTACT_RATE_LIMITER;
    receiver = createSiteReceiver({
      env,
      rateLimiter: isRateLimitBinding(binding) ? bindingRateLimiter(binding) : undefined,
      store: d1StoreChoice(env),
      // Audience (src/audience/): each stored lead is counted, apart from it.
      onLead: cloudflareAudience(env).countLead,
    });
    for (const problem of receiver.problems) console.error(problem);
    if (receiver.settings.delivery.mode === 'none') console.error(receiver.describe);
    if (!isRateLimitBinding(binding)) console.warn(contactReceiver.console.rateLimitBindingMissing);
  }
  return receiver;
}

// Pages has no schedule: the notification, and those still pending, go out after the answer (waitUntil).
// CF-Connecting-IP is set by Cloudflare's edge itself (a client's own value is replaced): the visitor's address.
const receive = ({ request, env, ...context }: PagesContext): Promise<Response> =>
  receiverFor(env).handle(request, { address: request.headers.get('CF-Connecting-IP') ?? undefined }, (work) =>
    context.waitUntil?.(work),
  );

export const onRequestPost = receive;
/** Any other method: the receiver answers 405 with `Allow: POST`. */
export const onRequest = receive;
