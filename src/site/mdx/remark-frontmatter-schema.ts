/**
 * Validates each MDX file's YAML frontmatter against the schema of its `content/` folder,
 * and fails the build (or `npm run check`) with a French message naming file, line and field.
 * Runs after remark-frontmatter, which turns the `---` block into a `yaml` node.
 */
import path from 'node:path';
import type { Root } from 'mdast';
import type { VFile } from 'vfile';
import * as v from 'valibot';
import { type CollectionName, collectionOf, collections } from '../../content/content.config.ts';
import { ContentError } from '../../content/schema/errors.ts';
import { type GuideFrontmatter, guideDateMistake } from '../../content/schema/guide-schema.ts';
import { describeFrontmatterIssues, mdxMessages } from '../../content/schema/messages.ts';
import { type ParsedFrontmatter, parseFrontmatter } from './frontmatter.ts';

/** `content/faq/cout.mdx`: the file as the editor sees it, from the project root (the vfile's cwd). */
export function relativeContentPath(file: VFile): string {
  return path.relative(file.cwd, file.path).split(path.sep).join('/');
}

/**
 * The frontmatter of `relative`, a file of `collection`, once its schema accepts it; else a ContentError naming the
 * line of the field at fault (`sources.1.url`: the line of that url). `parsed` is undefined for a file with no
 * frontmatter. Also used by the build's list of guides (src/site/guides/guides.ts), which reads them outside MDX.
 */
export function checkedFrontmatter(collection: CollectionName, relative: string, parsed: ParsedFrontmatter | undefined): unknown {
  const { schema } = collections[collection];
  const { document, data, lineOf } = parsed ?? parseFrontmatter('');
  const firstLine = parsed ? 2 : 1;
  const [error] = document.errors;
  if (error) throw new ContentError(relative, mdxMessages.invalidYaml, firstLine + (error.linePos?.[0].line ?? 1) - 1);
  const result = v.safeParse(schema, data);
  if (!result.success) {
    const [first] = describeFrontmatterIssues(result.issues, Object.keys(schema.entries));
    if (first) throw new ContentError(relative, first.problem, lineOf(first.field) ?? (parsed ? firstLine - 1 : 1));
  }
  if (collection === 'guides') {
    const mistake = guideDateMistake(result.output as GuideFrontmatter);
    if (mistake) throw new ContentError(relative, mistake.problem, lineOf(mistake.field));
  }
  return result.output;
}

export function remarkFrontmatterSchema() {
  return (tree: Root, file: VFile) => {
    const collection = collectionOf(file.path);
    if (!collection) return;
    const yamlNode = tree.children.find((node) => node.type === 'yaml');
    // The frontmatter starts on the line after the opening `---`.
    const parsed = yamlNode ? parseFrontmatter(yamlNode.value, (yamlNode.position?.start.line ?? 1) + 1) : undefined;
    checkedFrontmatter(collection, relativeContentPath(file), parsed);
  };
}
