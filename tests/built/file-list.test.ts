/**
 * What `dist/` holds, file by file, with the content hashes of assets masked: a file that appears or disappears
 * (an editor's file, a source map, a second stylesheet, a missing 404.html) shows in review as a change here.
 * The pages are the registry's, one HTML file and one share image each (where they are written is tested in
 * urls-and-headers.test.ts and share-images.test.ts): a new page changes nothing here. After a deliberate change of the other files, update the snapshot with
 * `npx vitest run --config vitest.build.config.ts -u`.
 */
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { expect, test } from 'vitest';
import { shareImagePath } from '../../src/site/share-image.ts';
import { dist, pagesOnDisk } from './dist.ts';

/** `assets/site-Bx3k_9aZ.js` → `assets/site-[hash].js`: the name without what changes with every build (pages keep theirs). */
function masked(file: string): string {
  return file.startsWith('assets/') ? file.replace(/-[A-Za-z0-9_-]{8}(?=\.[a-z0-9]+$)/, '-[hash]') : file;
}

const relative = (file: string) => path.relative(dist, file).split(path.sep).join('/');

const files = readdirSync(dist, { recursive: true, withFileTypes: true })
  .filter((entry) => entry.isFile())
  .map((entry) => relative(path.join(entry.parentPath, entry.name)));

/** The HTML file and share image of each page of the registry (the not-found page, which is none, is among the other files). */
const pageFiles = pagesOnDisk.flatMap((page) =>
  page.path === undefined ? [] : [relative(page.file), shareImagePath(page.path).slice(1)],
);

test('dist/ holds the HTML file and the share image of every page of the registry', () => {
  expect(pageFiles.filter((file) => !files.includes(file))).toEqual([]);
});

test('besides the pages, dist/ holds exactly the expected files', () => {
  // Masking can make two assets look alike (two CSS chunks): count them rather than hide one.
  const counted = new Map<string, number>();
  for (const file of files.filter((file) => !pageFiles.includes(file)).map(masked)) {
    counted.set(file, (counted.get(file) ?? 0) + 1);
  }
  const list = [...counted].map(([file, count]) => (count > 1 ? `${file} ×${count}` : file)).sort();
  expect(list).toMatchInlineSnapshot(`
    [
      "404.html",
      "_headers",
      "_redirects",
      "apple-touch-icon.png",
      "assets/contact-form-[hash].js",
      "assets/estimation-[hash].js",
      "assets/hydrate-[hash].js",
      "assets/site-[hash].js",
      "favicon.ico",
      "favicon.svg",
      "guides/flux.xml",
      "guides/index.html",
      "icon-192.png",
      "icon-512.png",
      "icon-maskable-512.png",
      "robots.txt",
      "site.webmanifest",
      "sitemap.xml",
      "speculation-rules.json",
    ]
  `);
});
