/**
 * Netlify Function for `/api/contact`: a thin adapter over the receiver (src/api/contact/).
 * Settings come from the site's environment variables (Site configuration → Environment variables):
 * BREVO_API_KEY, CONTACT_TO, CONTACT_FROM, or CONTACT_WEBHOOK_URL (and CONTACT_WEBHOOK_SECRET); CONTACT_RATE_LIMIT.
 * Function instances have no lasting disk: without a store (CONTACT_STORE=blobs), email or webhook, valid messages
 * get 503 and the contact email, never a false "sent"; with the store alone they are kept, notified to nobody
 * (`local`). With CONTACT_STORE=blobs, each lead is stored in the site's
 * Netlify Blobs store `leads` before the answer; the notification, and the retry of those still
 * « à notifier », run after it (`waitUntil`); ./contact-notify.ts retries them every minute as well.
 */
import { createSiteReceiver, type SiteReceiver } from '../../../api/contact/site-receiver.ts';
import { hostAudienceCounter } from '../../../api/audience/counter.ts';
import { openBlobsStore } from '../store.ts';

/** The part of Netlify's Context this function uses. */
export interface NetlifyContext {
  ip?: string;
  /** Keeps the instance running after the answer (absent when a test calls the function directly). */
  waitUntil?(promise: Promise<unknown>): void;
}

// One receiver per instance: its in-memory rate limit must outlive a request.
let receiver: SiteReceiver | undefined;

export default async function contact(request: Request, context: NetlifyContext): Promise<Response> {
  if (!receiver) {
    const stores = openBlobsStore(process.env);
    receiver = createSiteReceiver({
      env: process.env,
      store: stores.leads,
      // Audience (src/api/audience/): each stored lead is counted, apart from it.
      onLead: hostAudienceCounter(stores, { env: process.env }).countLead,
    });
    for (const problem of receiver.problems) console.error(problem);
    if (receiver.settings.delivery.mode === 'none') console.error(receiver.describe);
  }
  return receiver.handle(request, { address: context.ip }, (work) => context.waitUntil?.(work));
}
