/**
 * French typography, applied at build time so that editors can type ordinary spaces:
 *   - a narrow no-break space (U+202F) before ; : ! ? (one before a group such as !?) and inside « »;
 *   - a no-break space (U+00A0) between a number and € or %;
 *   - thousands grouped with U+202F in amounts (5000 € → 5 000 €), but not in years, phone numbers or times.
 * Idempotent: text that is already correct comes out unchanged.
 *
 * What is treated, and why:
 *   - visible text of the page, widget children included (after remark-rehype they are plain hast);
 *   - the string props of widgets (<Card title="…">, <LastUpdated label="…">), because widgets display them,
 *     except props that hold a path, an identifier or a variant (`to`, `href`, `id`, `variant`…);
 *   - the string values of the frontmatter (titles, FAQ questions), shown by the page or in <head>.
 * What is never touched: code, pre, script, style, kbd, samp, MDX expressions `{…}`, the attributes of
 * plain HTML tags (<abbr title>), URLs, email addresses, times (10:30) and link targets.
 */
import type { Element, ElementContent, Root as HastRoot, RootContent } from 'hast';
import type { Root as MdastRoot } from 'mdast';
import type { MdxJsxFlowElementHast, MdxJsxTextElementHast } from 'mdast-util-mdx-jsx';
import { isMap, isScalar, isSeq, parseDocument, type Node as YamlNode } from 'yaml';

export const NNBSP = '\u202F';
export const NBSP = '\u00A0';

// Characters an editor may have typed as the space: plain space, tab, no-break, narrow no-break, thin.
const SPACE = '[ \\t\\u00A0\\u202F\\u2009]';

// Spans left exactly as typed: URLs, email addresses, times and ratios such as 10:30 or 1:2.
const protectedSpan = new RegExp(
  [
    String.raw`\b(?:https?|ftp):\/\/[^\s<>«»"]*[^\s<>«»".,;:!?)]`,
    String.raw`\b(?:mailto|tel):[^\s<>«»"]*[^\s<>«»".,;:!?)]`,
    String.raw`\bwww\.[^\s<>«»"]*[^\s<>«»".,;:!?)]`,
    String.raw`[\w.+-]+@[\w-]+(?:\.[\w-]+)+`,
    String.raw`\d:\d`,
  ].join('|'),
  'giu',
);

// Units after which a 4+ digit number is an amount to group (a year or a phone number is followed by none).
const UNIT = String.raw`(?:€|\$|%|euros?\b|dollars?\b|EUR\b|USD\b)`;
const amount = new RegExp(
  String.raw`(?<![\d,.])(\d{1,3}(?:${SPACE}\d{3})+|\d{4,})(,\d+)?(${SPACE}*)(${UNIT})`,
  'gu',
);

function groupThousands(digits: string): string {
  return digits.replace(/\B(?=(\d{3})+(?!\d))/g, NNBSP);
}

