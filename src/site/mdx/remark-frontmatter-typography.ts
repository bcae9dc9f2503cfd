/**
 * French typography (src/site/typography/french.ts) for the string values of the frontmatter (titles, FAQ
 * questions), shown by the page or in <head>; never its keys, nor values that are paths or addresses.
 */
import type { Root as MdastRoot } from 'mdast';
import { isMap, isPair, isScalar, isSeq, parseDocument } from 'yaml';
import { frenchTypography, looksLikeTarget } from '../typography/french.ts';

function fixYaml(node: unknown): void {
  if (isMap(node) || isSeq(node)) {
    // A map's items are pairs (their values fixed, never their keys); a list's are values, maps included (a guide's sources).
    for (const item of node.items) fixYaml(isPair(item) ? item.value : item);
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
