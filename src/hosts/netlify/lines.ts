/** What the Netlify Functions alone log, in French. `{name}` placeholders are filled with `fillTemplate` (src/content/template.ts). */
export const netlifyLines = {
  storeBlobs: 'magasin Netlify Blobs « {name} »',
};
