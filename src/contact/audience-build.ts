/**
 * Whether a build counts its audience: counting is on (AUDIENCE is not `off`) and the site has its own receiver
 * with a lead store (CONTACT_STORE), whose host answers /api/count and keeps the counts. The build writes the
 * beacon's endpoint and the <noscript> image only then (tools/build/postbuild.ts), and the GDPR notice follows
 * (<AudienceNotice />, vite.config.ts's `__AUDIENCE__`), so the notice never describes what the site does not do.
 */
import { contactStoreFrom } from './contact-recipients.ts';
import type { Env } from './delivery-settings.ts';
import { audienceEnabled } from './audience-settings.ts';

export const audienceCountedBy = (env: Env): boolean => audienceEnabled(env) && contactStoreFrom(env) !== undefined;
