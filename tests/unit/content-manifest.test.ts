// @vitest-environment node
/**
 * The content manifest (src/content/content.config.ts) is all a new collection or data file needs: each test walks the
 * manifest and checks, for every entry, what an editor then sees — the check's French message naming the file
 * and the field, the duplicate positions it refuses, the editor's list or form — and that the widget listing a
 * collection globs its folder.
 */
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeConfig } from '../../editor/keystatic.config.ts';
import { storageSettingsFrom } from '../../editor/storage.ts';
import { checkMdxContent } from '../../tools/check/content-check/check.ts';
import { type CollectionName, collectionOf, collections, dataFiles, orderedCollections } from '../../src/content/content.config.ts';
import { widgets } from '../../src/site/mdx/widgets/index.ts';
import { pages } from '../../src/site/registry.ts';

const root = path.resolve(import.meta.dirname, '..', '..');
const names = Object.keys(collections) as CollectionName[];
const firstField = (name: CollectionName) => Object.keys(collections[name].schema.entries)[0]!;
/** Two real entries of a collection, sorted by name: the ones the duplicate-position case copies. */
const twoEntries = (name: string) =>
  readdirSync(path.join(root, 'content', name))
    .filter((file) => file.endsWith('.mdx'))
    .sort()
    .slice(0, 2);

describe('npm run check, for every collection of the manifest', () => {
  let fixture = '';
  let problems: string[] = [];

  beforeAll(async () => {
    fixture = mkdtempSync(path.join(tmpdir(), 'propllc-manifest-'));
    for (const name of names) {
      const folder = path.join(fixture, 'content', name);
      mkdirSync(folder, { recursive: true });
      // An empty frontmatter: the collection's first field is the first one missing.
      writeFileSync(path.join(folder, 'sans-champ.mdx'), '---\n---\n\nTexte.\n');
    }
    // Two entries of each ordered collection at the same position: the second one is refused.
    for (const name of orderedCollections) {
      for (const file of twoEntries(name)) {
        const source = readFileSync(path.join(root, 'content', name, file), 'utf8');
        writeFileSync(path.join(fixture, 'content', name, file), source.replace(/^order: \d+$/m, 'order: 7'));
      }
    }
    problems = await checkMdxContent(fixture, { requireAllPages: false });
  }, 120_000);

  afterAll(() => rmSync(fixture, { recursive: true, force: true }));

  it.each(names)('content/%s/: a missing field is named, with its file, in French', (name) => {
    const field = firstField(name);
    expect(problems).toContain(
      `content/${name}/sans-champ.mdx:1 → « ${field} » est obligatoire. Ajoutez une ligne « ${field}: … » en haut du fichier, entre les deux lignes ---.`,
    );
  });

  it.each(orderedCollections)('content/%s/: two entries at the same position are refused, naming both files', (name) => {
    const [first, second] = twoEntries(name);
    const line =
      readFileSync(path.join(root, 'content', name, second!), 'utf8')
        .split('\n')
        .findIndex((text) => text.startsWith('order:')) + 1;
    expect(problems).toContain(
      `content/${name}/${second}:${line} → « order: 7 » est déjà utilisé par content/${name}/${first}. Deux fichiers de content/${name}/ ne peuvent pas avoir le même numéro : choisissez un numéro libre (par exemple order: 8) et, si besoin, décalez les autres.`,
    );
  });

  it('reports nothing else', () => {
    expect(problems).toHaveLength(names.length + orderedCollections.length);
  });
});

describe('the collection of a file', () => {
  it('is the folder of content/ it sits in, for MDX files only', () => {
    for (const name of names) {
      expect(collectionOf(path.join(root, 'content', name, 'cout.mdx'))).toBe(name);
      expect(collectionOf(`content\\${name}\\cout.mdx`)).toBe(name);
    }
    expect(collectionOf(path.join(root, 'content', 'faq', 'notes.md'))).toBeUndefined();
    expect(collectionOf(path.join(root, 'content', 'brouillons', 'cout.mdx'))).toBeUndefined();
    expect(collectionOf(path.join(root, 'content', 'faq', 'archives', 'cout.mdx'))).toBeUndefined();
    expect(collectionOf(path.join(root, 'content', 'faq', '.mdx'))).toBeUndefined();
  });
});

describe('the widget that lists an ordered collection', () => {
  it.each(orderedCollections)('globs content/%s/ (Vite reads only a literal glob)', (name) => {
    const { widget, page } = collections[name];
    const source = readFileSync(path.join(root, widgets[widget].module), 'utf8');
    expect(source).toContain(`import.meta.glob<CollectionModule<'${name}'>>('/content/${name}/*.mdx', { eager: true })`);
    // …and is written on the page the editor's « Aperçu » opens for the collection's entries.
    const { content } = pages.find((entry) => entry.path === page.split('#')[0])!;
    expect(readFileSync(path.join(root, 'content', 'pages', content), 'utf8')).toContain(`<${widget} />`);
  });
});

describe('the visual editor, for every entry of the manifest', () => {
  const config = makeConfig(storageSettingsFrom({}));

  it.each(orderedCollections)('lists content/%s/ under the name of its widget, by question or title and position', (name) => {
    const { widget } = collections[name];
    const list = config.collections![name]!;
    expect([list.label, list.path, list.slugField, list.columns]).toEqual([
      widgets[widget].label,
      `${name}/*`,
      firstField(name),
      [firstField(name), 'order'],
    ]);
    expect(config.ui?.navigation).toMatchObject({ Collections: expect.arrayContaining([name]) });
  });

  it.each(Object.keys(dataFiles) as (keyof typeof dataFiles)[])('offers %s.json as a form of its own', (name) => {
    const form = config.singletons![name]!;
    expect([form.label, form.path, form.format]).toEqual([`${name}.json`, name, { data: 'json' }]);
    expect(Object.keys(form.schema)).toEqual([
      ...('page' in dataFiles[name] ? ['apercu'] : []),
      ...Object.keys(dataFiles[name].schema.entries),
    ]);
    expect(config.ui?.navigation).toMatchObject({ 'content/*.json': expect.arrayContaining([name]) });
  });

  it('names the FAQ as editors know it', () => {
    expect(config.collections!.faq!.label).toBe('Questions fréquentes');
    expect(config.singletons!['contact-form']!.label).toBe('contact-form.json');
  });
});