function fixSegment(text: string): string {
  return (
    text
      // Amounts: 5000 € → 5 000 €, 12500€ → 12 500 €, 20 % → 20 %.
      .replace(amount, (_match, integer: string, decimals: string | undefined, space: string, unit: string) => {
        const grouped = groupThousands(integer.replace(/\D/g, ''));
        const separator = unit === '€' || unit === '%' || unit === '$' ? NBSP : space ? NBSP : '';
        return `${grouped}${decimals ?? ''}${separator}${unit}`;
      })
      .replace(new RegExp(String.raw`(\d)${SPACE}*([€%])`, 'gu'), `$1${NBSP}$2`)
      // Whatever space was typed before ; : ! ? becomes one narrow no-break space.
      .replace(new RegExp(`${SPACE}+(?=[;:!?])`, 'gu'), NNBSP)
      // No space typed: add one after a word, a closing bracket or quote (« Quoi? » → « Quoi ? »).
      .replace(/([\p{L}\p{N})\]»…'’"])([;!?]+)/gu, `$1${NNBSP}$2`)
      // A colon right after a word, followed by a space or the end: « Note: » → « Note : ».
      .replace(/(\p{L})(:)(?=\s|$)/gu, `$1${NNBSP}$2`)
      // Guillemets, typed with or without spaces.
      .replace(new RegExp(`«${SPACE}*`, 'gu'), `«${NNBSP}`)
      .replace(new RegExp(`${SPACE}*»`, 'gu'), `${NNBSP}»`)
  );
}

/** Applies French typography to one run of visible text, leaving URLs, emails and times as typed. */
export function frenchTypography(text: string): string {
  let result = '';
  let last = 0;
  for (const match of text.matchAll(protectedSpan)) {
    result += fixSegment(text.slice(last, match.index)) + match[0];
    last = match.index + match[0].length;
  }
  return result + fixSegment(text.slice(last));
}

/** Elements whose text is code or machine text, not prose. */
const untouchedElements = new Set(['code', 'pre', 'script', 'style', 'kbd', 'samp', 'var', 'textarea']);

/** Widget props that hold a path, an identifier or a keyword, never displayed text. */
const nonTextProps = new Set([
  'to',
  'href',
  'src',
  'id',
  'variant',
  'tone',
  'align',
  'icon',
  'name',
  'type',
  'as',
  'className',
  'rel',
  'target',
  'lang',
  'dateTime',
]);

type MdxJsxElementHast = MdxJsxFlowElementHast | MdxJsxTextElementHast;

function isWidget(node: RootContent | ElementContent): node is MdxJsxElementHast {
  return (
    (node.type === 'mdxJsxFlowElement' || node.type === 'mdxJsxTextElement') &&
    typeof node.name === 'string' &&
    /^[A-Z]/.test(node.name)
  );
}

function looksLikeTarget(value: string): boolean {
  return /^(?:[/#]|[a-z][a-z0-9+.-]*:)/i.test(value.trim());
}

function walk(nodes: (RootContent | ElementContent)[]): void {
  for (const node of nodes) {
    if (node.type === 'text') {
      node.value = frenchTypography(node.value);
    } else if (node.type === 'element') {
      if (!untouchedElements.has((node as Element).tagName)) walk((node as Element).children);
    } else if (node.type === 'mdxJsxFlowElement' || node.type === 'mdxJsxTextElement') {
      if (isWidget(node)) {
        for (const attribute of node.attributes) {
          if (
            attribute.type === 'mdxJsxAttribute' &&
            typeof attribute.value === 'string' &&
            !nonTextProps.has(attribute.name) &&
            !looksLikeTarget(attribute.value)
          ) {
            attribute.value = frenchTypography(attribute.value);
          }
        }
      }
      if (!untouchedElements.has(node.name ?? '')) walk(node.children as ElementContent[]);
    }
    // mdxFlowExpression, mdxTextExpression, mdxjsEsm, comments, raw: left as written.
  }
}

/** The rehype plugin: runs on the HTML tree MDX builds from Markdown. */
export function rehypeFrenchTypography() {
  return (tree: HastRoot) => {
    walk(tree.children);
  };
}

function fixYaml(node: unknown): void {
  if (isMap(node) || isSeq(node)) {
    for (const item of node.items) {
      if (isScalar(item)) fixYaml(item);
      else if (item && typeof item === 'object' && 'value' in item) fixYaml((item as { value: YamlNode }).value);
    }
  } else if (isScalar(node) && typeof node.value === 'string' && !looksLikeTarget(node.value)) {
    node.value = frenchTypography(node.value);
  }
}

/**
 * The remark plugin for the frontmatter (titles, FAQ questions): runs after the schema check
 * (so lengths and lines are the editor's) and before remark-mdx-frontmatter exports the values.
 */
export function remarkFrontmatterTypography() {
  return (tree: MdastRoot) => {
    const yamlNode = tree.children.find((node) => node.type === 'yaml');
    if (!yamlNode) return;
    const document = parseDocument(yamlNode.value);
    if (document.errors.length > 0) return;
    fixYaml(document.contents);
    yamlNode.value = document.toString();
  };
}
