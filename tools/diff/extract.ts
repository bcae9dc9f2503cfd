/**
 * The visible text of one built page, section by section, for `npm run diff`.
 *
 * A section is what a reader sees as one unit: the tab title and meta description, the site header, each part of
 * the page that starts at a heading, each FAQ question (`<details>`), the footer. Inside a section, each block is
 * one paragraph, list item, heading, question, button or link label, form label, image text…
 *
 * The walk is generic over HTML (no class names, no component names), so it keeps working when components change.
 * Text inside scripts, styles, SVG and `hidden` elements is left out; no-break spaces are kept as they are, so a
 * change of space alone can still be told (the report shows them as ordinary spaces).
 */
import type { Element, ElementContent, Root, RootContent } from 'hast';
import { fromHtml } from 'hast-util-from-html';

export type BlockKind =
  | 'title'
  | 'description'
  | 'heading'
  | 'paragraph'
  | 'item'
  | 'question'
  | 'answer'
  | 'button'
  | 'link'
  | 'label'
  | 'placeholder'
  | 'image'
  | 'a11y'
  | 'text';

export interface Block {
  kind: BlockKind;
  text: string;
}

export interface Section {
  /** Stable identity across two builds: an element id when there is one, else the heading's text. */
  key: string;
  /** What the report calls the section (heading text, question…). */
  label: string;
  kind: 'head' | 'header' | 'footer' | 'start' | 'heading' | 'details';
  blocks: Block[];
}

export interface PageText {
  sections: Section[];
}

const skipped = new Set(['script', 'style', 'template', 'noscript', 'svg', 'math', 'iframe', 'object', 'head']);
const headings = new Set(['h1', 'h2', 'h3', 'h4', 'h5', 'h6']);
/** Elements whose text is one block (nested ones are blocks of their own). */
const textBlocks: Record<string, BlockKind> = {
  p: 'paragraph',
  li: 'item',
  dt: 'item',
  dd: 'paragraph',
  th: 'paragraph',
  td: 'paragraph',
  caption: 'paragraph',
  figcaption: 'paragraph',
  pre: 'paragraph',
  address: 'paragraph',
  summary: 'question',
  label: 'label',
  legend: 'label',
  button: 'button',
  option: 'item',
};
/** Phrasing elements: their text flows with the text around them. */
const inline = new Set([
  'a',
  'abbr',
  'b',
  'bdi',
  'bdo',
  'br',
  'cite',
  'code',
  'data',
  'del',
  'dfn',
  'em',
  'i',
  'img',
  'input',
  'ins',
  'kbd',
  'mark',
  'output',
  'q',
  's',
  'samp',
  'small',
  'span',
  'strong',
  'sub',
  'sup',
  'time',
  'u',
  'var',
  'wbr',
]);
/** Sectioning ancestors: a `header`/`footer` inside them is not the site's header/footer. */
const sectioning = new Set(['main', 'article', 'section', 'aside', 'nav']);

/** HTML collapses runs of ASCII white space; no-break spaces are text and stay. */
function collapse(text: string): string {
  return text.replace(/[ \t\n\r\f]+/g, ' ').replace(/^ +| +$/g, '');
}

function isElement(node: RootContent | ElementContent | Root): node is Element {
  return node.type === 'element';
}

function attribute(element: Element, name: string): string | undefined {
  const value = element.properties[name];
  if (value === undefined || value === null || value === false) return undefined;
  return Array.isArray(value) ? value.join(' ') : String(value);
}

function isHidden(element: Element): boolean {
  if (skipped.has(element.tagName)) return true;
  if (element.properties.hidden !== undefined && element.properties.hidden !== false) return true;
  return element.tagName === 'input' && attribute(element, 'type') === 'hidden';
}

/** React's useId values (`_R_1_`, `«r1»`, `:r1:`) move when the tree changes: they are no identity. */
function stableId(element: Element): string | undefined {
  const id = attribute(element, 'id');
  return id && !/^[_:«]/.test(id) ? id : undefined;
}

/** Text of an element, without the text of nested blocks (they get their own). */
function ownText(element: Element): string {
  const parts: string[] = [];
  const visit = (node: ElementContent) => {
    if (node.type === 'text') parts.push(node.value);
    if (!isElement(node) || isHidden(node)) return;
    if (node.tagName === 'br') {
      parts.push(' ');
      return;
    }
    if (node !== element && (node.tagName in textBlocks || headings.has(node.tagName) || node.tagName === 'details')) {
      parts.push(' ');
      return;
    }
    const boundary = !inline.has(node.tagName);
    if (boundary) parts.push(' ');
    node.children.forEach(visit);
    if (boundary) parts.push(' ');
  };
  element.children.forEach(visit);
  return collapse(parts.join(''));
}

/** Text that an attribute puts on screen or reads aloud. */
function attributeBlocks(element: Element): Block[] {
  const blocks: Block[] = [];
  const add = (kind: BlockKind, value: string | undefined) => {
    const text = collapse(value ?? '');
    if (text) blocks.push({ kind, text });
  };
  if (element.tagName === 'img') add('image', attribute(element, 'alt'));
  if (element.tagName === 'input' || element.tagName === 'textarea') add('placeholder', attribute(element, 'placeholder'));
  if (element.tagName === 'input' && /^(submit|button|reset)$/.test(attribute(element, 'type') ?? '')) {
    add('button', attribute(element, 'value'));
  }
  add('a11y', attribute(element, 'ariaLabel'));
  return blocks;
}

