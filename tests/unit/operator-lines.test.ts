// @vitest-environment node
/**
 * content/ is copy: what visitors and editors read. The lines printed for whoever runs the site (logs, `npm run
 * leads`, `npm run stats`, the build) live in the `lines.ts` modules beside the code that says them, so the visual
 * editor, built from the data files' schemas, shows none of them. A line moved back into a data file fails here.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { dataFiles } from '../../src/content/content.config.ts';

const root = path.resolve(import.meta.dirname, '..', '..');

const lineModules = import.meta.glob<Record<string, unknown>>(['/src/**/lines.ts', '/ops/**/lines.ts', '/tools/**/lines.ts'], {
  eager: true,
});

/** Every string of a value, however deep. */
const stringsOf = (value: unknown): string[] =>
  typeof value === 'string' ? [value] : value && typeof value === 'object' ? Object.values(value).flatMap(stringsOf) : [];

/** Every key of a schema's objects, however deep, as a dotted path. */
function keysOf(schema: v.GenericSchema, prefix = ''): string[] {
  const inner = (schema as { wrapped?: v.GenericSchema }).wrapped ?? schema;
  const entries = (inner as { entries?: Record<string, v.GenericSchema> }).entries;
  if (entries) return Object.entries(entries).flatMap(([key, entry]) => [`${prefix}${key}`, ...keysOf(entry, `${prefix}${key}.`)]);
  const item = (inner as { item?: v.GenericSchema }).item;
  return item ? keysOf(item, `${prefix}[].`) : [];
}

const lines = Object.values(lineModules).flatMap(stringsOf);
// A one- or two-word label (« Nom », « Email », « Pages vues ») may be the form's or a page's word too.
const sentences = lines.filter((line) => line.trim().split(/\s+/).length > 2);

const contentFiles = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory()
      ? contentFiles(path.join(dir, entry.name))
      : /\.(json|mdx?)$/.test(entry.name)
        ? [path.join(dir, entry.name)]
        : [],
  );

describe('the operator’s lines are code, not content', () => {
  it('each side has its module of lines, every one a French text', () => {
    expect(Object.keys(lineModules).toSorted()).toEqual([
      '/ops/leads/lines.ts',
      '/ops/lines.ts',
      '/ops/stats/lines.ts',
      '/src/api/audience/lines.ts',
      '/src/api/contact/lines.ts',
      '/src/api/contact/spam/lines.ts',
      '/src/contact/lines.ts',
      '/src/hosts/cloudflare/lines.ts',
      '/src/hosts/netlify/lines.ts',
      '/src/hosts/node/lines.ts',
      '/tools/build/lines.ts',
      '/tools/test/lines.ts',
    ]);
    expect(sentences.length).toBeGreaterThan(100);
    for (const line of lines) expect(line.trim(), line).not.toBe('');
  });

  it('no data file has a section of terminal lines, so the visual editor shows none', () => {
    const operatorSections = /(^|\.)(console|inbox|stats|spam)$/;
    const found = Object.entries(dataFiles).flatMap(([name, file]) =>
      keysOf(file.schema as v.GenericSchema)
        .filter((key) => operatorSections.test(key))
        .map((key) => `${name}.json: ${key}`),
    );
    expect(found).toEqual([]);
  });

  it('no line of those modules is written in content/ (data files, pages, guide)', () => {
    const files = contentFiles(path.join(root, 'content'));
    expect(files.length).toBeGreaterThan(10);
    const found = files.flatMap((file) => {
      const text = readFileSync(file, 'utf8');
      // A JSON file is compared by its values, as its loader reads them.
      const values = file.endsWith('.json') ? stringsOf(JSON.parse(text)) : [text];
      return sentences
        .filter((line) => values.some((value) => value.includes(line)))
        .map((line) => `${path.relative(root, file)}: ${line}`);
    });
    expect(found).toEqual([]);
  });
});
