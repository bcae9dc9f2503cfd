/** The HTML files of dist/, one per page of the registry, one per published guide, plus the not-found page. */
import path from 'node:path';
import { publishedGuides } from '../../src/site/guides/guides.ts';
import { guidesBase, pages } from '../../src/site/registry.ts';

export interface BuiltPage {
  /** Route path (`/about`), or undefined for the not-found page (served for every unknown path). */
  path: string | undefined;
  /** File under dist/. */
  file: string;
}

export function builtPages(dist = 'dist'): BuiltPage[] {
  return [
    ...[...pages, ...publishedGuides()].map((page) => ({
      path: page.path as string,
      // Flat files: `/about` is about.html, served at /about with no redirect by every supported host.
      file: path.join(dist, page.path === '/' ? 'index.html' : `${page.path.slice(1)}.html`),
    })),
    { path: undefined, file: path.join(dist, '404.html') },
  ];
}

/** The copy of the list of guides that is also their folder's index: the list page, at a second file (postbuild.ts). */
export const guidesFolderIndex = (dist = 'dist') => ({
  list: path.join(dist, `${guidesBase.slice(1)}.html`),
  copy: path.join(dist, guidesBase.slice(1), 'index.html'),
});
