/**
 * Which guides a build publishes, and in what order: one rule for the build's routes (./guides.ts) and for the list
 * on /guides (src/site/mdx/widgets/Guides.tsx), which reads the same files through Vite.
 */
import type { GuideFrontmatter } from '../../content/schema/guide-schema.ts';
import { authors } from '../../content/data/authors.ts';

/** Published by the build of `today` (a Paris day, `2026-12-03`): not a draft, and its day has come. */
export const isPublished = (data: GuideFrontmatter, today: string) => data.brouillon !== true && data.publieLe <= today;

/** Newest first, then by title, so that the order never depends on the file system. */
export const newestFirst = (a: GuideFrontmatter, b: GuideFrontmatter) =>
  b.publieLe.localeCompare(a.publieLe) || a.title.localeCompare(b.title, 'fr');

/** `content/guides/formulaire-5472-llc-non-resident.mdx` (or any path ending so) → `formulaire-5472-llc-non-resident`. */
export const guideSlugOf = (file: string) => file.replace(/^.*\/|\.mdx$/g, '');

/** The author a guide names; the content check has made sure it is in content/authors.json. */
export function authorOf(id: string) {
  const author = authors.auteurs.find((entry) => entry.id === id);
  if (!author) throw new Error(`content/authors.json: no author « ${id} »`);
  return author;
}
