/**
 * Who receives the contact form's messages in a given build, so the GDPR notice (a static page) names
 * exactly those recipients. Read from the build's environment:
 * - no VITE_CONTACT_ENDPOINT: `none`, the spec's simulation (nothing is sent);
 * - an absolute URL: `external`, a third-party form service (`processors.contactDelivery`);
 * - a path such as /api/contact: the site's own receiver, delivering as CONTACT_DELIVERY says
 *   (`local` files, `email` through Brevo, `webhook`). Unset, it follows the receiver's own rule:
 *   email if BREVO_API_KEY is set, webhook if CONTACT_WEBHOOK_URL is, local files otherwise.
 * The same CONTACT_DELIVERY setting then drives the receiver at run time (src/receiver/settings.ts).
 */
const contactRecipientModes = ['none', 'external', 'local', 'email', 'webhook'] as const;
export type ContactRecipients = (typeof contactRecipientModes)[number];

export function contactRecipientsFrom(env: Readonly<Record<string, string | undefined>>): ContactRecipients {
  const endpoint = env.VITE_CONTACT_ENDPOINT?.trim();
  if (!endpoint) return 'none';
  if (!endpoint.startsWith('/')) return 'external';
  const mode = env.CONTACT_DELIVERY?.trim().toLowerCase();
  if (mode === 'local' || mode === 'email' || mode === 'webhook') return mode;
  return env.BREVO_API_KEY?.trim() ? 'email' : env.CONTACT_WEBHOOK_URL?.trim() ? 'webhook' : 'local';
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
export const leadStoreKinds = ['files', 'd1', 'blobs'] as const;
export type LeadStoreKind = (typeof leadStoreKinds)[number];

export function contactStoreFrom(env: Readonly<Record<string, string | undefined>>): LeadStoreKind | undefined {
  const endpoint = env.VITE_CONTACT_ENDPOINT?.trim();
  if (!endpoint?.startsWith('/')) return undefined;
  const store = env.CONTACT_STORE?.trim().toLowerCase();
  return leadStoreKinds.find((kind) => kind === store);
}

declare const __CONTACT_STORE__: LeadStoreKind | null | undefined;

/** This build's lead store, inlined by vite.config.ts; undefined where nothing defines it. */
export const contactStore: LeadStoreKind | undefined = typeof __CONTACT_STORE__ === 'string' ? __CONTACT_STORE__ : undefined;
