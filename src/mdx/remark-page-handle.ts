/**
 * Page files (`content/pages/*.mdx`) are React Router route modules. Re-exporting their
 * frontmatter as `handle`, and the shared `meta` of src/page-meta.ts, builds each page's <head>
 * from its title and description, with no glue file per page.
 */
import type { Root } from 'mdast';
import type { VFile } from 'vfile';
import { collectionOf } from '../content/schema.ts';

const metaSource = '/src/page-meta.ts';

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
    tree.children.push({
      type: 'mdxjsEsm',
      value: `export { meta } from '${metaSource}';`,
      data: {
        estree: {
          type: 'Program',
          sourceType: 'module',
          body: [
            {
              type: 'ExportNamedDeclaration',
              declaration: null,
              source: { type: 'Literal', value: metaSource, raw: JSON.stringify(metaSource) },
              attributes: [],
              specifiers: [
                {
                  type: 'ExportSpecifier',
                  local: { type: 'Identifier', name: 'meta' },
                  exported: { type: 'Identifier', name: 'meta' },
                },
              ],
            },
          ],
        },
      },
    });
  };
}
