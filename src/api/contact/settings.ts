/**
 * The receiver's settings, read from the host's environment at run time (never from the bundle):
 *   CONTACT_DELIVERY     local | email | webhook; when unset: email if BREVO_API_KEY is set, webhook if
 *                        CONTACT_WEBHOOK_URL is set, else `local` (store only, notify nobody) where the runtime
 *                        has a lead store; the one rule of src/contact/delivery-settings.ts, which the GDPR notice
 *                        follows too. The store itself (LEADS_DIR, D1, Blobs) is opened by src/api/store/.
 *   BREVO_API_KEY, CONTACT_TO (one or more addresses, comma-separated), CONTACT_FROM   email
 *   CONTACT_WEBHOOK_URL  webhook (https://, or http:// to this machine only)
 *   CONTACT_WEBHOOK_SECRET  optional: every webhook POST is signed (Standard Webhooks, ./deliveries.ts)
 *   CONTACT_RATE_LIMIT   messages per client address per 10 minutes (default 10)
 * Problems come back as French lines for the operator; a runtime with problems delivers nothing.
 */
import * as v from 'valibot';
import { type Env, resolveDelivery, settingOf } from '../../contact/delivery-settings.ts';
import { type WebhookKey, webhookKey } from './deliveries.ts';
import type { receiverLines } from './lines.ts';
import { defaultRateLimit } from './rate-limit.ts';
import { fillTemplate } from '../../content/template.ts';

type DeliverySettings =
  | { mode: 'local' }
  | { mode: 'email'; apiKey: string; to: string[]; from: string }
  | { mode: 'webhook'; url: string; key?: WebhookKey }
  | { mode: 'none' };

export interface ReceiverSettings {
  delivery: DeliverySettings;
  rateLimit: number;
}

const emailAddress = v.pipe(v.string(), v.email());

/**
 * A lead crosses the network only encrypted: `https://`, or `http://` to this very machine (a relay
 * or a test stand-in on loopback), where nothing travels on a wire.
 */
function encryptedOrLocal(url: URL): boolean {
  if (url.protocol === 'https:') return true;
  return url.protocol === 'http:' && /^(localhost|127(\.\d{1,3}){3}|\[::1\])$/.test(url.hostname);
}

export function readSettings(
  env: Env,
  { hasLeadStore, words }: { hasLeadStore: boolean; words: typeof receiverLines },
): { settings: ReceiverSettings; problems: string[] } {
  const problems: string[] = [];
  const missing = (name: string, mode: string) => problems.push(fillTemplate(words.settingMissing, { name, mode }));
  const invalid = (name: string) => problems.push(fillTemplate(words.settingInvalid, { name }));

  let rateLimit = defaultRateLimit;
  const rawLimit = settingOf(env, 'CONTACT_RATE_LIMIT');
  if (rawLimit !== undefined) {
    if (/^\d+$/.test(rawLimit) && Number(rawLimit) > 0) rateLimit = Number(rawLimit);
    else invalid('CONTACT_RATE_LIMIT');
  }

  const apiKey = settingOf(env, 'BREVO_API_KEY');
  const webhookUrl = settingOf(env, 'CONTACT_WEBHOOK_URL');
  const choice = resolveDelivery(env, { hasLeadStore });
  if (choice.problem) problems.push(choice.problem === 'conflict' ? words.deliveryConflict : words.deliveryUnknown);
  const mode = choice.problem ? undefined : choice.mode;

  let delivery: DeliverySettings = { mode: 'none' };
  if (mode === 'local') {
    if (hasLeadStore) delivery = { mode: 'local' };
    else problems.push(words.localUnavailable);
  } else if (mode === 'email') {
    const to =
      settingOf(env, 'CONTACT_TO')
        ?.split(',')
        .map((address) => address.trim())
        .filter(Boolean) ?? [];
    const from = settingOf(env, 'CONTACT_FROM');
    if (!apiKey) missing('BREVO_API_KEY', 'email');
    if (to.length === 0) missing('CONTACT_TO', 'email');
    else if (!to.every((address) => v.is(emailAddress, address))) invalid('CONTACT_TO');
    if (!from) missing('CONTACT_FROM', 'email');
    else if (!v.is(emailAddress, from)) invalid('CONTACT_FROM');
    if (apiKey && to.length > 0 && from) delivery = { mode: 'email', apiKey, to, from };
  } else if (mode === 'webhook') {
    if (!webhookUrl) missing('CONTACT_WEBHOOK_URL', 'webhook');
    else if (!URL.canParse(webhookUrl)) invalid('CONTACT_WEBHOOK_URL');
    else if (!encryptedOrLocal(new URL(webhookUrl))) problems.push(words.webhookInsecure);
    else delivery = { mode: 'webhook', url: webhookUrl };
    // A secret that cannot serve is refused, never ignored: the target would reject every unsigned lead.
    const secret = settingOf(env, 'CONTACT_WEBHOOK_SECRET');
    if (secret !== undefined && delivery.mode === 'webhook') {
      const key = webhookKey(secret);
      if (key) delivery = { ...delivery, key };
      else problems.push(words.webhookSecretInvalid);
    }
  }

  return { settings: { delivery: problems.length > 0 ? { mode: 'none' } : delivery, rateLimit }, problems };
}
