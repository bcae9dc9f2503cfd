/**
 * Mistakes an editor makes that MDX compiles without complaint but that break the build later
 * (`{environ}` is a JavaScript expression: "environ is not defined" while pre-rendering) or show up
 * as raw text on the page (a broken Markdown link). Each one fails here, with file, line and fix in French.
 * Runs first, on the tree the editor wrote, before other plugins add their own import and export lines.
 */
import type { Program as EstreeProgram } from 'estree-jsx';
import type { Nodes, PhrasingContent, Root } from 'mdast';
import { visit } from 'unist-util-visit';
import type { VFile } from 'vfile';
import { ContentError } from '../../content/schema/errors.ts';
import { emptyBodyMessages, esmProblem, mdxMessages, unclosedFrontmatterProblem } from '../../content/schema/messages.ts';
import { collectionOf } from '../../content/content.config.ts';
import { relativeContentPath } from './remark-frontmatter-schema.ts';

/**
 * An expression that holds only a comment (`{/* note *\/}`), or nothing. It would render nothing, but the visual
 * editor cannot open a file that holds one (Keystatic reads no MDX expression), so it is refused too.
 */
function isCommentOnly(node: { data?: { estree?: EstreeProgram | null } }): boolean {
  return (node.data?.estree?.body.length ?? 0) === 0;
}

/** Text that looks like a link whose brackets or parentheses do not pair up. */
const brokenLink = [
  // [texte(/adresse)  or  [texte (https://…): the ] is missing.
  /\[[^\]\n]*\((?:\/|#|https?:|mailto:|tel:)/,
  // texte](/adresse)  or  [texte](/adresse  (no closing parenthesis, so no link was made).
  /\]\(/,
  // [texte] (/adresse): a space between ] and (.
  /\]\s+\((?:\/|#|https?:|mailto:|tel:)/,
  // [texte]/adresse): the ( is missing.
  /\](?:\/|https?:)/,
];

/** Inline nodes whose text belongs to the sentence around them. */
const formatting = new Set(['emphasis', 'strong', 'delete']);

/** The words around a mistake: from its `[` (or the word before it) to its `)` (or the end of the address). */
function excerpt(text: string, index: number, length: number): string {
  const bracket = text.lastIndexOf('[', index);
  const wordStart = text.slice(0, index).search(/\S+\s*$/);
  const start = bracket !== -1 && index - bracket <= 60 ? bracket : Math.max(0, wordStart);
  const rest = text.slice(index + length);
  const close = rest.search(/[)\s]/);
  const end = index + length + (close === -1 ? rest.length : rest[close] === ')' ? close + 1 : close);
  return text.slice(start, end).trim();
}

interface Run {
  text: string;
  line: number | undefined;
}

/** The text of a block as the reader sees it, with what is not plain text (links, code) replaced by a blank. */
function runsOf(children: PhrasingContent[] | Nodes[], runs: Run[] = []): Run[] {
  for (const child of children) {
    if (child.type === 'text') runs.push({ text: child.value, line: child.position?.start.line });
    else if (formatting.has(child.type) && 'children' in child) runsOf(child.children as PhrasingContent[], runs);
    else runs.push({ text: ' ', line: child.position?.start.line });
  }
  return runs;
}

function checkLinks(tree: Root, fail: (problem: string, line: number | undefined) => never): void {
  visit(tree, (node) => {
    if (!('children' in node) || formatting.has(node.type)) return;
    if (!(node.children as Nodes[]).some((child) => child.type === 'text')) return;
    const runs = runsOf(node.children as Nodes[]);
    const text = runs.map((run) => run.text).join('');
    for (const pattern of brokenLink) {
      const match = pattern.exec(text);
      if (!match) continue;
      // The line of the run where the mistake starts.
      let offset = 0;
      let line = node.position?.start.line;
      for (const run of runs) {
        if (offset + run.text.length > match.index) {
          // A run can span several lines (a paragraph typed over two lines).
          const linesBefore = run.text.slice(0, match.index - offset).split('\n').length - 1;
          line = run.line === undefined ? line : run.line + linesBefore;
          break;
        }
        offset += run.text.length;
      }
      fail(mdxMessages.brokenLink(excerpt(text, match.index, match[0].length)), line);
    }
  });
}

export function remarkEditorMistakes() {
  return (tree: Root, file: VFile) => {
    const relative = relativeContentPath(file);
    const fail = (problem: string, line: number | undefined): never => {
      throw new ContentError(relative, problem, line);
    };

    // remark-frontmatter only recognises a block closed by a second `---` line.
    if (/^---[ \t]*\r?\n/.test(String(file.value)) && !tree.children.some((node) => node.type === 'yaml')) {
      fail(`${unclosedFrontmatterProblem}.`, 1);
    }

    // A FAQ answer, a section or a page with nothing under its frontmatter would be published empty.
    const collection = collectionOf(file.path);
    if (collection && tree.children.every((node) => node.type === 'yaml')) {
      fail(emptyBodyMessages.check[collection], tree.children[0]?.position?.end.line);
    }

    visit(tree, (node) => {
      if (node.type === 'mdxjsEsm') fail(`${esmProblem}.`, node.position?.start.line);
      if (node.type === 'mdxTextExpression' || node.type === 'mdxFlowExpression') {
        fail(isCommentOnly(node) ? mdxMessages.comment : mdxMessages.braces(node.value), node.position?.start.line);
      }
      if (node.type === 'mdxJsxFlowElement' || node.type === 'mdxJsxTextElement') {
        for (const attribute of node.attributes) {
          const expression =
            attribute.type === 'mdxJsxExpressionAttribute'
              ? attribute.value
              : attribute.value && typeof attribute.value === 'object'
                ? attribute.value.value
                : undefined;
          if (expression !== undefined) {
            fail(mdxMessages.bracesInTag(expression, node.name ?? ''), attribute.position?.start.line ?? node.position?.start.line);
          }
        }
      }
    });

    checkLinks(tree, fail);
  };
}
