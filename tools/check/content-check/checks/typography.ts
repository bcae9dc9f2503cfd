/** French typography of the texts in the data files `content/*.json`, which no build plugin corrects. */
import { existsSync } from 'node:fs';
import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { getNodePath, type Node } from 'jsonc-parser';
import { breakableMeasure, frenchTypography, looksLikeTarget } from '../../../../src/site/typography/french.ts';
import { dataMessages } from '../../../../src/content/schema/messages.ts';
import { readDataFile } from './data-files.ts';

/** What French typography wants in a displayed text, and how each mistake is named to the editor. */
const typographyMistakes: readonly [RegExp, string][] = [
  // An ordinary or no-break space where French wants a narrow one: what the built-page check rejects.
  [/[ \u00A0][?!:;»]|«[ \u00A0]/, dataMessages.typographyMistakes.ordinarySpace],
  [/[\p{L}\p{N})\]»…’][;!?]|\p{L}:(?=\s|$)/u, dataMessages.typographyMistakes.missingSpace],
  [/"/, dataMessages.typographyMistakes.straightQuotes],
  [/(?<!\.)\.{3}(?!\.)/, dataMessages.typographyMistakes.threeDots],
  [/\S[ \u00A0]+-[ \u00A0]+\S/, dataMessages.typographyMistakes.spacedHyphen],
  [/\p{L}'\p{L}/u, dataMessages.typographyMistakes.straightApostrophe],
  [breakableMeasure, dataMessages.typographyMistakes.breakableMeasure],
];

/**
 * Texts whose spelling is fixed character for character by the site's specification, kept as written:
 * the contact button while sending, and the titles of the not-found and error screens (file, then field).
 */
export const verbatimFields = new Set([
  'content/contact-form.json#submit.submitting',
  'content/interface.json#notFound.title',
  'content/interface.json#error.title',
]);

/** Every string of a JSON tree with its dotted path and offset. */
export function jsonStrings(node: Node | undefined): { field: string; value: string; offset: number }[] {
  if (!node) return [];
  if (node.type === 'string' && typeof node.value === 'string') {
    // A property's name is the first child of its property node: only values are texts.
    if (node.parent?.type === 'property' && node.parent.children?.[0] === node) return [];
    return [{ field: getNodePath(node).join('.'), value: node.value, offset: node.offset }];
  }
  return (node.children ?? []).flatMap(jsonStrings);
}

/**
 * The data files are not run through the MDX typography plugin: their editors type the narrow no-break
 * spaces, guillemets, apostrophes and ellipses themselves. This catches what they leave, with the fixed
 * text to paste.
 */
export async function checkDataTypography(root: string): Promise<string[]> {
  const dir = path.join(root, 'content');
  if (!existsSync(dir)) return [];
  const names = (await readdir(dir)).filter((name) => name.endsWith('.json')).sort();
  const problems: string[] = [];
  for (const name of names) {
    const file = await readDataFile(root, name);
    // A file that cannot be read is reported once, by the data-file check.
    if (!file || 'problem' in file) continue;
    for (const { field, value, offset } of jsonStrings(file.tree)) {
      // An address (`https://…?a=b`, `/contact`) is not prose: its `?` and `:` are the URL's.
      if (verbatimFields.has(`${file.relative}#${field}`) || looksLikeTarget(value)) continue;
      const found = typographyMistakes.filter(([pattern]) => pattern.test(value)).map(([, mistake]) => mistake);
      if (found.length === 0) continue;
      const line = file.text.slice(0, offset).split('\n').length;
      problems.push(`${file.relative}:${line} → ${dataMessages.typography(field, found, frenchTypography(value))}`);
    }
  }
  return problems;
}
