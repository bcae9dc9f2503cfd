/**
 * The one MDX compile pipeline, shared by Vite (build, dev), `npm run check`, the tests (all three through
 * ./pipeline.ts) and the editor's preview in the browser, so that all see the same errors. Only ./pipeline.ts
 * makes a guide's images into their copies (with sharp, which no browser runs).
 */
import type { CompileOptions } from '@mdx-js/mdx';
import type { PrepareImage } from '../guides/guide-image-rules.ts';
import remarkFrontmatter from 'remark-frontmatter';
import remarkMdxFrontmatter from 'remark-mdx-frontmatter';
import { rehypeFrenchTypography } from './rehype-french-typography.ts';
import { remarkEditorMistakes } from './remark-editor-mistakes.ts';
import { remarkFrontmatterSchema } from './remark-frontmatter-schema.ts';
import { remarkFrontmatterTypography } from './remark-frontmatter-typography.ts';
import { remarkGuideImages } from './remark-guide-images.ts';
import { remarkInternalLinks } from './remark-internal-links.ts';
import { remarkPageHandle } from './remark-page-handle.ts';
import { remarkUnwrapInlineWidgets } from './remark-unwrap-inline-widgets.ts';
import { remarkWidgetSettings } from './remark-widget-settings.ts';
import { remarkWidgets } from './remark-widgets.ts';

/** The pipeline; `prepare` makes a guide's images into their copies (src/site/guides/guide-images.ts). */
export const mdxOptionsWith = (prepare: PrepareImage | undefined) =>
  ({
    // Plain elements (h2, a, p, …) come from the one component map given to <MDXProvider> (./components.tsx).
    providerImportSource: '@mdx-js/react',
    remarkPlugins: [
      remarkFrontmatter,
      // First: it sees only what the editor wrote (later plugins add import and export lines).
      remarkEditorMistakes,
      remarkFrontmatterSchema,
      remarkFrontmatterTypography,
      [remarkMdxFrontmatter, { name: 'frontmatter' }],
      remarkPageHandle,
      remarkWidgets,
      remarkWidgetSettings,
      remarkUnwrapInlineWidgets,
      // Before the link check, which would read an image's definition ([nom]: /guides/…) as a link to a page.
      [remarkGuideImages, { prepare }],
      remarkInternalLinks,
    ],
    rehypePlugins: [rehypeFrenchTypography],
  }) satisfies CompileOptions;
