/**
 * No straight apostrophe in the text of a built page, wherever markup splits a word (`d'**accès**` is two
 * text nodes): each paragraph, list item or label is read whole, as `npm run diff` reads it.
 */
import { describe, expect, test } from 'vitest';
import { extractPageText } from '../../scripts/diff/extract.ts';
import { pagesOnDisk, read } from './dist.ts';

describe('typographic apostrophes in the built pages', () => {
  for (const page of pagesOnDisk) {
    test(`${page.file}: no straight apostrophe between letters`, () => {
      const blocks = extractPageText(read(page.file)).sections.flatMap((section) => section.blocks);
      const straight = blocks.map((block) => block.text).filter((text) => /\p{L}'\p{L}/u.test(text));
      expect(straight).toEqual([]);
    });
  }
});
