/**
 * Page files (`content/pages/*.mdx`) are React Router route modules. Re-exporting their
 * frontmatter as `handle`, and the shared `meta` of src/site/page-meta.ts, builds each page's <head>
 * from its title and description, with no glue file per page.
 */
import type { Root } from 'mdast';
import type { MdxjsEsm } from 'mdast-util-mdxjs-esm';
import type { VFile } from 'vfile';
import { collectionOf } from '../../content/content.config.ts';

const metaSource = '/src/site/page-meta.ts';

/** `export { local as exported } [from 'source'];` as an MDX ESM node. */
function reexport(local: string, exported: string, source?: string): MdxjsEsm {
  const from = source ? ` from '${source}'` : '';
  return {
    type: 'mdxjsEsm',
    value: `export { ${local === exported ? local : `${local} as ${exported}`} }${from};`,
    data: {
      estree: {
        type: 'Program',
        sourceType: 'module',
        body: [
          {
            type: 'ExportNamedDeclaration',
            declaration: null,
            source: source ? { type: 'Literal', value: source, raw: JSON.stringify(source) } : null,
            attributes: [],
            specifiers: [
              {
                type: 'ExportSpecifier',
                local: { type: 'Identifier', name: local },
                exported: { type: 'Identifier', name: exported },
              },
            ],
          },
        ],
      },
    },
  };
}

export function remarkPageHandle() {
  return (tree: Root, file: VFile) => {
    if (collectionOf(file.path) !== 'pages') return;
    tree.children.push(reexport('frontmatter', 'handle'), reexport('meta', 'meta', metaSource));
  };
}
