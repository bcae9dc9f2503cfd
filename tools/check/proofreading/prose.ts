/**
 * The visible text of content/, as proofreading reads it: one block per paragraph, heading, list item, widget
 * text, frontmatter value or data-file text, each as visitors read it (French typography set) and with the line
 * of content/ every part of it comes from.
 *
 * Left out: code, URLs and email addresses (masked by the spelling check), widget settings, MDX expressions and
 * comments, link targets, keys.
 */
import path from 'node:path';
import type { Element, ElementContent, Root as HastRoot, RootContent } from 'hast';
import { isMap, isScalar, isSeq } from 'yaml';
import type { VFile } from 'vfile';
import { identifierFields } from '../../../src/content/schema/guide-schema.ts';
import { readFrontmatter } from '../../../src/site/mdx/frontmatter.ts';
import { inlineElements, untouchedElements } from '../../../src/site/mdx/rehype-french-typography.ts';
import { frenchTypography, looksLikeTarget } from '../../../src/site/typography/french.ts';

export interface ProseBlock {
  /** The file, relative to the folder that holds content/: `content/faq/cout.mdx`. */
  file: string;
  /** The text as shown; line breaks of the source are kept. */
  text: string;
  /** Where each part of `text` starts, and the line of the file it starts on. */
  starts: readonly { index: number; line: number }[];
}

/** The line of the file that holds character `index` of a block. */
export function lineOf(block: ProseBlock, index: number): number {
  let found = block.starts[0] ?? { index: 0, line: 1 };
  for (const start of block.starts) {
    if (start.index > index) break;
    found = start;
  }
  return found.line + (block.text.slice(found.index, index).match(/\n/g)?.length ?? 0);
}

/**
 * An inline widget without text (<CompanyEmail />) shows a value of the data files, today an email address:
 * a stand-in of that kind keeps its sentence whole for the grammar checker, and spelling skips it like any address.
 */
const inlineWidgetStandIn = 'contact@exemple.fr';

type Builder = { text: string; starts: { index: number; line: number }[] };

/** Adds text to a block as a browser shows it: no space at its start, never two in a row between nodes. */
function append(current: Builder, value: string, line?: number): void {
  let text = value;
  let at = line;
  if (current.text === '' || /\s$/u.test(current.text)) {
    const leading = /^\s*/u.exec(text)?.[0] ?? '';
    text = text.slice(leading.length);
    if (at !== undefined) at += leading.match(/\n/g)?.length ?? 0;
  }
  if (text === '') return;
  if (at !== undefined) current.starts.push({ index: current.text.length, line: at });
  current.text += text;
}

function finish(builder: Builder, file: string, out: ProseBlock[]): void {
  const text = builder.text.trimEnd();
  if (/\p{L}/u.test(text)) out.push({ file, text, starts: builder.starts });
}

/**
 * A list is one block: its items are the parts of one enumeration (« d’accès : … ; de rectification : … »),
 * so that an item starting with a small letter after a « ; » reads as the sentence goes on; and after a
 * paragraph ending with « : », the list continues that paragraph's sentence.
 */
const list = new Set(['ul', 'ol']);

function collect(nodes: (RootContent | ElementContent)[], current: Builder, file: string, out: ProseBlock[], inList = false): void {
  const block = (children: (RootContent | ElementContent)[], listBlock = false) => {
    const fresh: Builder = { text: '', starts: [] };
    collect(children, fresh, file, out, listBlock);
    const previous = out.at(-1);
    if (listBlock && previous?.file === file && /:$/u.test(previous.text)) {
      const offset = previous.text.length + 1;
      out[out.length - 1] = {
        file,
        text: `${previous.text} ${fresh.text.trimEnd()}`,
        starts: [...previous.starts, ...fresh.starts.map((start) => ({ ...start, index: start.index + offset }))],
      };
      return;
    }
    finish(fresh, file, out);
  };
  for (const node of nodes) {
    if (node.type === 'text') {
      append(current, node.value, node.position?.start.line);
    } else if (node.type === 'element') {
      const element = node as Element;
      // An image's alternative text is read on its own, where the image stands.
      if (element.tagName === 'img' && typeof element.properties.alt === 'string' && element.position) {
        out.push({ file, text: element.properties.alt, starts: [{ index: 0, line: element.position.start.line }] });
      } else if (untouchedElements.has(element.tagName)) append(current, ' ');
      else if (inlineElements.has(element.tagName)) collect(element.children, current, file, out, inList);
      else if (list.has(element.tagName)) block(element.children, true);
      else if (inList && (element.tagName === 'li' || element.tagName === 'p')) {
        append(current, ' ');
        collect(element.children, current, file, out, inList);
      } else block(element.children);
    } else if (node.type === 'mdxJsxFlowElement') {
      block(node.children as ElementContent[]);
    } else if (node.type === 'mdxJsxTextElement') {
      if (node.children.length === 0) append(current, inlineWidgetStandIn);
      else collect(node.children as ElementContent[], current, file, out, inList);
    }
  }
}

/** The string values of the frontmatter (titles, descriptions, questions), set as the page shows them. */
function frontmatterBlocks(source: string, file: string): ProseBlock[] {
  const frontmatter = readFrontmatter(source);
  if (frontmatter === undefined) return [];
  const blocks: ProseBlock[] = [];
  const visit = (node: unknown) => {
    if (isMap(node)) {
      for (const pair of node.items) if (!(isScalar(pair.key) && identifierFields.has(String(pair.key.value)))) visit(pair.value);
    } else if (isSeq(node)) {
      for (const item of node.items) visit(item);
    } else if (isScalar(node) && typeof node.value === 'string' && !looksLikeTarget(node.value) && node.range) {
      blocks.push({ file, text: frenchTypography(node.value), starts: [{ index: 0, line: frontmatter.lineAt(node.range[0]) }] });
    }
  };
  visit(frontmatter.document.contents);
  return blocks;
}

/**
 * A rehype plugin that appends the prose of an MDX file to `sink`; it runs after the typography plugin, on
 * the tree the build renders. `root` is the folder that holds content/.
 */
export function rehypeCollectProse(sink: ProseBlock[], root: string) {
  return () => (tree: HastRoot, vfile: VFile) => {
    const file = path.relative(root, vfile.path).split(path.sep).join('/');
    sink.push(...frontmatterBlocks(String(vfile.value), file));
    const rest: Builder = { text: '', starts: [] };
    collect(tree.children, rest, file, sink);
    finish(rest, file, sink);
  };
}
