/**
 * CONTACT_ACK, the acknowledgement's setting (src/api/contact/acknowledgement.ts), read by the receiver at run time
 * and by the build, so that the GDPR notice says it only when the site sends it: on with `1` (or true, oui, on),
 * off when unset or `0` (false, non, off); any other value is a mistake the operator is told about.
 */
import { contactRecipientsFrom, contactStoreFrom } from './contact-recipients.ts';
import { type Env, settingOf } from './delivery-settings.ts';

export function acknowledgementSetting(env: Env): 'on' | 'off' | 'invalid' {
  const value = settingOf(env, 'CONTACT_ACK')?.toLowerCase();
  if (value === undefined || ['0', 'false', 'non', 'off'].includes(value)) return 'off';
  return ['1', 'true', 'oui', 'on'].includes(value) ? 'on' : 'invalid';
}

/**
 * Whether this build's site sends acknowledgements: asked, with the site's receiver delivering by email and a lead
 * store to remember who was acknowledged today (the receiver sends none otherwise, and says why in its log).
 */
export const acknowledgementSentBy = (env: Env): boolean =>
  acknowledgementSetting(env) === 'on' && contactRecipientsFrom(env) === 'email' && contactStoreFrom(env) !== undefined;
