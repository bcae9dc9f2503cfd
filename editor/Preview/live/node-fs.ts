/**
 * `node:fs` for the site's MDX plugins in the editor's browser (aliased by editor/build.ts): the only call is
 * the dead-link check's look for a file of public/ (`/plaquette.pdf`), which the preview takes as there; the pull
 * request's `npm run check` still checks it.
 */
export function existsSync(): boolean {
  return true;
}
