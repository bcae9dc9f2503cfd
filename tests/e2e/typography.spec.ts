import { expect, test } from '@playwright/test';
import { pages } from '../../src/registry.ts';
import { allPaths } from './routes.ts';

for (const url of allPaths) {
  test(`French typography: no ordinary space before ? ! : ; » or after « on ${url}`, async ({ page }) => {
    await page.goto(url);
    // All the text a visitor can read, closed FAQ answers included; code and scripts are not prose.
    const offenders = await page.evaluate(() => {
      const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT, {
        acceptNode: (node) =>
          node.parentElement?.closest('script, style, template, code, pre, kbd, samp, noscript')
            ? NodeFilter.FILTER_REJECT
            : NodeFilter.FILTER_ACCEPT,
      });
      const found: string[] = [];
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        const text = node.textContent ?? '';
        for (const match of text.matchAll(/[ \u00A0][?!:;»]|«[ \u00A0]/g)) {
          found.push(text.slice(Math.max(0, match.index - 30), match.index + 10).trim());
        }
      }
      return found;
    });
    expect(
      offenders,
      'MDX text is fixed by src/mdx/rehype-french-typography.ts; texts of content/*.json must hold U+202F themselves',
    ).toEqual([]);
  });
}

// The text of each page's content (content/pages, FAQ, terms, legal notice), as a visitor reads it.
for (const { path } of pages) {
  test(`French typography: guillemets, ellipses, typographic apostrophes and dashes on ${path}`, async ({ page }) => {
    await page.goto(path);
    const offenders = await page.evaluate(() => {
      const main = document.querySelector('main');
      if (!main) return ['no <main>'];
      // The contact form's wording comes from content/contact-form.json, not from MDX.
      const walker = document.createTreeWalker(main, NodeFilter.SHOW_TEXT, {
        acceptNode: (node) =>
          node.parentElement?.closest('script, style, template, code, pre, kbd, samp, noscript, form')
            ? NodeFilter.FILTER_REJECT
            : NodeFilter.FILTER_ACCEPT,
      });
      const found: string[] = [];
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        const text = node.textContent ?? '';
        for (const match of text.matchAll(/\p{L}'\p{L}|"|(?<!\.)\.\.\.(?!\.)|\s-\s/gu)) {
          found.push(text.slice(Math.max(0, match.index - 30), match.index + 10).trim());
        }
      }
      return found;
    });
    expect(offenders, 'MDX prose is set by src/typography/french.ts: « … », …, ’ and –').toEqual([]);
  });
}
