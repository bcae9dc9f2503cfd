/** French typography of the texts in `content/*.ts`, which no build plugin corrects. */
import { existsSync } from 'node:fs';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { frenchTypography } from '../../typography/french.ts';
import { importContentFile } from './data-files.ts';

/** What French typography wants in a displayed text, and how each mistake is named to the editor. */
const typographyMistakes: readonly [RegExp, string][] = [
  // An ordinary or no-break space where French wants a narrow one: what the built-page check rejects.
  [/[ \u00A0][?!:;»]|«[ \u00A0]/, 'espace ordinaire avant ? ! : ; » ou après «'],
  [/[\p{L}\p{N})\]»…’][;!?]|\p{L}:(?=\s|$)/u, 'espace manquante avant ? ! : ;'],
  [/"/, 'guillemets droits "…" au lieu de « … »'],
  [/(?<!\.)\.{3}(?!\.)/, 'trois points ... au lieu du caractère …'],
  [/\S[ \u00A0]+-[ \u00A0]+\S/, 'tiret - entre deux espaces au lieu du tiret –'],
];

/**
 * Texts whose spelling is fixed character for character by the site's specification, kept as written:
 * the contact button while sending, and the titles of the not-found and error screens.
 */
export const verbatimFields = new Set(['contactForm.submit.submitting', 'site.notFound.title', 'site.error.title']);

/**
 * `content/*.ts` files are not run through the MDX typography plugin: their editors type the
 * narrow no-break spaces, guillemets and ellipses themselves. This catches what they leave,
 * with the fixed text to paste.
 */
export async function checkTsTypography(root: string): Promise<string[]> {
  const dir = path.join(root, 'content');
  if (!existsSync(dir)) return [];
  const files = (await readdir(dir)).filter((name) => name.endsWith('.ts')).sort();
  const problems: string[] = [];
  for (const name of files) {
    const file = path.join(dir, name);
    const source = await readFile(file, 'utf8');
    const { module } = await importContentFile(file, `content/${name}`);
    // A file that cannot be loaded is reported once, by checkSite or by the type check.
    if (!module) continue;
    const visit = (value: unknown, field: string): void => {
      if (typeof value === 'string') {
        if (verbatimFields.has(field)) return;
        const found = typographyMistakes.filter(([pattern]) => pattern.test(value)).map(([, mistake]) => mistake);
        if (found.length === 0) return;
        const index = source.indexOf(value);
        const line = index === -1 ? undefined : source.slice(0, index).split('\n').length;
        problems.push(
          `content/${name}${line ? `:${line}` : ''} → « ${field} » : ${found.join(' ; ')}. Dans les fichiers .ts, la typographie n'est pas corrigée automatiquement : remplacez le texte par « ${frenchTypography(value)} » (copiez-le depuis ce message, il contient les espaces fines insécables).`,
        );
      } else if (Array.isArray(value)) {
        value.forEach((item, index) => visit(item, `${field}.${index}`));
      } else if (value && typeof value === 'object') {
        for (const [key, item] of Object.entries(value)) visit(item, field ? `${field}.${key}` : key);
      }
    };
    for (const [exported, value] of Object.entries(module)) visit(value, exported === 'default' ? '' : exported);
  }
  return problems;
}

