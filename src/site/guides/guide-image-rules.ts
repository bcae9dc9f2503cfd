/**
 * What a guide's image must be (src/site/mdx/remark-guide-images.ts checks it), apart from how its copies are made
 * (./guide-images.ts, which needs sharp): the editor's preview, in the browser, checks images with these rules alone.
 */
import { proseMeasure } from '../styles/measures.ts';

/** What an editor may upload: photos and screenshots. No SVG (it can carry scripts) and no GIF. */
export const guideImageExtensions = ['.png', '.jpg', '.jpeg', '.webp', '.avif'] as const;
/** A screenshot is far below it; an unreduced camera photo is not. */
export const guideImageMaxMegabytes = 8;
/** An alternative text says what the image shows in a sentence; the detail belongs in the guide's text. */
export const guideImageAltMax = 250;

/** `Capture d'écran (1).PNG` → `capture-d-ecran-1`: plain ASCII, lower case, dashes. */
export function plainStem(fileName: string): string {
  const stem = fileName.replace(/\.[^.]*$/, '');
  const plain = stem
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
  return plain.slice(0, 60) || 'image';
}

/** The name the editor saves an upload under: `Capture d'écran (1).PNG` → `capture-d-ecran-1.png`. */
export function guideImageFileName(original: string): string {
  const extension = original.match(/\.[^.]*$/)?.[0]?.toLowerCase() ?? '';
  return `${plainStem(original)}${extension === '.jpeg' ? '.jpg' : extension}`;
}

/**
 * `sizes` of every guide image: a phone's width less the page's two side gutters of 1rem (styles/container.css.ts),
 * the text column beyond. A phone of 375 px at two device pixels per pixel takes the narrow copy.
 */
export const guideImageSizes = `(min-width: ${proseMeasure.css}) ${proseMeasure.css}, calc(100vw - 2rem)`;

interface PreparedImage {
  /** The narrowest copy, for browsers that ignore `srcset`. */
  src: string;
  srcSet: string;
  /** Of the widest copy: the browser reserves the image's box before it arrives. */
  width: number;
  height: number;
}

/** A source file above guideImageMaxMegabytes: `megabytes` rounded up. */
export class ImageTooLarge extends Error {
  constructor(readonly megabytes: number) {
    super(`${megabytes} MB`);
  }
}

/** Prepares an image: returns what its `<img>` needs, or throws ImageTooLarge, or any error when the file is not an image it can read. */
export type PrepareImage = (root: string, source: string, urlFolder: string) => Promise<PreparedImage>;
