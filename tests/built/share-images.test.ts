/**
 * Share images (tools/build/share-images.ts): every page of dist/ that has an og:title (every page of the
 * registry, indexed or not) points its og:image at its own PNG of dist/partage/, which exists, is 1200 × 630 as
 * its IHDR says and as og:image:width/height declare, and differs from every other page's.
 */
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, test } from 'vitest';
import { indexedPages } from '../../src/site/registry.ts';
import { shareImagePath } from '../../src/site/share-image.ts';
import { siteUrlFrom } from '../../src/site/site-url.ts';
import { metaProperty, routeOfFile } from '../../tools/build/share-images.ts';
import { dist, distFile, pagesOnDisk, read } from './dist.ts';

const siteUrl = siteUrlFrom(process.env);

/** Every HTML file of dist/ with an og:title, whatever made it: the registry's pages, and any added later. */
const sharedPages = readdirSync(dist, { recursive: true, encoding: 'utf8' })
  .filter((file) => file.endsWith('.html'))
  .map((file) => ({ route: routeOfFile(file), html: read(path.join(dist, file)) }))
  .filter((page) => metaProperty(page.html, 'og:title') !== undefined)
  // guides/index.html is the list /guides again (tools/build/postbuild.ts): one page, one image.
  .filter((page, index, all) => all.findIndex((other) => other.route === page.route) === index);

/** Width and height from the IHDR chunk, after checking the PNG signature and that IHDR comes first. */
function ihdr(bytes: Buffer): { width: number; height: number } {
  expect(bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))).toBe(true);
  expect(bytes.subarray(12, 16).toString('latin1')).toBe('IHDR');
  return { width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) };
}

describe('share images', () => {
  test('every indexed page of the registry is among the pages with an og:title', () => {
    const routes = sharedPages.map((page) => page.route);
    expect(indexedPages.map((page) => page.path).filter((route) => !routes.includes(route))).toEqual([]);
    // The not-found page has no Open Graph tags, and so no image.
    expect(metaProperty(read(path.join(dist, '404.html')), 'og:image')).toBeUndefined();
  });

  for (const { route, html } of sharedPages) {
    test(`${route}: og:image is its own 1200 × 630 PNG, as declared`, () => {
      const url = shareImagePath(route);
      expect(metaProperty(html, 'og:image')).toBe(`${siteUrl}${url}`);
      expect(metaProperty(html, 'og:image:type')).toBe('image/png');
      const file = distFile(url);
      expect(existsSync(file), file).toBe(true);
      const size = ihdr(readFileSync(file));
      expect(size).toEqual({ width: 1200, height: 630 });
      expect(metaProperty(html, 'og:image:width')).toBe(String(size.width));
      expect(metaProperty(html, 'og:image:height')).toBe(String(size.height));
      expect(metaProperty(html, 'og:image:alt')).toContain(metaProperty(html, 'og:title')?.split(' | ')[0]);
      expect(html).toContain('<meta name="twitter:card" content="summary_large_image"/>');
    });
  }

  test('each page has an image of its own: distinct files, distinct bytes', () => {
    const urls = sharedPages.map((page) => metaProperty(page.html, 'og:image'));
    expect(new Set(urls).size).toBe(sharedPages.length);
    const digests = sharedPages.map((page) =>
      createHash('sha256')
        .update(readFileSync(distFile(shareImagePath(page.route))))
        .digest('hex'),
    );
    expect(new Set(digests).size).toBe(sharedPages.length);
    expect(sharedPages.length).toBe(pagesOnDisk.length - 1);
  });
});
