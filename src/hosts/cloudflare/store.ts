/**
 * Cloudflare's drivers, from the Pages Function's bindings (wrangler.toml): the leads in the D1 database bound as
 * LEADS_DB (schema in ./migrations/) when CONTACT_STORE=d1, and the audience in its own D1 database, bound as
 * AUDIENCE_DB (./migrations-audience/), never the leads': the counts' rows written must not be the leads'. Without
 * LEADS_DB valid messages get 503; without AUDIENCE_DB nothing is counted, the endpoint still answers 204, and the
 * log says so. Apart from the Netlify host: a Pages Function's bundle must not pull in @netlify/blobs.
 */
import type { HostDriver } from '../../api/app.ts';
import { audienceBinding } from '../../contact/audience-settings.ts';
import { leadStores } from '../../contact/lead-stores.ts';
import type { Settings } from '../../contact/settings.ts';
import { settingsLines } from '../../contact/lines.ts';
import { fillTemplate } from '../../content/template.ts';
import { bindingRunner, d1Driver, isD1Binding, type SqlRunner } from './d1-driver.ts';
import { cloudflareLines } from './lines.ts';

/** The binding of the leads' D1 database, from the table of stores. */
export const d1Binding = leadStores.d1.binding;

/** The leads' and the audience's drivers over their databases' runners (a binding's, or wrangler's for the commands). */
export const d1Drivers = (leads: SqlRunner, audience: SqlRunner) => ({
  leads: d1Driver(leads, fillTemplate(cloudflareLines.storeD1, { binding: d1Binding })),
  audience: d1Driver(audience, fillTemplate(cloudflareLines.storeD1, { binding: audienceBinding })),
});

/** The Pages Function's drivers: D1 when CONTACT_STORE=d1 and the bindings are there. */
export function openD1Drivers(
  settings: Settings,
  env: Readonly<Record<string, unknown>>,
): { leads?: HostDriver; audience?: HostDriver } {
  if (settings.store !== 'd1') return {};
  const leads = env[d1Binding];
  const audience = env[audienceBinding];
  const missing = fillTemplate(settingsLines.bindingMissing, { store: 'd1', binding: d1Binding, guide: leadStores.d1.guide });
  return {
    leads: isD1Binding(leads)
      ? d1Driver(bindingRunner(leads), fillTemplate(cloudflareLines.storeD1, { binding: d1Binding }))
      : { problem: missing },
    ...(settings.audience.asked
      ? {
          audience: isD1Binding(audience)
            ? d1Driver(bindingRunner(audience), fillTemplate(cloudflareLines.storeD1, { binding: audienceBinding }))
            : { problem: cloudflareLines.audienceBindingMissing },
        }
      : {}),
  };
}
