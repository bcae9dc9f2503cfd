/**
 * The islands: widgets that need the visitor's browser. Each name maps to its client entry, a module
 * exporting `hydrate(element)`. Everything else on a page is static HTML and CSS.
 * Adding an island: a component with JSON-able props only (no `useId`, no context from the page), rendered
 * through <Island name="…"> (src/site/islands/Island.tsx), and its entry here; the client build
 * (vite.client.config.ts, where `react` is Preact's compat layer: use the React API it supports) bundles it and the
 * post-build step writes its URL into the pages that carry it. Give its JavaScript a byte budget in
 * tests/built/budgets.test.ts: every other page must still ship the site script alone.
 */
export const islands = {
  'contact-form': 'src/site/islands/contact-form.client.tsx',
  estimation: 'src/site/islands/estimation.client.tsx',
} as const;

export type IslandName = keyof typeof islands;
