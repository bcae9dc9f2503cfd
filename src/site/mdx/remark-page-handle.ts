/**
 * Page files (`content/pages/*.mdx`) and guides (`content/guides/*.mdx`) are React Router route modules.
 * Re-exporting their frontmatter as `handle`, and the shared `meta` of src/site/page-meta.ts, builds each page's
 * <head> from its title and description, with no glue file per page. A guide's handle also carries its address and
 * its table of contents: its `##` headings, each given an `id` here so that the contents can link to it.
 */
import type { Heading, Root } from 'mdast';
import { toString as textOf } from 'mdast-util-to-string';
import type { Program } from 'estree-jsx';
import type { MdxjsEsm } from 'mdast-util-mdxjs-esm';
import { valueToEstree } from 'estree-util-value-to-estree';
import type { VFile } from 'vfile';
import { collectionOf } from '../../content/content.config.ts';
import { guideSlugOf } from '../guides/published.ts';
import { frenchTypography } from '../typography/french.ts';

/** A heading's anchor: `Qui doit déposer le 5472 ?` → `qui-doit-deposer-le-5472`. */
function headingId(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
}

/** An MDX ESM node: the source line `value`, and the one statement it parses to. */
function esmNode(value: string, statement: Program['body'][number]): MdxjsEsm {
  return { type: 'mdxjsEsm', value, data: { estree: { type: 'Program', sourceType: 'module', body: [statement] } } };
}

/** `export const handle = { ...frontmatter, slug, toc };` as an MDX ESM node. */
function guideHandle(slug: string, toc: { id: string; text: string }[]): MdxjsEsm {
  const extra = valueToEstree({ slug, toc });
  return esmNode('export const handle = { ...frontmatter, slug, toc };', {
    type: 'ExportNamedDeclaration',
    specifiers: [],
    source: null,
    attributes: [],
    declaration: {
      type: 'VariableDeclaration',
      kind: 'const',
      declarations: [
        {
          type: 'VariableDeclarator',
          id: { type: 'Identifier', name: 'handle' },
          init: {
            type: 'ObjectExpression',
            properties: [
              { type: 'SpreadElement', argument: { type: 'Identifier', name: 'frontmatter' } },
              ...(extra.type === 'ObjectExpression' ? extra.properties : []),
            ],
          },
        },
      ],
    },
  });
}

const metaSource = '/src/site/page-meta.ts';

/** `export { local as exported } [from 'source'];` as an MDX ESM node. */
function reexport(local: string, exported: string, source?: string): MdxjsEsm {
  const from = source ? ` from '${source}'` : '';
  return esmNode(`export { ${local === exported ? local : `${local} as ${exported}`} }${from};`, {
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
  });
}

export function remarkPageHandle() {
  return (tree: Root, file: VFile) => {
    const collection = collectionOf(file.path);
    if (collection === 'pages') tree.children.push(reexport('frontmatter', 'handle'), reexport('meta', 'meta', metaSource));
    if (collection !== 'guides') return;
    const toc: { id: string; text: string }[] = [];
    for (const node of tree.children) {
      if (node.type !== 'heading' || (node as Heading).depth !== 2) continue;
      const text = textOf(node);
      let id = headingId(text) || 'section';
      while (toc.some((entry) => entry.id === id)) id = `${id}-2`;
      // The contents show the heading as the page does: with its French typography (rehype-french-typography.ts).
      toc.push({ id, text: frenchTypography(text) });
      node.data = { ...node.data, hProperties: { ...node.data?.hProperties, id } };
    }
    tree.children.push(guideHandle(guideSlugOf(file.path), toc), reexport('meta', 'meta', metaSource));
  };
}
