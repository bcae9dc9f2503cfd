/**
 * Where French typography (src/site/typography/french.ts) applies in the body of an MDX file: prose only.
 * A thin wrapper: the rules themselves live in src/site/typography/french.ts; the frontmatter has its own
 * wrapper (./remark-frontmatter-typography.ts).
 *
 * What is treated, and why:
 *   - visible text of the page, widget children included (after remark-rehype they are plain hast);
 *   - the string props of widgets (<Card title="…">, <LastUpdated label="…">), because widgets display them,
 *     except props that hold a path, an identifier or a variant (`to`, `href`, `id`, `variant`…);
 *   - the alternative text of a guide's images, read aloud to whoever does not see them;
 * What is never touched: code, pre, script, style, kbd, samp, MDX expressions `{…}`, the attributes of
 * plain HTML tags (<abbr title>), URLs, email addresses, times (10:30) and link targets.
 */
import type { Element, ElementContent, Root as HastRoot, RootContent } from 'hast';
import type { MdxJsxFlowElementHast, MdxJsxTextElementHast } from 'mdast-util-mdx-jsx';
import { frenchTypography, looksLikeTarget, newTypographyState } from '../typography/french.ts';

/** Elements whose text is code or machine text, not prose. */
export const untouchedElements = new Set(['code', 'pre', 'script', 'style', 'kbd', 'samp', 'var', 'textarea']);

/** Inline elements: their text continues the sentence around them (quotes open before, close after). */
export const inlineElements = new Set([
  'a',
  'abbr',
  'b',
  'br',
  'cite',
  'del',
  'dfn',
  'em',
  'i',
  'mark',
  'q',
  's',
  'small',
  'span',
  'strong',
  'sub',
  'sup',
  'time',
  'u',
]);

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

/**
 * One piece of a block's inline content, in reading order: a text node to set, or something shown but not
 * set (code, an inline widget without text) whose first character the text before it must see.
 */
type Run = { text: { value: string } } | { shown: string };

/**
 * The inline content of a block, flattened across <strong>, <em>, links and inline widgets, so that typography
 * sees `d'` and `accès` of `d'**accès**` as one word; blocks met on the way are set separately.
 */
function collectRuns(nodes: (RootContent | ElementContent)[], runs: Run[]): void {
  for (const node of nodes) {
    if (node.type === 'text') {
      runs.push({ text: node });
    } else if (node.type === 'element') {
      const element = node as Element;
      if (element.tagName === 'img' && typeof element.properties.alt === 'string') {
        element.properties.alt = frenchTypography(element.properties.alt);
      } else if (untouchedElements.has(element.tagName)) {
        runs.push({ shown: textOf(element.children) });
      } else if (inlineElements.has(element.tagName)) {
        collectRuns(element.children, runs);
      } else {
        setBlock(element.children);
      }
    } else if (node.type === 'mdxJsxFlowElement' || node.type === 'mdxJsxTextElement') {
      if (isWidget(node)) setWidgetProps(node);
      if (untouchedElements.has(node.name ?? '')) {
        runs.push({ shown: textOf(node.children as ElementContent[]) });
      } else if (node.type === 'mdxJsxFlowElement') {
        setBlock(node.children as ElementContent[]);
      } else if (node.children.length === 0) {
        // An inline widget without text (<CompanyEmail />) shows a word of its own: l'<CompanyEmail /> elides.
        runs.push({ shown: 'x' });
      } else {
        collectRuns(node.children as ElementContent[], runs);
      }
    }
    // mdxFlowExpression, mdxTextExpression, mdxjsEsm, comments, raw: left as written.
  }
}

function textOf(nodes: ElementContent[]): string {
  return nodes.map((node) => ('value' in node ? String(node.value) : 'children' in node ? textOf(node.children) : '')).join('');
}

function setWidgetProps(node: MdxJsxElementHast): void {
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

/** Sets one block: each text run sees the character before it and the text after it. */
function setBlock(nodes: (RootContent | ElementContent)[]): void {
  const runs: Run[] = [];
  collectRuns(nodes, runs);
  const state = newTypographyState();
  runs.forEach((run, index) => {
    if (!('text' in run)) {
      if (run.shown) state.previous = run.shown.slice(-1);
      return;
    }
    // Enough of what follows to recognise a word or a unit (`semaines`) after the split.
    state.next = runs
      .slice(index + 1)
      .map((later) => ('text' in later ? later.text.value : later.shown))
      .join('')
      .slice(0, 12);
    run.text.value = frenchTypography(run.text.value, state);
  });
}

/** The rehype plugin: runs on the HTML tree MDX builds from Markdown. */
export function rehypeFrenchTypography() {
  return (tree: HastRoot) => {
    setBlock(tree.children);
  };
}
