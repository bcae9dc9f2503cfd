/**
 * Netlify Scheduled Function: every minute, sends the notifications of the leads « à notifier » whose next
 * attempt is due in the Netlify Blobs store (CONTACT_STORE=blobs), even when no visitor writes meanwhile: one
 * batch per run, within a budget under the function's 30 seconds (src/api/contact/notify.ts). Same settings as
 * ./contact.ts; the store's claims keep it from sending a lead that function is sending.
 */
import { createSiteReceiver } from '../../../api/contact/site-receiver.ts';
import { openBlobsStore } from '../store.ts';

export default async function contactNotify(): Promise<Response> {
  const receiver = createSiteReceiver({ env: process.env, store: openBlobsStore(process.env).leads });
  for (const problem of receiver.problems) console.error(problem);
  await receiver.retryPending?.();
  return new Response(null, { status: 204 });
}
