/**
 * How `npm run leads` and `npm run stats` name the store they read, in French (./store-flags.ts).
 * `{name}` placeholders are filled with `fillTemplate` (src/content/template.ts).
 */
export const storeLines = {
  local: 'dossier {dir}',
  d1: 'base D1 {name}, {where}',
  d1Local: 'copie locale de la base',
  d1Remote: 'Cloudflare',
  netlify: 'magasin Netlify Blobs « {name} » du site {site}',
  netlifySettingMissing:
    '--netlify : le réglage {name} manque (le même que pour l’outil en ligne de commande de Netlify : voir docs/operations.md).',
};
