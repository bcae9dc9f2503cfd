/**
 * A guide's images (src/site/guides/guide-images.ts): each `![texte](/guides/<slug>/<fichier>)` must name a file of
 * the guide's own folder, in a format a phone shows, with a text that says what it shows; anything else stops the
 * build and `npm run check` with a French message naming the file and the line. Only guides carry images.
 * Given `prepare` (the build, the dev server, the check), each image is made into its copies and gets its
 * `srcset`, its size (no layout shift while it arrives) and `loading="lazy"`; the editor's preview, in the browser,
 * shows the file as written.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import type { Image, ImageReference, Root } from 'mdast';
import { visit } from 'unist-util-visit';
import type { VFile } from 'vfile';
import { ContentError } from '../../content/schema/errors.ts';
import { imageMessages } from '../../content/schema/messages.ts';
import {
  guideImageAltMax,
  guideImageExtensions,
  guideImageMaxMegabytes,
  guideImageSizes,
  ImageTooLarge,
  type PrepareImage,
} from '../guides/guide-image-rules.ts';
import { guidesBase } from '../registry.ts';
import { relativeContentPath } from './remark-frontmatter-schema.ts';

/** `content/guides/formulaire-5472-llc-non-resident.mdx` → `formulaire-5472-llc-non-resident`; undefined for any other file. */
function guideSlugOf(relative: string): string | undefined {
  return relative.match(new RegExp(`^content${guidesBase}/([^/]+)\\.mdx$`))?.[1];
}

export function remarkGuideImages(options: { prepare?: PrepareImage } = {}) {
  return async (tree: Root, file: VFile) => {
    const relative = relativeContentPath(file);
    const slug = guideSlugOf(relative);
    const images: Image[] = [];
    visit(tree, (node) => {
      const line = node.position?.start.line;
      if ((node.type === 'mdxJsxFlowElement' || node.type === 'mdxJsxTextElement') && node.name === 'img') {
        throw new ContentError(relative, imageMessages.rawImg, line);
      }
      if (node.type === 'imageReference') {
        throw new ContentError(relative, imageMessages.referenceImage, (node as ImageReference).position?.start.line);
      }
      if (node.type !== 'image') return;
      if (slug === undefined) throw new ContentError(relative, imageMessages.notInGuide, line);
      images.push(node);
    });
    if (slug === undefined) return;
    const folder = `content${guidesBase}/${slug}`;
    const urlFolder = `${guidesBase}/${slug}`;
    await Promise.all(
      images.map(async (image) => {
        const line = image.position?.start.line;
        const fail = (problem: string) => new ContentError(relative, problem, line);
        let url: string;
        try {
          url = decodeURI(image.url);
        } catch {
          throw fail(imageMessages.outsideFolder(image.url, folder));
        }
        const name = url.startsWith(`${urlFolder}/`) ? url.slice(urlFolder.length + 1) : '';
        if (!name || name.includes('/') || name.includes('\\') || name.startsWith('.')) {
          throw fail(imageMessages.outsideFolder(image.url, folder));
        }
        const [, stem = '', extension = ''] = name.match(/^(.*?)(\.[^.]*)?$/) ?? [];
        if (!(guideImageExtensions as readonly string[]).includes(extension.toLowerCase())) {
          throw fail(imageMessages.badExtension(image.url));
        }
        const alt = (image.alt ?? '').trim();
        if (!alt) throw fail(imageMessages.noAlt(image.url));
        const plainName = (text: string) => text.toLowerCase().replace(/[^a-z0-9]+/g, '');
        if (plainName(alt) === plainName(name) || plainName(alt) === plainName(stem)) {
          throw fail(imageMessages.altIsFileName(image.url));
        }
        if (alt.length > guideImageAltMax) throw fail(imageMessages.altTooLong(image.url, guideImageAltMax));
        const source = path.join(file.cwd, folder, name);
        if (!existsSync(source)) throw fail(imageMessages.missingFile(image.url, `${folder}/${name}`));
        if (!options.prepare) return;
        let prepared: Awaited<ReturnType<PrepareImage>>;
        try {
          prepared = await options.prepare(file.cwd, source, urlFolder);
        } catch (error) {
          if (error instanceof ImageTooLarge) {
            throw fail(imageMessages.tooLarge(`${folder}/${name}`, error.megabytes, guideImageMaxMegabytes));
          }
          throw fail(imageMessages.unreadable(`${folder}/${name}`));
        }
        image.url = prepared.src;
        image.alt = alt;
        image.data = {
          ...image.data,
          hProperties: {
            srcSet: prepared.srcSet,
            sizes: guideImageSizes,
            width: prepared.width,
            height: prepared.height,
            loading: 'lazy',
            decoding: 'async',
          },
        };
      }),
    );
  };
}