export function extractPageText(html: string): PageText {
  const tree = fromHtml(html);
  const sections: Section[] = [];
  const keys = new Map<string, number>();
  const open = (kind: Section['kind'], key: string, label: string): Section => {
    const seen = keys.get(key) ?? 0;
    keys.set(key, seen + 1);
    const section: Section = { key: seen === 0 ? key : `${key}#${seen + 1}`, label, kind, blocks: [] };
    sections.push(section);
    return section;
  };

  // ---- <head>: what a search engine and the browser tab show.
  const head = open('head', 'head', 'Onglet du navigateur et moteurs de recherche');
  const findAll = (node: Root | Element, test: (element: Element) => boolean, found: Element[] = []) => {
    for (const child of node.children) {
      if (!isElement(child)) continue;
      if (test(child)) found.push(child);
      findAll(child, test, found);
    }
    return found;
  };
  const title = findAll(tree, (element) => element.tagName === 'title')[0];
  if (title) {
    const text = collapse(title.children.map((child) => (child.type === 'text' ? child.value : '')).join(''));
    if (text) head.blocks.push({ kind: 'title', text });
  }
  const description = findAll(
    tree,
    (element) => element.tagName === 'meta' && attribute(element, 'name')?.toLowerCase() === 'description',
  )[0];
  const descriptionText = description ? collapse(attribute(description, 'content') ?? '') : '';
  if (descriptionText) head.blocks.push({ kind: 'description', text: descriptionText });

  // ---- <body>
  const body = findAll(tree, (element) => element.tagName === 'body')[0];
  if (!body) return { sections: sections.filter((section) => section.blocks.length > 0) };

  let current = open('start', 'start', 'Haut de la page');
  let run: string[] = [];
  const flush = () => {
    const text = collapse(run.join(''));
    run = [];
    if (text) current.blocks.push({ kind: 'text', text });
  };
  const push = (kind: BlockKind, text: string) => {
    if (text) current.blocks.push({ kind, text });
  };
  // The innermost element with an id names the first heading inside it (`<section id="cout"><h2>…`).
  const ids: { id: string; used: boolean }[] = [];
  let inLandmark = false;
  let inDetails = false;
  let ancestors: string[] = [];

  const walk = (element: Element, nested: boolean) => {
    for (const child of element.children) {
      if (child.type === 'text') {
        if (!nested) run.push(child.value);
        continue;
      }
      if (!isElement(child) || isHidden(child)) continue;
      visit(child, nested);
    }
  };

  const visit = (element: Element, nested: boolean) => {
    const tag = element.tagName;
    const id = stableId(element);
    if (id) ids.push({ id, used: false });
    ancestors.push(tag);
    try {
      if (!inline.has(tag)) flush();
      for (const block of attributeBlocks(element)) current.blocks.push(block);

      const landmark =
        (tag === 'header' || tag === 'footer') && !inLandmark && !ancestors.slice(0, -1).some((name) => sectioning.has(name));
      if (landmark) {
        const previous = current;
        current = open(tag, tag, tag === 'header' ? 'En-tête du site (menu)' : 'Pied de page');
        inLandmark = true;
        const saved = ancestors;
        ancestors = [];
        walk(element, false);
        flush();
        ancestors = saved;
        inLandmark = false;
        current = previous;
        return;
      }

      if (tag === 'details' && !inLandmark) {
        const summary = element.children.find((child): child is Element => isElement(child) && child.tagName === 'summary');
        const question = summary ? ownText(summary) : '';
        const previous = current;
        current = open('details', `details:${id ?? question}`, question ? `Question « ${question} »` : 'Bloc dépliable');
        inDetails = true;
        walk(element, false);
        flush();
        inDetails = false;
        current = previous;
        return;
      }

      if (headings.has(tag)) {
        const text = ownText(element);
        if (!inLandmark && !inDetails) {
          const innermost = ids.at(-1);
          const key = id ?? (innermost && !innermost.used ? innermost.id : `titre:${text}`);
          for (const entry of ids) entry.used = true;
          current = open('heading', key, text || key);
        }
        push('heading', text);
        walk(element, true);
        return;
      }

      if (tag in textBlocks) {
        const kind = textBlocks[tag] ?? 'paragraph';
        push(inDetails && kind === 'paragraph' ? 'answer' : kind, ownText(element));
        walk(element, true);
        return;
      }

      // A link or button standing alone (not inside a paragraph) is a label of its own: "Contactez-nous".
      if ((tag === 'a' || tag === 'button') && !nested) {
        push(tag === 'a' ? 'link' : 'button', ownText(element));
        walk(element, true);
        return;
      }

      walk(element, nested);
      if (!inline.has(tag)) flush();
    } finally {
      ancestors.pop();
      if (id) ids.pop();
    }
  };

  walk(body, false);
  flush();
  return { sections: sections.filter((section) => section.blocks.length > 0) };
}

/** The whole text of a section, one block a line (for similarity and for added pages). */
export function sectionText(section: Section): string {
  return section.blocks.map((block) => block.text).join('\n');
}
