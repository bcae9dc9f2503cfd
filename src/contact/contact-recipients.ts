/**
 * Who receives the contact form's messages in a given build, so the GDPR notice (a static page) names
 * exactly those recipients. Read from the build's environment:
 * - no endpoint (`contactEndpointFrom`): `none`, the spec's simulation (nothing is sent);
 * - an absolute URL: `external`, a third-party form service (`processors.contactDelivery`);
 * - a path such as /api/contact: the site's own receiver, delivering as CONTACT_DELIVERY says (`local`
 *   files, `email` through Brevo, `webhook`), or when unset by the receiver's own rule: the same
 *   `resolveDelivery` drives the receiver at run time (./delivery-settings.ts).
 */
import { type DeliveryMode, type Env, leadStoreOf, resolveDelivery, settingOf } from './delivery-settings.ts';
import { type HostBuild, hostBuilds, type LeadStoreKind } from './lead-stores.ts';

/** The site's own receiver, on every host that runs it (`npm start`, Cloudflare Pages, Netlify). */
export const siteReceiverPath = '/api/contact';

/** The host building the site, if it is one that runs the receiver. */
export const hostBuildOf = (env: Env): HostBuild | undefined =>
  hostBuilds.find(({ variable }) => settingOf(env, variable) !== undefined);

/** CONTACT_SIMULATION=1 (any value but 0 or false): this build only simulates the sending, on purpose. */
export const simulationAsked = (env: Env) => !['0', 'false', undefined].includes(settingOf(env, 'CONTACT_SIMULATION')?.toLowerCase());

/**
 * Where this build's form posts; undefined: the spec's simulation (one second, then success). VITE_CONTACT_ENDPOINT
 * when it is set; otherwise the site's receiver on a host that runs it (Cloudflare Pages, Netlify: a plain
 * `npm run build` there must not ship a form that loses every message), unless the build asks for the
 * simulation by name (CONTACT_SIMULATION=1). `npm run dev`, the tests and a plain local build simulate.
 */
export function contactEndpointFrom(env: Env): string | undefined {
  const configured = settingOf(env, 'VITE_CONTACT_ENDPOINT');
  if (configured !== undefined) return configured;
  return hostBuildOf(env) && !simulationAsked(env) ? siteReceiverPath : undefined;
}

export type ContactRecipients = 'none' | 'external' | DeliveryMode;

/** Whether the form posts to the site's own receiver (its endpoint is a path such as /api/contact). */
export const usesSiteReceiver = (env: Env) => contactEndpointFrom(env)?.startsWith('/') === true;

export function contactRecipientsFrom(env: Env): ContactRecipients {
  if (contactEndpointFrom(env) === undefined) return 'none';
  if (!usesSiteReceiver(env)) return 'external';
  // With a lead store the rule always picks a mode; at build time `local` stands for the files of
  // `npm start` as for a store that notifies nobody.
  return resolveDelivery(env, { hasLeadStore: true }).mode ?? 'local';
}

declare const __CONTACT_RECIPIENTS__: ContactRecipients | undefined;

/** This build's recipients, inlined by vite.config.ts; `none` where nothing defines it (unit tests). */
export const contactRecipients: ContactRecipients = typeof __CONTACT_RECIPIENTS__ === 'string' ? __CONTACT_RECIPIENTS__ : 'none';

/**
 * Where the site's receiver stores every lead before notifying, from CONTACT_STORE (the same setting the
 * hosts read at run time, src/api/store/choose.ts): `files` in LEADS_DIR (`npm start`), `d1` (Cloudflare
 * D1), `blobs` (Netlify Blobs). Undefined with a third-party endpoint, in the simulation, or when the
 * setting is not given (the release check then says that nothing is stored).
 */
export function contactStoreFrom(env: Env): LeadStoreKind | undefined {
  return usesSiteReceiver(env) ? leadStoreOf(env) : undefined;
}

declare const __CONTACT_STORE__: LeadStoreKind | null | undefined;

/** This build's lead store, inlined by vite.config.ts; undefined where nothing defines it. */
export const contactStore: LeadStoreKind | undefined = typeof __CONTACT_STORE__ === 'string' ? __CONTACT_STORE__ : undefined;
