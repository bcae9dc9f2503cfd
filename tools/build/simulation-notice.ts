/**
 * What the build says about the contact form, once, in French, before anything compiles:
 * - on Cloudflare Pages or Netlify, a build whose form posts to the site's receiver (their default,
 *   src/contact/contact-recipients.ts) stops when a setting it writes into the pages is missing: the lead store
 *   and the delivery mode the GDPR notice names. The delivery secrets are the function's run-time settings;
 *   the D1 id is checked by `npm run check -- --release`;
 * - a build that only simulates the sending (fine for previews and tests, never for production) says so.
 */
import type { Plugin } from 'vite';
import { buildLines } from './lines.ts';
import { hostBuildMessages } from '../../src/content/schema/messages.ts';
import { deliveryModes, type Settings } from '../../src/contact/settings.ts';

/** Why a host build cannot name its recipients and store (one line per missing setting), or undefined. */
export function hostBuildProblem(settings: Settings): string | undefined {
  const host = settings.build.hostBuild;
  if (!host || !settings.build.siteReceiver) return undefined;
  const missing: string[] = [];
  if (settings.storeWritten !== host.store) missing.push(hostBuildMessages.store(host.store, settings.storeWritten));
  const named = deliveryModes.find((mode) => mode === settings.deliveryWritten);
  if (named === undefined) missing.push(hostBuildMessages.delivery(deliveryModes, settings.deliveryWritten));
  return missing.length === 0 ? undefined : hostBuildMessages.missing(host.host, missing, host.guide);
}

export function simulationNotice(settings: Settings): Plugin {
  let said = false;
  return {
    name: 'propllc:simulation-notice',
    apply: 'build',
    // React Router resolves the config for the client, then for the pre-rendering server: once is enough.
    configResolved() {
      if (said) return;
      said = true;
      const problem = hostBuildProblem(settings);
      if (problem) {
        console.error(`\n${problem}\n`);
        // Exit here: an error thrown from a plugin reaches the terminal wrapped in build-tool stack traces.
        process.exit(1);
      }
      if (settings.build.endpoint === undefined) console.warn(`\n${buildLines.simulationBuild}\n`);
    },
  };
}
