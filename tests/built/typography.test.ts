/**
 * The French typography of each built page, read block by block (a paragraph, a list item, a label), as
 * `npm run diff` reads it: markup may split a word (`d'**accès**` is two text nodes), never its typography.
 */
import { describe, expect, test } from 'vitest';
import { extractPageText } from '../../scripts/diff/extract.ts';
import { breakableMeasure } from '../../src/typography/french.ts';
import { pagesOnDisk, read } from './dist.ts';

describe('French typography in the built pages, across inline markup', () => {
  for (const page of pagesOnDisk) {
    const blocks = () => extractPageText(read(page.file)).sections.flatMap((section) => section.blocks.map((block) => block.text));

    test(`${page.file}: no straight apostrophe between letters`, () => {
      expect(blocks().filter((text) => /\p{L}'\p{L}/u.test(text))).toEqual([]);
    });

    test(`${page.file}: a no-break space between a number and its unit (4 semaines)`, () => {
      expect(blocks().filter((text) => breakableMeasure.test(text))).toEqual([]);
    });
  }
});
