/**
 * The guides of content/guides/ as the build sees them (Node only: it reads the folder). The routes, the
 * pre-rendering, the sitemap, the feed, the redirects and the list on /guides all take their guides from here, so
 * a draft or a guide scheduled for a later day is left out of all of them at once: the build is the moment of
 * publication (content/README.md, « Programmer un guide »).
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { parisDay } from '../../content/french-date.ts';
import type { GuideFrontmatter } from '../../content/schema/guide-schema.ts';
import { checkedFrontmatter } from '../mdx/remark-frontmatter-schema.ts';
import { readFrontmatter } from '../mdx/frontmatter.ts';
import { guidesBase } from '../registry.ts';
import { guideSlugOf, isPublished, newestFirst } from './published.ts';

const guidesFolder = 'content/guides';

export interface Guide {
  /** The file name without `.mdx`: the address after /guides/. */
  readonly slug: string;
  /** `/guides/<slug>`. */
  readonly path: `/${string}`;
  /** From the project root: `content/guides/<slug>.mdx`. */
  readonly file: string;
  readonly data: GuideFrontmatter;
}

/** Every guide of the folder, drafts and scheduled ones included, checked against the schema (French errors). */
export function allGuides(root = process.cwd()): Guide[] {
  let names: string[];
  try {
    names = readdirSync(path.join(root, guidesFolder));
  } catch {
    return [];
  }
  return names
    .filter((name) => name.endsWith('.mdx'))
    .sort()
    .map((name) => {
      const file = `${guidesFolder}/${name}`;
      const source = readFileSync(path.join(root, file), 'utf8');
      const slug = guideSlugOf(name);
      const data = checkedFrontmatter('guides', file, readFrontmatter(source)) as GuideFrontmatter;
      return { slug, path: `${guidesBase}/${slug}` as const, file, data };
    });
}

/** The guides this build publishes, newest first (then by title, so the order is stable). */
export function publishedGuides(root = process.cwd(), today = parisDay(new Date())): Guide[] {
  return allGuides(root)
    .filter((guide) => isPublished(guide.data, today))
    .sort((a, b) => newestFirst(a.data, b.data));
}

/**
 * The guides that get a page: the published ones, or every one, drafts and scheduled ones too, in the site's dev
 * server that the editor starts for « Aperçu » (editor/server.ts sets PROPLLC_APERCU), so that an editor sees a
 * guide before it is published. A build never sets it.
 */
export function guidesWithAPage(env: NodeJS.ProcessEnv = process.env): Guide[] {
  if (env.PROPLLC_APERCU !== '1') return publishedGuides();
  return allGuides().sort((a, b) => newestFirst(a.data, b.data));
}

/** The permanent redirects of the old addresses of published guides: `/guides/ancien` → `/guides/nouveau`. */
export function guideRedirects(guides: readonly Guide[]): { from: string; to: string }[] {
  return guides.flatMap((guide) => (guide.data.anciensSlugs ?? []).map((old) => ({ from: `${guidesBase}/${old}`, to: guide.path })));
}
