/**
 * Who receives the contact form's messages in a given build, and where its receiver keeps them, so the GDPR notice
 * (a static page) names exactly those recipients: the build reads the settings (./settings.ts, `build`) and inlines
 * them as `__CONTACT_RECIPIENTS__` and `__CONTACT_STORE__` (vite.config.ts). Where nothing defines them (unit tests),
 * the simulation: nothing is sent.
 */
import type { LeadStoreKind } from './lead-stores.ts';
import type { ContactRecipients } from './settings.ts';

export type { ContactRecipients } from './settings.ts';

declare const __CONTACT_RECIPIENTS__: ContactRecipients | undefined;

/** This build's recipients, inlined by vite.config.ts; `none` where nothing defines it (unit tests). */
export const contactRecipients: ContactRecipients = typeof __CONTACT_RECIPIENTS__ === 'string' ? __CONTACT_RECIPIENTS__ : 'none';

declare const __CONTACT_STORE__: LeadStoreKind | null | undefined;

/** This build's lead store, inlined by vite.config.ts; undefined where nothing defines it. */
export const contactStore: LeadStoreKind | undefined = typeof __CONTACT_STORE__ === 'string' ? __CONTACT_STORE__ : undefined;
