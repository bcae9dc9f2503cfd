/**
 * Who receives the contact form's messages in a given build, so the GDPR notice (a static page) names
 * exactly those recipients. Read from the build's environment:
 * - no VITE_CONTACT_ENDPOINT: `none`, the spec's simulation (nothing is sent);
 * - an absolute URL: `external`, a third-party form service (`processors.contactDelivery`);
 * - a path such as /api/contact: the site's own receiver, delivering as CONTACT_DELIVERY says (`local`
 *   files, `email` through Brevo, `webhook`), or when unset by the receiver's own rule: the same
 *   `resolveDelivery` drives the receiver at run time (./delivery-settings.ts).
 */
import { type DeliveryMode, type Env, type LeadStoreKind, leadStoreOf, resolveDelivery, settingOf } from './delivery-settings.ts';

export type ContactRecipients = 'none' | 'external' | DeliveryMode;

/** Whether the form posts to the site's own receiver (VITE_CONTACT_ENDPOINT is a path such as /api/contact). */
export const usesSiteReceiver = (env: Env) => settingOf(env, 'VITE_CONTACT_ENDPOINT')?.startsWith('/') === true;

export function contactRecipientsFrom(env: Env): ContactRecipients {
  if (settingOf(env, 'VITE_CONTACT_ENDPOINT') === undefined) return 'none';
  if (!usesSiteReceiver(env)) return 'external';
  // With local files allowed the rule always picks a mode; at build time `local` stands for the files of
  // `npm start` as for a store that notifies nobody.
  return resolveDelivery(env, { localFiles: true }).mode ?? 'local';
}

declare const __CONTACT_RECIPIENTS__: ContactRecipients | undefined;

/** This build's recipients, inlined by vite.config.ts; `none` where nothing defines it (unit tests). */
export const contactRecipients: ContactRecipients = typeof __CONTACT_RECIPIENTS__ === 'string' ? __CONTACT_RECIPIENTS__ : 'none';

/**
 * Where the site's receiver stores every lead before notifying, from CONTACT_STORE (the same setting the
 * hosts read at run time, src/receiver/store/choose.ts): `files` in LEADS_DIR (`npm start`), `d1` (Cloudflare
 * D1), `blobs` (Netlify Blobs). Undefined with a third-party endpoint, in the simulation, or when the
 * setting is not given (the release check then says that nothing is stored).
 */
export function contactStoreFrom(env: Env): LeadStoreKind | undefined {
  return usesSiteReceiver(env) ? leadStoreOf(env) : undefined;
}

declare const __CONTACT_STORE__: LeadStoreKind | null | undefined;

/** This build's lead store, inlined by vite.config.ts; undefined where nothing defines it. */
export const contactStore: LeadStoreKind | undefined = typeof __CONTACT_STORE__ === 'string' ? __CONTACT_STORE__ : undefined;
