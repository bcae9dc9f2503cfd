/**
 * French typography (src/site/typography/french.ts) for the string values of the frontmatter (titles, FAQ
 * questions), shown by the page or in <head>; never its keys, nor values that are paths or addresses.
 */
import type { Root as MdastRoot } from 'mdast';
import { isMap, isScalar, isSeq, parseDocument, type Node as YamlNode } from 'yaml';
import { frenchTypography, looksLikeTarget } from '../typography/french.ts';

function fixYaml(node: unknown): void {
  if (isMap(node) || isSeq(node)) {
    for (const item of node.items) {
      if (isScalar(item)) fixYaml(item);
      else if (item && typeof item === 'object' && 'value' in item) fixYaml((item as { value: YamlNode }).value);
    }
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
