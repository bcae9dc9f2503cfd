/** What the Netlify Functions alone log, in French. `{name}` placeholders are filled with `fillTemplate` (src/content/template.ts). */
export const netlifyLines = {
  storeBlobs: 'magasin Netlify Blobs « {name} »',
  migrated: '{count} message(s) du magasin Netlify Blobs repris dans le nouveau format, leur état gardé.',
  migrationFailed:
    'Reprise des messages de l’ancien format du magasin Netlify Blobs NON terminée : {reason}. Elle reprend au démarrage suivant de la fonction.',
};
