// @vitest-environment node
/** The data files of content/: each is in the content manifest, and its loader validates it at import. */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { type DataFileName, dataFiles } from '../../src/content/content.config.ts';
import { loadDataFile } from '../../src/content/data/load.ts';

const root = path.resolve(import.meta.dirname, '..', '..');

describe('content data files', () => {
  it('every content/*.json is a data file of the manifest, which npm run check validates', () => {
    const files = readdirSync(path.join(root, 'content')).filter((name) => name.endsWith('.json'));
    expect(files.toSorted()).toEqual(
      Object.keys(dataFiles)
        .map((name) => `${name}.json`)
        .toSorted(),
    );
  });

  it.each(Object.keys(dataFiles) as DataFileName[])(
    'src/content/data/%s.ts gives the content of its file, validated',
    async (name) => {
      const loader: Record<string, unknown> = await import(`../../src/content/data/${name}.ts`);
      const text = readFileSync(path.join(root, 'content', `${name}.json`), 'utf8');
      expect(Object.values(loader)).toEqual([v.parse(dataFiles[name].schema, JSON.parse(text))]);
    },
  );

  it('a loader returns the validated value, and stops with the French messages of the check on a wrong one', () => {
    expect(loadDataFile('brand', { name: 'PropLLC', blurb: 'Une phrase.' })).toEqual({
      name: 'PropLLC',
      blurb: 'Une phrase.',
    });
    expect(() => loadDataFile('brand', { name: 'PropLLC', blurb: '', slogan: 'x' })).toThrow(
      [
        "content/brand.json n'est pas valide (lancez npm run check) :",
        '  ✗ content/brand.json → « blurb » ne peut pas être vide.',
        '  ✗ content/brand.json → champ inconnu « slogan ». Gardez les noms de champs tels quels : ne modifiez que les textes entre guillemets.',
      ].join('\n'),
    );
  });
});
