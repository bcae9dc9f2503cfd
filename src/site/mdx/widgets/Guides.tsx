import { guidePage } from '../../../content/data/guide-page.ts';
import { frenchLongDate, parisDay } from '../../../content/french-date.ts';
import type { GuideFrontmatter } from '../../../content/schema/guide-schema.ts';
import { GuideList } from '../../components/GuideList/GuideList.tsx';
import { guideSlugOf, isPublished, newestFirst } from '../../guides/published.ts';
import { guidesBase } from '../../registry.ts';

// Frontmatter only: the pages ship no route code (tools/build/postbuild.ts), and a draft's text is never imported.
const all = import.meta.glob<GuideFrontmatter>('/content/guides/*.mdx', { eager: true, import: 'frontmatter' });

/** `<Guides />` in MDX: the guides the build publishes (not drafts, nor those of a later day), newest first. */
export function Guides() {
  const today = parisDay(new Date());
  const guides = Object.entries(all)
    .filter(([, data]) => isPublished(data, today))
    .sort(([, a], [, b]) => newestFirst(a, b))
    .map(([file, data]) => ({
      href: `${guidesBase}/${guideSlugOf(file)}`,
      title: data.title,
      description: data.description,
      day: data.publieLe,
      dayText: `${guidePage.published} ${frenchLongDate(data.publieLe)}`,
    }));
  return <GuideList guides={guides} empty={guidePage.listEmpty} />;
}
