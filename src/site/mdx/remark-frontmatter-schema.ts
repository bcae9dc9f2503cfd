/**
 * Validates each MDX file's YAML frontmatter against the schema of its `content/` folder,
 * and fails the build (or `npm run check`) with a French message naming file, line and field.
 * Runs after remark-frontmatter, which turns the `---` block into a `yaml` node.
 */
import path from 'node:path';
import type { Root } from 'mdast';
import type { VFile } from 'vfile';
import * as v from 'valibot';
import { collectionOf, collections } from '../../content/content.config.ts';
import { ContentError } from '../../content/schema/errors.ts';
import { describeFrontmatterIssues, mdxMessages } from '../../content/schema/messages.ts';
import { parseFrontmatter } from './frontmatter.ts';

/** `content/faq/cout.mdx`: the file as the editor sees it, from the project root (the vfile's cwd). */
export function relativeContentPath(file: VFile): string {
  return path.relative(file.cwd, file.path).split(path.sep).join('/');
}

export function remarkFrontmatterSchema() {
  return (tree: Root, file: VFile) => {
    const collection = collectionOf(file.path);
    if (!collection) return;
    const { schema } = collections[collection];
    const relative = relativeContentPath(file);
    const yamlNode = tree.children.find((node) => node.type === 'yaml');
    // The frontmatter starts on line 2 of the file (line 1 is `---`).
    const firstLine = (yamlNode?.position?.start.line ?? 1) + 1;

    const { document, data, lineOf } = parseFrontmatter(yamlNode?.value ?? '', firstLine);
    const [error] = document.errors;
    if (error) throw new ContentError(relative, mdxMessages.invalidYaml, firstLine + (error.linePos?.[0].line ?? 1) - 1);

    const result = v.safeParse(schema, data);
    if (!result.success) {
      const [first] = describeFrontmatterIssues(result.issues, Object.keys(schema.entries));
      if (first) throw new ContentError(relative, first.problem, lineOf(first.field) ?? (yamlNode ? firstLine - 1 : 1));
    }
  };
}
