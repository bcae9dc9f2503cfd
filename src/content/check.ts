/**
 * Validates everything under content/ without building the site: each MDX file goes through
 * the same compile pipeline as the build, then checks that span files (duplicate `order`).
 * Returns French, editor-facing messages; `scripts/check-content.ts` prints them.
 */
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { compile } from '@mdx-js/mdx';
import { VFile } from 'vfile';
import { parse as parseYaml } from 'yaml';
import { mdxOptions } from '../mdx/pipeline.ts';
import { ContentError } from './errors.ts';
import { collectionOf, orderedCollections } from './schema.ts';

async function mdxFiles(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true, recursive: true });
  return entries
    .filter((entry) => entry.isFile() && entry.name.endsWith('.mdx'))
    .map((entry) => path.join(entry.parentPath, entry.name))
    .sort();
}

function toMessage(error: unknown, relative: string): string {
  if (error instanceof ContentError) return error.message;
  // MDX syntax errors (unclosed tag, stray `{`…) carry a line and a technical reason.
  const line = (error as { line?: number }).line;
  const reason = (error as { reason?: string }).reason ?? String(error);
  return `${relative}${line ? `:${line}` : ''} → erreur de syntaxe MDX : ${reason}. Vérifiez qu'aucune balise <…> n'est restée ouverte et qu'aucune accolade { } n'est isolée.`;
}

/** `root` is the project root; files are named relative to it in the messages. */
export async function checkContent(root: string): Promise<string[]> {
  const problems: string[] = [];
  const orders = new Map<string, Map<number, string>>();

  for (const file of await mdxFiles(path.join(root, 'content'))) {
    const relative = path.relative(root, file).split(path.sep).join('/');
    const source = await readFile(file, 'utf8');
    try {
      await compile(new VFile({ path: file, value: source, cwd: root }), mdxOptions);
    } catch (error) {
      problems.push(toMessage(error, relative));
      continue;
    }
    const collection = collectionOf(file);
    if (collection && (orderedCollections as readonly string[]).includes(collection)) {
      const frontmatter = /^---\n([\s\S]*?)\n---/.exec(source)?.[1] ?? '';
      const order = (parseYaml(frontmatter) as { order: number }).order;
      const seen = orders.get(collection) ?? new Map<number, string>();
      const other = seen.get(order);
      if (other) {
        problems.push(
          `${relative} → « order: ${order} » est déjà utilisé par ${other}. Deux fichiers de content/${collection}/ ne peuvent pas avoir le même numéro : choisissez un numéro libre.`,
        );
      }
      seen.set(order, relative);
      orders.set(collection, seen);
    }
  }
  return problems;
}
