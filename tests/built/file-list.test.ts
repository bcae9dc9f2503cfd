/**
 * What `dist/` holds, file by file, with the content hashes of assets masked: a file that appears or disappears
 * (an editor's file, a source map, a second stylesheet, a missing 404.html) shows in review as a change here.
 * After a deliberate change, update it with `npx vitest run --config vitest.build.config.ts -u`.
 */
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { expect, test } from 'vitest';
import { dist } from './dist.ts';

/** `assets/site-Bx3k_9aZ.js` → `assets/site-[hash].js`: the name without what changes with every build (pages keep theirs). */
function masked(file: string): string {
  return file.startsWith('assets/') ? file.replace(/-[A-Za-z0-9_-]{8}(?=\.[a-z0-9]+$)/, '-[hash]') : file;
}

test('dist/ holds exactly the expected files', () => {
  const files = readdirSync(dist, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(dist, path.join(entry.parentPath, entry.name)).split(path.sep).join('/'));
  // Masking can make two assets look alike (two CSS chunks): count them rather than hide one.
  const counted = new Map<string, number>();
  for (const file of files.map(masked)) counted.set(file, (counted.get(file) ?? 0) + 1);
  const list = [...counted].map(([file, count]) => (count > 1 ? `${file} ×${count}` : file)).sort();
  expect(list).toMatchInlineSnapshot(`
    [
      "404.html",
      "_headers",
      "about.html",
      "apple-touch-icon.png",
      "assets/contact-form-[hash].js",
      "assets/site-[hash].js",
      "contact.html",
      "contact/merci.html",
      "faq.html",
      "favicon.ico",
      "favicon.svg",
      "how-it-works.html",
      "icon-192.png",
      "icon-512.png",
      "icon-maskable-512.png",
      "index.html",
      "legal.html",
      "og-image.png",
      "robots.txt",
      "site.webmanifest",
      "sitemap.xml",
      "speculation-rules.json",
      "terms.html",
    ]
  `);
});
