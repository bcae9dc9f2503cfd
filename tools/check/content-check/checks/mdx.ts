/**
 * The MDX files of content/: each compiled by the build's own pipeline (frontmatter, widgets, internal links,
 * MDX syntax), so `npm run check`, `npm run dev` and the build report the same errors; then what spans files.
 */
import { existsSync } from 'node:fs';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { compile } from '@mdx-js/mdx';
import { VFile } from 'vfile';
import { readFrontmatter } from '../../../../src/site/mdx/frontmatter.ts';
import { mdxOptions } from '../../../../src/site/mdx/pipeline.ts';
import { type ProseBlock, rehypeCollectProse } from '../../proofreading/prose.ts';
import { pages } from '../../../../src/site/registry.ts';
import { createContentRenderer, type RenderTarget } from '../render-check.ts';
import { collectionOf, collections } from '../../../../src/content/content.config.ts';
import { mdxMessages } from '../../../../src/content/schema/messages.ts';
import { toMessages } from './mdx-syntax.ts';

async function mdxFiles(dir: string): Promise<string[]> {
  if (!existsSync(dir)) return [];
  const entries = await readdir(dir, { withFileTypes: true, recursive: true });
  return entries
    .filter((entry) => entry.isFile() && entry.name.endsWith('.mdx'))
    .map((entry) => path.join(entry.parentPath, entry.name))
    .sort();
}

export interface CheckOptions {
  /**
   * Whether every page of the registry must have its file in content/pages/. True for the site;
   * false for a test fixture that holds only the files of one broken case.
   */
  requireAllPages?: boolean;
  /** Receives the visible text of each file compiled, for proofreading (./proofreading.ts). */
  prose?: ProseBlock[];
}

/**
 * The MDX files of content/: each compiled by the site's pipeline, then rendered with the real widgets;
 * then what spans files (duplicate `order`, a registry page without its file). What the build runs first
 * (see vite.config.ts), so that it fails with these messages rather than a stack trace.
 * `root` is the folder that holds content/; messages name files relative to it.
 */
export async function checkMdxContent(root: string, { requireAllPages = true, prose }: CheckOptions = {}): Promise<string[]> {
  // The prose is read from the tree the build renders, after the typography plugin: what visitors read.
  const options = prose
    ? { ...mdxOptions, rehypePlugins: [...mdxOptions.rehypePlugins, rehypeCollectProse(prose, root)] }
    : mdxOptions;
  const problems: string[] = [];
  /** By collection, then by `order`: the files that use it, with the line where they write it. */
  const orders = new Map<string, Map<number, { relative: string; line: number | undefined }[]>>();
  const compiled: RenderTarget[] = [];
  const files = await mdxFiles(path.join(root, 'content'));
  // Started now, ready by the time every file is compiled.
  const renderer = files.length > 0 ? createContentRenderer() : undefined;
  // Awaited after the compile loop; until then a failure to start must not count as unhandled.
  renderer?.catch(() => undefined);

  for (const file of files) {
    const relative = path.relative(root, file).split(path.sep).join('/');
    const source = await readFile(file, 'utf8');
    try {
      const code = String(await compile(new VFile({ path: file, value: source, cwd: root }), options));
      compiled.push({ file, relative, code });
    } catch (error) {
      problems.push(...toMessages(error, relative));
      continue;
    }
    const collection = collectionOf(file);
    if (collection && collections[collection].ordered) {
      // The file compiled, so its frontmatter is valid and `order` is an integer.
      const frontmatter = readFrontmatter(source)!;
      const order = (frontmatter.data as { order: number }).order;
      const byOrder = orders.get(collection) ?? new Map();
      byOrder.set(order, [...(byOrder.get(order) ?? []), { relative, line: frontmatter.lineOf('order') }]);
      orders.set(collection, byOrder);
    }
  }

  for (const [collection, byOrder] of orders) {
    const free = Math.max(...byOrder.keys()) + 1;
    for (const [order, files] of byOrder) {
      const [first, ...others] = files;
      for (const other of others) {
        problems.push(
          `${other.relative}${other.line ? `:${other.line}` : ''} → ${mdxMessages.duplicateOrder(order, first?.relative ?? '', collection, free)}`,
        );
      }
    }
  }

  if (requireAllPages) {
    for (const page of pages) {
      if (!existsSync(path.join(root, 'content', 'pages', page.content))) {
        problems.push(`content/pages/${page.content} → ${mdxMessages.missingPage(page.path)}`);
      }
    }
  }

  if (renderer) {
    const started = await renderer;
    try {
      problems.push(...(await started.render(compiled, problems)));
    } finally {
      await started.close();
    }
  }
  return problems;
}
