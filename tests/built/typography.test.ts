/**
 * The French typography of each built page, read block by block (a paragraph, a list item, a label), as
 * `npm run diff` reads it: markup may split a word (`d'**accès**` is two text nodes), never its typography.
 * Every text a visitor can read is in the built HTML (closed FAQ answers included; the contact form is rendered at
 * build too), so these checks need no browser.
 */
import { describe, expect, test } from 'vitest';
import { extractPageText } from '../../tools/diff/extract.ts';
import { breakableMeasure } from '../../src/site/typography/french.ts';
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

    test(`${page.file}: no ordinary space before ? ! : ; » or after «`, () => {
      expect(
        blocks().filter((text) => /[ \u00A0][?!:;»]|«[ \u00A0]/u.test(text)),
        'MDX text is fixed by src/site/mdx/rehype-french-typography.ts; texts of content/*.json must hold U+202F themselves',
      ).toEqual([]);
    });

    test(`${page.file}: guillemets, ellipses and dashes, no straight quote, three dots or hyphen between spaces`, () => {
      expect(
        blocks().filter((text) => /"|(?<!\.)\.\.\.(?!\.)|\s-\s/u.test(text)),
        'prose is set by src/site/typography/french.ts: « … », … and –',
      ).toEqual([]);
    });
  }
});
