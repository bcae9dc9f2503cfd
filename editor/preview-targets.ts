/**
 * Where the editor's « Aperçu » opens: a page is its own address, an entry of a collection its anchor on the page
 * that lists it (`/faq#cout`), a data file the page where its words show. The pages of collections and data files
 * are given by the content manifest (src/content/content.config.ts); a data file that shows on no page has no preview.
 */
/** The editor's preview page for a page of the site (and, in GitHub mode, the branch being edited). */
export function previewHref(page: string, branch: string | undefined): string {
  const query = new URLSearchParams({ page });
  if (branch) query.set('branche', branch);
  return `/apercu?${query}`;
}
