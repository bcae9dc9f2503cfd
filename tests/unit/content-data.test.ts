// @vitest-environment node
/** The data files of content/: each has a schema checked by `npm run check` and a loader that validates it at import. */
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadDataFile } from '../../src/content-data/load.ts';
import { dataFiles } from '../../scripts/content-check/checks/data-files.ts';
import { brandSchema } from '../../src/content-schema/site-schema.ts';

const root = path.resolve(import.meta.dirname, '..', '..');

describe('content data files', () => {
  it('every content/*.json has a schema in the check and a loader in src/content-data/', () => {
    const files = readdirSync(path.join(root, 'content'))
      .filter((name) => name.endsWith('.json'))
      .sort();
    expect(dataFiles.map((file) => file.name).toSorted()).toEqual(files);
    const loaders = readdirSync(path.join(root, 'src', 'content-data')).filter((name) => name !== 'load.ts');
    expect(loaders.map((name) => name.replace(/\.ts$/, '.json')).toSorted()).toEqual(files);
  });

  it('a loader returns the validated value, and stops with the French messages of the check on a wrong one', () => {
    expect(loadDataFile('content/brand.json', brandSchema, { name: 'PropLLC', blurb: 'Une phrase.' })).toEqual({
      name: 'PropLLC',
      blurb: 'Une phrase.',
    });
    expect(() => loadDataFile('content/brand.json', brandSchema, { name: 'PropLLC', blurb: '', slogan: 'x' })).toThrow(
      [
        "content/brand.json n'est pas valide (lancez npm run check) :",
        '  ✗ content/brand.json → « blurb » ne peut pas être vide.',
        '  ✗ content/brand.json → champ inconnu « slogan ». Gardez les noms de champs tels quels : ne modifiez que les textes entre guillemets.',
      ].join('\n'),
    );
  });
});
