/**
 * Which page of the site shows each thing the editor edits, for its « Aperçu »: a page is its own address,
 * an entry of a collection is its anchor on the page that lists it (`/faq#cout`), a data file the page where
 * its words show. A data file that shows on no page (seo.json: tags for search engines; contact-receiver.json:
 * the receiver's answers) has no preview. tests/unit/cms-config.test.ts checks each address against the registry.
 */
import type { Orders } from './keystatic.config.ts';
import type { dataFiles } from './data-fields.ts';

/** The page that lists each collection, through its widget (<Faq />, <TermsSections />, <LegalSections />). */
export const collectionPages: Record<keyof Orders, string> = { faq: '/faq', terms: '/terms', legal: '/legal' };

export const dataFilePages: Partial<Record<keyof typeof dataFiles, string>> = {
  brand: '/',
  company: '/legal#editeur',
  processors: '/legal#donnees-personnelles',
  navigation: '/',
  interface: '/',
  'contact-form': '/contact',
};

/** The editor's preview page for a page of the site (and, in GitHub mode, the branch being edited). */
export function previewHref(page: string, branch: string | undefined): string {
  const query = new URLSearchParams({ page });
  if (branch) query.set('branche', branch);
  return `/apercu?${query}`;
}
