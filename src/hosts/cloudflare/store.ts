/**
 * Cloudflare's stores, opened from the Pages Function's bindings (wrangler.toml): the leads in the D1 database
 * bound as LEADS_DB (schema in ./migrations/) when CONTACT_STORE=d1, and the audience in its own D1 database,
 * bound as AUDIENCE_DB (./migrations-audience/), never the leads': the counts' rows written must not be the
 * leads'. Without LEADS_DB valid messages get 503; without AUDIENCE_DB nothing is counted, the endpoint still
 * answers 204, and the log says so. Apart from the Netlify host: a Pages Function's bundle must not pull in
 * @netlify/blobs.
 */
import { cloudflareLines } from './lines.ts';
import { type Env, storeSettingOf } from '../../contact/delivery-settings.ts';
import { audienceBinding, audienceEnabled } from '../../contact/audience-settings.ts';
import { fillTemplate } from '../../content/template.ts';
import { chooseStore } from '../../api/store/choose.ts';
import type { HostStore, Stores } from '../../api/store/host-store.ts';
import { d1AudienceStore } from './audience-d1-store.ts';
import { bindingRunner, d1Binding, d1LeadStore, isD1Binding, type SqlRunner } from './d1-store.ts';

/** Both stores over their databases' runners (a binding's, or wrangler's for `npm run leads|stats -- --local|--remote`). */
export const d1Stores = (leads: SqlRunner, audience: SqlRunner): Stores => ({
  leads: d1LeadStore(leads),
  audience: d1AudienceStore(audience),
});

/** The Pages Function's stores: D1 when CONTACT_STORE=d1 and LEADS_DB is bound (../../api/store/choose.ts). */
export function openD1Store(env: Env): HostStore {
  const leads = chooseStore(
    env,
    'd1',
    () => {
      const binding = env[d1Binding];
      if (!isD1Binding(binding)) return undefined;
      return {
        leads: d1LeadStore(bindingRunner(binding)),
        where: fillTemplate(cloudflareLines.storeD1, { binding: d1Binding }),
      };
    },
    d1Binding,
  );
  if (storeSettingOf(env) !== 'd1' || !audienceEnabled(env)) return { leads };
  const binding = env[audienceBinding];
  if (!isD1Binding(binding)) return { leads, audienceProblem: cloudflareLines.audienceBindingMissing };
  return { leads, audience: d1AudienceStore(bindingRunner(binding)) };
}
