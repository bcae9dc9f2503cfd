/**
 * The visual editor (editor/, `npm run cms`) is a tool for editors, never part of the site: no file of it,
 * and none of the libraries it alone loads, may reach dist/.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, test } from 'vitest';
import { dist } from './dist.ts';

function filesUnder(folder: string): string[] {
  return readdirSync(folder).flatMap((name) => {
    const file = path.join(folder, name);
    return statSync(file).isDirectory() ? filesUnder(file) : [file];
  });
}

const files = filesUnder(dist);
// Strings only the editor's code carries: Keystatic's own name and API route, its UI kit, its editor engine.
const editorMarks = [
  'keystatic',
  '/api/keystatic',
  '@keystar/ui',
  'prosemirror',
  'virtual:cms-orders',
  '__CMS_STORAGE__',
  '__CMS_PREVIEW__',
];

describe('dist/ holds nothing of the editor', () => {
  test('the site was built', () => {
    expect(files.some((file) => file.endsWith('index.html'))).toBe(true);
  });

  test('no file of the editor', () => {
    const names = files.map((file) => path.relative(dist, file));
    expect(names.filter((name) => /keystatic|(^|\/)cms(\/|\.|$)/i.test(name))).toEqual([]);
  });

  test('no text of the editor in any HTML, script, style or data file', () => {
    const found = files
      .filter((file) => /\.(html|js|mjs|css|json|txt|xml|map)$/.test(file) || path.basename(file).startsWith('_'))
      .flatMap((file) => {
        const text = readFileSync(file, 'utf8').toLowerCase();
        return editorMarks.filter((mark) => text.includes(mark.toLowerCase())).map((mark) => `${path.relative(dist, file)}: ${mark}`);
      });
    expect(found).toEqual([]);
  });
});
