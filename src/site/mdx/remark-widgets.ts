/**
 * Lets editors write `<Cards>` in MDX without an import line: for each widget a file uses,
 * adds `import { Cards } from '/src/site/components/Cards/Cards.tsx'`, and rejects any component
 * that is not in ./widgets/index.ts with a French message listing the allowed ones.
 */
import type { Root } from 'mdast';
import type { MdxJsxFlowElement, MdxJsxTextElement } from 'mdast-util-mdx-jsx';
import type { MdxjsEsm } from 'mdast-util-mdxjs-esm';
import { visit } from 'unist-util-visit';
import type { VFile } from 'vfile';
import { closest, ContentError } from '../../content/schema/errors.ts';
import { mdxMessages } from '../../content/schema/messages.ts';
import { relativeContentPath } from './remark-frontmatter-schema.ts';
import { isWidgetName, widgets, type WidgetName } from './widgets/index.ts';

function importNode(name: WidgetName): MdxjsEsm {
  const source = widgets[name].module;
  return {
    type: 'mdxjsEsm',
    value: `import { ${name} } from '${source}';`,
    data: {
      estree: {
        type: 'Program',
        sourceType: 'module',
        body: [
          {
            type: 'ImportDeclaration',
            specifiers: [
              {
                type: 'ImportSpecifier',
                imported: { type: 'Identifier', name },
                local: { type: 'Identifier', name },
              },
            ],
            source: { type: 'Literal', value: source, raw: JSON.stringify(source) },
            attributes: [],
          },
        ],
      },
    },
  };
}

export function remarkWidgets() {
  return (tree: Root, file: VFile) => {
    const used = new Set<WidgetName>();
    visit(tree, (node) => {
      if (node.type !== 'mdxJsxFlowElement' && node.type !== 'mdxJsxTextElement') return;
      const name = (node as MdxJsxFlowElement | MdxJsxTextElement).name;
      // Fragments and lower-case HTML tags (<br>, <abbr>) are left to MDX.
      if (!name || !/^[A-Z]/.test(name)) return;
      if (!isWidgetName(name)) {
        const guess = closest(name, Object.keys(widgets));
        throw new ContentError(
          relativeContentPath(file),
          mdxMessages.unknownComponent(name, guess, Object.keys(widgets)),
          node.position?.start.line,
        );
      }
      used.add(name);
    });
    tree.children.unshift(...[...used].sort().map(importNode));
  };
}
