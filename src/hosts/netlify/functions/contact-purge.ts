/**
 * Netlify Scheduled Function: once a day, deletes the leads past the retention period of the GDPR notice from
 * the Netlify Blobs store (CONTACT_STORE=blobs), and the audience's totals past theirs with the salts of past
 * days (src/api/audience/), and logs how many (src/api/contact/purge.ts). On the way it sets the store's index of leads to
 * notify right (src/hosts/netlify/blobs-store.ts): a lead left with no state gets its marker back, so that a pass sends
 * it, and keys naming a lead no longer stored go; each repair is logged. A function of its
 * own, on a daily schedule, rather than a step of ./contact-notify.ts: that one runs every minute, on instances
 * that keep no memory of the last purge from one run to the next.
 */
import { hostAudienceCounter } from '../../../api/audience/counter.ts';
import { dailyPurge } from '../../../api/contact/purge.ts';
import { openBlobsStore } from '../store.ts';

export default async function contactPurge(): Promise<Response> {
  const stores = openBlobsStore(process.env);
  const store = stores.leads;
  if (store && 'problem' in store) console.error(store.problem);
  if (store && 'leads' in store) {
    const { purge } = hostAudienceCounter(stores, { env: process.env });
    await dailyPurge({ store: store.leads, alsoPurge: purge, log: console.log, logError: console.error })();
  }
  return new Response(null, { status: 204 });
}
