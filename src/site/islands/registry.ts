/**
 * The islands: widgets that need the visitor's browser. Each name maps to its client entry, a module
 * exporting `hydrate(element)`. Everything else on a page is static HTML and CSS.
 * Adding an island: render the widget through <Island name="…"> (src/site/islands/Island.tsx) and add its
 * entry here; the client build (vite.client.config.ts) bundles it and the post-build step writes its
 * URL into the pages that carry it.
 */
export const islands = {
  'contact-form': 'src/site/islands/contact-form.client.tsx',
} as const;

export type IslandName = keyof typeof islands;
