/**
 * The audience counter on Cloudflare, over the audience's own D1 database, bound as AUDIENCE_DB (wrangler.toml,
 * schema in src/hosts/cloudflare/migrations-audience/), for a site whose leads are in D1 (CONTACT_STORE=d1). Never the leads'
 * database: the counts' rows written must not be the leads'. Without the binding, nothing is counted, the
 * endpoint still answers 204, and the log says so once per isolate. Apart from ./netlify.ts: a Pages Function's
 * bundle must not pull in @netlify/blobs.
 */
import type { Env } from '../../contact/delivery-settings.ts';
import { storeSettingOf } from '../../contact/delivery-settings.ts';
import { bindingRunner, isD1Binding } from './d1-store.ts';
import { cloudflareLines } from './lines.ts';
import { type AudienceCounter, createAudienceCounter } from '../../api/audience/counter.ts';
import { audienceBinding, audienceEnabled } from '../../contact/audience-settings.ts';
import { d1AudienceStore } from './audience-d1-store.ts';

export function cloudflareAudience(env: Env, logError: (line: string) => void = console.error): AudienceCounter {
  const binding = env[audienceBinding];
  const counts = storeSettingOf(env) === 'd1' && audienceEnabled(env);
  if (counts && !isD1Binding(binding)) logError(cloudflareLines.audienceBindingMissing);
  const store = counts && isD1Binding(binding) ? d1AudienceStore(bindingRunner(binding)) : undefined;
  return createAudienceCounter({ env, store, logError });
}
