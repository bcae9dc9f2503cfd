/**
 * A build without VITE_CONTACT_ENDPOINT makes a form that only simulates the sending (fine for
 * previews and tests, never for production): the build says so, once, in French.
 */
import type { Plugin } from 'vite';
import { contactReceiver } from '../src/content-data/contact-receiver.ts';

export function simulationNotice(): Plugin {
  let endpoint: unknown;
  let warned = false;
  return {
    name: 'propllc:simulation-notice',
    apply: 'build',
    configResolved(config) {
      // config.env also holds what .env files set, as the form's code will see it.
      endpoint = config.env.VITE_CONTACT_ENDPOINT;
    },
    buildStart() {
      // React Router builds the client, then the pre-rendering server: one warning, with the client.
      if (warned || this.environment.name !== 'client') return;
      warned = true;
      if (typeof endpoint !== 'string' || endpoint.trim() === '') console.warn(`\n${contactReceiver.console.simulationBuild}\n`);
    },
  };
}
