/**
 * How the site's receiver delivers and stores the form's messages, decided from the environment in one
 * place: the receiver reads it at run time (src/api/contact/settings.ts, src/api/store/choose.ts), the
 * build to name the recipients in the GDPR notice (./contact-recipients.ts), and the release check
 * (tools/check/content-check/release.ts). No French here: each caller words what it finds.
 */

import { type LeadStoreKind, leadStoreKinds } from './lead-stores.ts';

export type Env = Readonly<Record<string, unknown>>;

/** A setting's value, trimmed; undefined when unset or blank. */
export function settingOf(env: Env, name: string): string | undefined {
  const value = env[name];
  return typeof value === 'string' && value.trim() !== '' ? value.trim() : undefined;
}

/** What CONTACT_DELIVERY may say: store only (`local`), email through Brevo, or a webhook. */
export const deliveryModes = ['local', 'email', 'webhook'] as const;
export type DeliveryMode = (typeof deliveryModes)[number];

/** CONTACT_DELIVERY as written (lower-cased), whether or not it names a mode. */
export const deliverySettingOf = (env: Env) => settingOf(env, 'CONTACT_DELIVERY')?.toLowerCase();

/** The mode CONTACT_DELIVERY names; undefined when unset or unknown. */
export const deliveryModeOf = (env: Env): DeliveryMode | undefined => deliveryModes.find((mode) => mode === deliverySettingOf(env));

/** CONTACT_STORE as written (lower-cased), whether or not it names a store. */
export const storeSettingOf = (env: Env) => settingOf(env, 'CONTACT_STORE')?.toLowerCase();

/** The store CONTACT_STORE names; undefined when unset or unknown. */
export const leadStoreOf = (env: Env): LeadStoreKind | undefined => leadStoreKinds.find((kind) => kind === storeSettingOf(env));

export interface DeliveryChoice {
  /** The mode chosen; with a problem, the one the rule below would pick (what the GDPR notice then names). */
  mode: DeliveryMode | undefined;
  /**
   * `conflict`: BREVO_API_KEY and CONTACT_WEBHOOK_URL both set without CONTACT_DELIVERY; `unknown`:
   * CONTACT_DELIVERY names no mode. The receiver then delivers nothing.
   */
  problem?: 'conflict' | 'unknown';
}

/**
 * CONTACT_DELIVERY when it is set; otherwise email if BREVO_API_KEY is set, webhook if CONTACT_WEBHOOK_URL is,
 * else `local` (store only) where the runtime has a lead store (`hasLeadStore`: Node's files, or a host's store).
 */
export function resolveDelivery(env: Env, { hasLeadStore }: { hasLeadStore: boolean }): DeliveryChoice {
  const email = settingOf(env, 'BREVO_API_KEY') !== undefined;
  const webhook = settingOf(env, 'CONTACT_WEBHOOK_URL') !== undefined;
  const ruled: DeliveryMode | undefined = email ? 'email' : webhook ? 'webhook' : hasLeadStore ? 'local' : undefined;
  if (deliverySettingOf(env) !== undefined) {
    const forced = deliveryModeOf(env);
    return forced ? { mode: forced } : { mode: ruled, problem: 'unknown' };
  }
  return email && webhook ? { mode: ruled, problem: 'conflict' } : { mode: ruled };
}
