/**
 * A widget whose text is short and inline (`children: 'inline'` in ./widgets/index.ts: a button's label,
 * a key figure's caption) may be written over several lines, as the visual editor writes it:
 *
 *   <ButtonLink to="/contact">
 *     Contactez-nous
 *   </ButtonLink>
 *
 * MDX then puts the text in a paragraph, which would give `<a><p>…</p></a>`, invalid HTML. This unwraps
 * a lone paragraph, so both ways of writing give the same page.
 */
import type { Root } from 'mdast';
import { visit } from 'unist-util-visit';
import { isWidgetName, widgets } from './widgets/index.ts';

export function remarkUnwrapInlineWidgets() {
  return (tree: Root) => {
    visit(tree, 'mdxJsxFlowElement', (node) => {
      if (!node.name || !isWidgetName(node.name) || widgets[node.name].children !== 'inline') return;
      const [only, ...others] = node.children;
      if (only?.type !== 'paragraph' || others.length > 0) return;
      // Flow and phrasing content both turn into the component's children.
      node.children = only.children as unknown as typeof node.children;
    });
  };
}
