/**
 * Page files (`content/pages/*.mdx`) are React Router route modules. Re-exporting their
 * frontmatter as `handle` hands title and description to the <head> built in root.tsx,
 * with no glue file per page.
 */
import type { Root } from 'mdast';
import type { VFile } from 'vfile';
import { collectionOf } from '../content/schema.ts';

export function remarkPageHandle() {
  return (tree: Root, file: VFile) => {
    if (collectionOf(file.path) !== 'pages') return;
    tree.children.push({
      type: 'mdxjsEsm',
      value: 'export { frontmatter as handle };',
      data: {
        estree: {
          type: 'Program',
          sourceType: 'module',
          body: [
            {
              type: 'ExportNamedDeclaration',
              declaration: null,
              source: null,
              attributes: [],
              specifiers: [
                {
                  type: 'ExportSpecifier',
                  local: { type: 'Identifier', name: 'frontmatter' },
                  exported: { type: 'Identifier', name: 'handle' },
                },
              ],
            },
          ],
        },
      },
    });
  };
}
