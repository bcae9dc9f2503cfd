/**
 * The routes the end-to-end checks walk: every page of the registry, the newest guide (every guide has the same
 * layout and no script of its own: one stands for all, and keeps npm test within its time), and an unknown path.
 */
import { publishedGuides } from '../../src/site/guides/guides.ts';
import { pages } from '../../src/site/registry.ts';

const newestGuide = publishedGuides()[0];
export const pagePaths: string[] = [...pages.map((page) => page.path as string), ...(newestGuide ? [newestGuide.path] : [])];
export const unknownPath = '/page-qui-n-existe-pas';
export const allPaths: string[] = [...pagePaths, unknownPath];

/**
 * Every page ends by leading the visitor to /contact, except the contact page itself, which ends with its form,
 * and its confirmation, which leads home and onwards.
 */
export const endsWithContact = (path: string) => path !== '/contact' && path !== '/contact/merci';

export const viewports = {
  desktop: { width: 1280, height: 800 },
  mobile: { width: 375, height: 740 },
} as const;
