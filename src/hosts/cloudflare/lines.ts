/**
 * What the Cloudflare Functions alone log, in French: the name of their D1 store, their missing bindings.
 * `{name}` placeholders are filled with `fillTemplate` (src/content/template.ts).
 */
export const cloudflareLines = {
  storeD1: 'base D1 {binding} de Cloudflare',
  rateLimitBindingMissing:
    'Aucune liaison CONTACT_RATE_LIMITER : chaque instance compte les messages de son côté, la limite par adresse est donc approximative. Ajoutez cette liaison de limitation de Cloudflare (voir src/hosts/cloudflare/README.md).',
  audienceBindingMissing:
    'Audience : aucune base D1 n’est liée comme AUDIENCE_DB, rien n’est compté (src/hosts/cloudflare/README.md). Les messages du formulaire n’en dépendent pas.',
};
