/**
 * Which guides a build publishes, and in what order: one rule for the build's routes (./guides.ts) and for the list
 * on /guides (src/site/mdx/widgets/Guides.tsx), which reads the same files through Vite.
 */
import type { GuideFrontmatter } from '../../content/schema/guide-schema.ts';

/** Published by the build of `today` (a Paris day, `2026-12-03`): not a draft, and its day has come. */
export const isPublished = (data: GuideFrontmatter, today: string) => data.brouillon !== true && data.publieLe <= today;

/** Newest first, then by title, so that the order never depends on the file system. */
export const newestFirst = (a: GuideFrontmatter, b: GuideFrontmatter) =>
  b.publieLe.localeCompare(a.publieLe) || a.title.localeCompare(b.title, 'fr');

/** `content/guides/formulaire-5472.mdx` (or any path ending so) → `formulaire-5472`. */
export const guideSlugOf = (file: string) => file.replace(/^.*\/|\.mdx$/g, '');
