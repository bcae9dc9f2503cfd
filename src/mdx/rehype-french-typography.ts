/**
 * Where French typography (src/typography/french.ts) applies in the body of an MDX file: prose only.
 * A thin wrapper: the rules themselves live in src/typography/french.ts; the frontmatter has its own
 * wrapper (./remark-frontmatter-typography.ts).
 *
 * What is treated, and why:
 *   - visible text of the page, widget children included (after remark-rehype they are plain hast);
 *   - the string props of widgets (<Card title="…">, <LastUpdated label="…">), because widgets display them,
 *     except props that hold a path, an identifier or a variant (`to`, `href`, `id`, `variant`…);
 * What is never touched: code, pre, script, style, kbd, samp, MDX expressions `{…}`, the attributes of
 * plain HTML tags (<abbr title>), URLs, email addresses, times (10:30) and link targets.
 */
import type { Element, ElementContent, Root as HastRoot, RootContent } from 'hast';
import type { MdxJsxFlowElementHast, MdxJsxTextElementHast } from 'mdast-util-mdx-jsx';
import { frenchTypography, looksLikeTarget, newTypographyState, type TypographyState } from '../typography/french.ts';

/** Elements whose text is code or machine text, not prose. */
const untouchedElements = new Set(['code', 'pre', 'script', 'style', 'kbd', 'samp', 'var', 'textarea']);

/** Inline elements: their text continues the sentence around them (quotes open before, close after). */
const inlineElements = new Set([
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

function walk(nodes: (RootContent | ElementContent)[], state: TypographyState): void {
  for (const node of nodes) {
    if (node.type === 'text') {
      node.value = frenchTypography(node.value, state);
    } else if (node.type === 'element') {
      const element = node as Element;
      if (untouchedElements.has(element.tagName)) continue;
      walk(element.children, inlineElements.has(element.tagName) ? state : newTypographyState());
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
      if (untouchedElements.has(node.name ?? '')) continue;
      walk(node.children as ElementContent[], node.type === 'mdxJsxTextElement' ? state : newTypographyState());
    }
    // mdxFlowExpression, mdxTextExpression, mdxjsEsm, comments, raw: left as written.
  }
}

/** The rehype plugin: runs on the HTML tree MDX builds from Markdown. */
export function rehypeFrenchTypography() {
  return (tree: HastRoot) => {
    walk(tree.children, newTypographyState());
  };
}
