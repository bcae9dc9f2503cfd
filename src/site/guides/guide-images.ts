/**
 * A guide's images. The editor saves them in the guide's own folder, content/guides/<slug>/, and writes
 * `![ce que montre l'image](/guides/<slug>/<fichier>)`. Visitors never download that file, often a screenshot of
 * several megabytes: the build makes WebP copies no wider than the text column (one for ordinary screens, one for
 * dense ones), named by a hash of the source, so that a replaced image gets a new address. They are made while the
 * MDX compiles (src/site/mdx/remark-guide-images.ts), kept in a cache, copied into dist/ by tools/build/postbuild.ts
 * and served by the dev server from that cache (tools/build/guide-images-plugin.ts).
 */
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, renameSync, statSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { proseMeasure } from '../styles/measures.ts';
import { guideImageMaxMegabytes, ImageTooLarge, type PrepareImage, plainStem } from './guide-image-rules.ts';

/** The text column in CSS pixels (16 px per rem), then twice that for screens of two device pixels per pixel. */
const columnWidth = proseMeasure.rem * 16;
const widths = [columnWidth, columnWidth * 2];
const quality = 78;

/** Where the copies are kept between builds, under the project root; each at the path of its URL. */
export const guideImageCacheDir = path.join('node_modules', '.cache', 'propllc-guide-images');

/**
 * The copies of `source` (an absolute path of content/guides/<slug>/), made into the cache unless there already:
 * `urlFolder` is `/guides/<slug>`.
 */
export const prepareGuideImage: PrepareImage = async (root, source, urlFolder) => {
  const megabytes = statSync(source).size / 1024 / 1024;
  if (megabytes > guideImageMaxMegabytes) throw new ImageTooLarge(Math.ceil(megabytes));
  const bytes = readFileSync(source);
  const hash = createHash('sha256')
    .update(bytes)
    .update(`${widths.join(',')} q${quality}`)
    .digest('hex')
    .slice(0, 10);
  const image = sharp(bytes, { failOn: 'error' });
  const metadata = await image.metadata();
  if (!metadata.width || !metadata.height) throw new Error(`${source}: no dimensions`);
  // A phone's photo says how to turn it (EXIF orientation 5 to 8: a quarter turn); the copies are turned.
  const turned = (metadata.orientation ?? 1) >= 5;
  const [fullWidth, fullHeight] = turned ? [metadata.height, metadata.width] : [metadata.width, metadata.height];
  const copyWidths = [...new Set(widths.map((width) => Math.min(width, fullWidth)))];
  const copies = copyWidths.map((width) => ({ width, url: `${urlFolder}/${plainStem(path.basename(source))}-${hash}-${width}.webp` }));
  for (const copy of copies) {
    const file = path.join(root, guideImageCacheDir, copy.url);
    if (existsSync(file)) continue;
    mkdirSync(path.dirname(file), { recursive: true });
    // Its own temporary name: the same image shown twice in a guide is made twice at once.
    const written = `${file}.${process.pid}-${Math.random().toString(36).slice(2)}.tmp`;
    await sharp(bytes, { failOn: 'error' }).rotate().resize({ width: copy.width }).webp({ quality }).toFile(written);
    // Renamed into place: a build running beside this one never copies half a file.
    renameSync(written, file);
  }
  const widest = copies.at(-1)!;
  return {
    src: copies[0]!.url,
    srcSet: copies.map((copy) => `${copy.url} ${copy.width}w`).join(', '),
    width: widest.width,
    height: Math.round((fullHeight * widest.width) / fullWidth),
  };
};

/** The guide images a page of dist/ shows: every `/guides/…webp` of its `src` and `srcset` attributes. */
export function guideImageUrls(html: string, guidesBase: string): string[] {
  const urls = new Set<string>();
  for (const [tag] of html.matchAll(/<img\b[^>]*>/gi)) {
    for (const [, value] of tag.matchAll(/\bsrc(?:set)?="([^"]*)"/gi)) {
      for (const candidate of value!.split(',')) {
        const url = candidate.trim().split(/\s+/)[0] ?? '';
        if (url.startsWith(`${guidesBase}/`) && url.endsWith('.webp')) urls.add(url);
      }
    }
  }
  return [...urls];
}
