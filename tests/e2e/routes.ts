/** The routes the end-to-end checks walk: every page of the registry, and an unknown path (the 404 page). */
import { pages } from '../../src/site/registry.ts';

export const pagePaths: string[] = pages.map((page) => page.path);
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
