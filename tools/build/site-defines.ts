/**
 * What the build writes into the pages and the browser code from its settings (vite.config.ts's `define`): the site's
 * URL, the form's endpoint, its recipients and lead store, whether it counts its audience and acknowledges messages,
 * all named by the GDPR notice (src/contact/contact-recipients.ts). One function of the settings, so that a test
 * injects a host's settings and reads what its build would show without building the site.
 */
import { readSettings } from '../../src/contact/settings.ts';
import { siteUrlFrom } from '../../src/site/site-url.ts';

type Env = Readonly<Record<string, string | undefined>>;

/** The constants for `env` (the environment over the `.env` files); the site's URL read from `urlEnv`. */
export function siteDefines(env: Env, urlEnv: Env = env): Record<string, string> {
  const { build } = readSettings(env);
  return {
    __SITE_URL__: JSON.stringify(siteUrlFrom(urlEnv)),
    __CONTACT_ENDPOINT__: JSON.stringify(build.endpoint ?? null),
    __CONTACT_RECIPIENTS__: JSON.stringify(build.recipients),
    __CONTACT_STORE__: JSON.stringify(build.store ?? null),
    __AUDIENCE__: JSON.stringify(build.audienceCounted),
    __CONTACT_ACK__: JSON.stringify(build.acknowledgementSent),
  };
}
