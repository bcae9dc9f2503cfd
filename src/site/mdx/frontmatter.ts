/**
 * The one reader of an MDX file's frontmatter, for every tool that reads it outside the MDX pipeline (the check,
 * proofreading, the editor's list order, cms:normalise) and for the pipeline's own schema check: the YAML is
 * parsed by `yaml`, the library remark-mdx-frontmatter exports the values with, so all of them read a value alike.
 */
import { type Document, isMap, isNode, isScalar, LineCounter, parseDocument } from 'yaml';

export interface ParsedFrontmatter {
  /** The YAML with the positions of its nodes; `errors` lists what is not valid YAML. */
  document: Document.Parsed;
  /** Its values as plain data (`{}` for an empty block); undefined when `document.errors` is not empty. */
  data: unknown;
  /** The line, in the file, of an offset in the YAML. */
  lineAt(offset: number): number;
  /** The line, in the file, where a top-level field is written. */
  lineOf(field: string): number | undefined;
}

/** YAML whose first line is line `firstLine` of its file (line 2: after the opening `---`). */
export function parseFrontmatter(yaml: string, firstLine = 2): ParsedFrontmatter {
  const lineCounter = new LineCounter();
  const document = parseDocument(yaml, { lineCounter });
  const lineAt = (offset: number) => firstLine + lineCounter.linePos(offset).line - 1;
  return {
    document,
    data: document.errors.length > 0 ? undefined : (document.toJS() ?? {}),
    lineAt,
    lineOf(field) {
      // `sources.1.url`: the deepest node of that path the YAML has.
      const keys = field.split('.').map((key) => (/^\d+$/.test(key) ? Number(key) : key));
      for (let depth = keys.length; depth > 0; depth--) {
        const node = document.getIn(keys.slice(0, depth), true);
        const offset = isNode(node) ? node.range?.[0] : undefined;
        if (depth === 1 && isMap(document.contents)) {
          const pair = document.contents.items.find((item) => isScalar(item.key) && item.key.value === keys[0]);
          const keyOffset = isScalar(pair?.key) ? pair.key.range?.[0] : undefined;
          if (keyOffset !== undefined) return lineAt(keyOffset);
        }
        if (offset !== undefined) return lineAt(offset);
      }
      return undefined;
    },
  };
}

/** The fences remark-frontmatter recognises: `---` on the first line, and again on a line of its own. */
const block = /^---[ \t]*\r?\n(?:([\s\S]*?)\r?\n)?---[ \t]*(?:\r?\n|$)/;

/** The frontmatter of an MDX file and what follows it; undefined when the file has no closed `---` block. */
export function readFrontmatter(source: string): (ParsedFrontmatter & { body: string }) | undefined {
  const match = block.exec(source);
  if (!match) return undefined;
  return { ...parseFrontmatter(match[1] ?? ''), body: source.slice(match[0].length) };
}
