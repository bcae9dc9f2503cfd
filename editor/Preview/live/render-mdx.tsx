/**
 * An MDX file of the branch as React elements, in the editor's browser, with no `eval` (the editor's CSP forbids
 * it): the site's own remark and rehype plugins (src/site/mdx/plugins.ts, the ones the build compiles with) turn it into
 * HTML's tree, and `toJsxRuntime` (hast-util-to-jsx-runtime, what @mdx-js and react-markdown use) makes elements of
 * it with the site's one component map and its widgets. Widget settings are literal texts in content/ (an expression
 * would need `eval`: the preview says so in French instead of the page); the
 * pipeline's checks (frontmatter schema, unknown widget, dead link) throw their French message (ContentError).
 */
import { toJsxRuntime } from 'hast-util-to-jsx-runtime';
import type { Root as MdastRoot } from 'mdast';
import type { MDXComponents } from 'mdx/types';
import type { ReactNode } from 'react';
import { Fragment, jsx, jsxs } from 'react/jsx-runtime';
import remarkMdx from 'remark-mdx';
import remarkParse from 'remark-parse';
import remarkRehype from 'remark-rehype';
import { type PluggableList, unified } from 'unified';
import { VFile } from 'vfile';
import { previewMessages } from '../../../src/content/schema/messages.ts';
import { mdxOptionsWith } from '../../../src/site/mdx/plugins.ts';

/** The site's pipeline, but the images as written: making their copies needs sharp, which no browser runs. */
const mdxOptions = mdxOptionsWith(undefined);

/** The import and export lines the pipeline adds for the compiler: here the components come from the map. */
function remarkWithoutModuleLines() {
  return (tree: MdastRoot) => {
    tree.children = tree.children.filter((node) => node.type !== 'mdxjsEsm');
  };
}

const processor = unified()
  .use(remarkParse)
  .use(remarkMdx)
  .use(mdxOptions.remarkPlugins as PluggableList)
  .use(remarkWithoutModuleLines)
  .use(remarkRehype, {
    allowDangerousHtml: false,
    passThrough: ['mdxJsxFlowElement', 'mdxJsxTextElement', 'mdxFlowExpression', 'mdxTextExpression'],
  })
  .use(mdxOptions.rehypePlugins as PluggableList);

/** `source`, the text of `path` (from the project root: `content/faq/cout.mdx`), as the site renders it. */
export async function renderMdx(path: string, source: string, components: MDXComponents): Promise<ReactNode> {
  // The plugins name files from the project root: the root is `/` here.
  const file = new VFile({ path: `/${path}`, cwd: '/', value: source });
  const tree = await processor.run(processor.parse(file), file);
  return toJsxRuntime(tree, {
    // A widget's name (`Faq`) is an identifier for the runtime: it reads it from the map, and evaluates nothing else.
    createEvaluater: () => ({
      evaluateExpression(expression) {
        if (expression.type === 'Identifier' && Object.hasOwn(components, expression.name)) return components[expression.name];
        throw new Error(previewMessages.liveExpression);
      },
      evaluateProgram() {
        throw new Error(previewMessages.liveExpression);
      },
    }),
    Fragment,
    jsx,
    jsxs,
    components: components as never,
    passKeys: true,
    elementAttributeNameCase: 'react',
    stylePropertyNameCase: 'dom',
  });
}
