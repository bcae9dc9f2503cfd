/**
 * Which lead store a host uses, from `CONTACT_STORE` (files | d1 | blobs), the setting the build reads too
 * so that the GDPR notice names the store's provider (src/contact/contact-recipients.ts). Node always keeps
 * its files (LEADS_DIR); Cloudflare uses D1 and Netlify its Blobs only when CONTACT_STORE says so, and a
 * store asked for but not reachable is a settings problem (the function then refuses messages with 503).
 */
import { type Env, storeSettingOf } from '../../contact/delivery-settings.ts';
import { type LeadStoreKind, leadStores } from '../../contact/lead-stores.ts';
import { fillTemplate } from '../../content/template.ts';
import { receiverLines } from '../contact/lines.ts';
import type { LeadStore } from './lead-store.ts';

export type StoreChoice = { leads: LeadStore; where: string } | { problem: string } | undefined;

/**
 * `host` is the one store this runtime has; `open` gives it, or undefined when its binding is missing.
 * Node passes `files`, which needs no setting.
 */
export function chooseStore(
  env: Env,
  host: LeadStoreKind,
  open: () => { leads: LeadStore; where: string } | undefined,
  binding: string,
): StoreChoice {
  const words = receiverLines;
  const setting = storeSettingOf(env) ?? (host === 'files' ? 'files' : undefined);
  if (setting === undefined) return undefined;
  if (setting !== host) return { problem: words.storeUnknown };
  try {
    const store = open();
    if (store) return store;
  } catch {
    // Reported below: the operator needs the setting, not the stack.
  }
  return { problem: fillTemplate(words.storeMissing, { store: setting, binding, guide: leadStores[setting].guide }) };
}
