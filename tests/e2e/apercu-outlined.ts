/** What « Aperçu »'s helper (editor/Preview/focus.ts) outlined in a frame of the preview, locally and hosted. */
import type { FrameLocator } from '@playwright/test';

/**
 * Whether the preview outlined, since the frame's page loaded, an element holding `text`. The outline fades after a
 * few seconds, which a busy machine may take to get there: the helper notes each outline in the page's timeline.
 */
export const outlined = (frame: FrameLocator, text: string) =>
  frame.locator('html').evaluate((_, wanted) => {
    // Compared as the reader sees it: the site's typography puts no-break spaces before « : ; ? ! ».
    const words = (text: string) => text.replace(/\s+/g, ' ');
    return performance
      .getEntriesByName('apercu-outlined')
      .some((entry) => words(String((entry as PerformanceMark).detail)).includes(words(wanted)));
  }, text);
