// @vitest-environment node
/**
 * The visual editor's configuration (editor/) against the site's own lists: the same widgets with the same
 * settings, titles and choices as the widget schemas, a singleton for every page of the registry, the
 * ordered collections, and the storage chosen from the environment.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { hasImageWithoutAlt, isEmptyBody, makeConfig, nextFreeOrder, noOrders } from '../../editor/keystatic.config.ts';
import { previewFor } from '../../editor/preview-field.ts';
import { siteOrigin } from '../../editor/Preview/Preview.tsx';
import { withoutGoogleFonts } from '../../editor/self-hosted-font.ts';
import { readOrders } from '../../editor/server.ts';
import { storageFrom, storageSettingsFrom } from '../../editor/storage.ts';
import { inlineWidgets, settingsSummary, widgetComponents } from '../../editor/widget-components.ts';
import { collections, dataFiles } from '../../src/content/content.config.ts';
import { pages } from '../../src/site/registry.ts';
import { widgets } from '../../src/site/mdx/widgets/index.ts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');

type Field = {
  label: string;
  options?: { value: string }[];
  parse(value: unknown): unknown;
  serialize(value: unknown): { value: unknown };
  validate(value: unknown): unknown;
};
type Component = { kind: string; label: string; description?: string; schema: Record<string, Field>; children?: string[] };

const component = (name: string) => widgetComponents[name] as unknown as Component;
const inner = (schema: v.GenericSchema) =>
  schema.type === 'optional' ? (schema as v.OptionalSchema<v.GenericSchema, undefined>).wrapped : schema;

describe('editor blocks and widget schemas', () => {
  it('offer the same widgets', () => {
    expect(Object.keys(widgetComponents).sort()).toEqual(Object.keys(widgets).sort());
  });

  for (const [name, spec] of Object.entries(widgets)) {
    describe(`<${name}>`, () => {
      it('has the same label, description and settings', () => {
        expect(component(name).label).toBe(spec.label);
        expect(component(name).description).toBe(spec.description);
        expect(Object.keys(component(name).schema)).toEqual(Object.keys(spec.settings.entries));
      });

      it('takes what the schema allows between its tags', () => {
        const none = inlineWidgets.includes(name) ? 'inline' : 'block';
        const expected = spec.children === 'none' ? none : typeof spec.children === 'object' ? 'repeating' : 'wrapper';
        expect(component(name).kind).toBe(expected);
        if (typeof spec.children === 'object') expect(component(name).children).toEqual(spec.children.widgets);
      });

      for (const [setting, schema] of Object.entries(spec.settings.entries) as [string, v.GenericSchema][]) {
        it(`shows « ${setting} » with the schema's title, choices and requirement`, () => {
          const field = component(name).schema[setting]!;
          const base = inner(schema);
          expect(field.label).toBe(v.getTitle(base as never));
          const optional = schema.type === 'optional';
          if (base.type === 'picklist') {
            const values = (base as unknown as v.PicklistSchema<string[], undefined>).options;
            expect(field.options!.map((option) => option.value)).toEqual(optional ? ['', ...values] : values);
            // An optional setting left empty writes no attribute, as an editor leaves it out by hand.
            if (optional) expect(field.serialize('').value).toBeUndefined();
            for (const value of values) expect(field.serialize(field.parse(value)).value).toBe(value);
          } else {
            expect(base.type).toBe('string');
            expect(field.serialize('').value).toBeUndefined();
            if (optional) expect(() => field.validate('')).not.toThrow();
            else expect(() => field.validate('')).toThrow();
          }
        });
      }
    });
  }
});

describe('a block in the editor', () => {
  it('shows its settings as written, with their titles, above its text', () => {
    expect(settingsSummary(widgets.Card, { title: 'Séparation des finances', icon: 'wallet' })).toBe(
      'Titre : Séparation des finances · Icône : wallet',
    );
    expect(settingsSummary(widgets.Section, { tone: '', id: 'avantages' })).toBe('Ancre : avantages');
    expect(settingsSummary(widgets.Section, { tone: '', id: '' })).toBe('');
  });
});

describe('self-closing widgets inside a sentence', () => {
  it('are the editor’s inline widgets, and only they', () => {
    const files = Object.keys(collections).flatMap((folder) =>
      readdirSync(path.join(root, 'content', folder)).map((file) => readFileSync(path.join(root, 'content', folder, file), 'utf8')),
    );
    const used = (pattern: RegExp) => new Set(files.flatMap((text) => [...text.matchAll(pattern)].map((match) => match[1]!)));
    // A tag with text before it on its line sits inside a sentence; alone on its line, it is a block.
    const inSentence = used(/^[ \t]*[^<\s].*<([A-Z]\w*)\b[^>]*\/>/gm);
    const onOwnLine = used(/^[ \t]*<([A-Z]\w*)\b[^>]*\/>[ \t]*$/gm);
    expect([...inSentence].sort()).toEqual([...inlineWidgets].sort());
    for (const name of inlineWidgets) expect(onOwnLine.has(name)).toBe(false);
  });
});

describe('editor entries', () => {
  const config = makeConfig(storageSettingsFrom({}));

  it('gives every page of the registry a singleton whose file exists', () => {
    const singletons = Object.entries(config.singletons ?? {})
      .filter(([key]) => key.startsWith('page-'))
      .map(([, singleton]) => singleton);
    expect(singletons.map((singleton) => singleton.path)).toEqual(pages.map((page) => `pages/${page.content.replace(/\.mdx$/, '')}`));
    for (const singleton of singletons) expect(existsSync(path.join(root, 'content', `${singleton.path}.mdx`))).toBe(true);
    expect(singletons.map((singleton) => singleton.label)).toContain('/how-it-works — how-it-works.mdx');
  });

  // Each collection and data file of the content manifest is listed: tests/unit/content-manifest.test.ts.
  it('speaks French', () => {
    expect(config.locale).toBe('fr-FR');
  });

  it('sorts each collection by the order written in its files', () => {
    // The orders as the files write them (`order: 2` in the frontmatter), read here without the editor's code.
    const faqDir = path.join(root, 'content', 'faq');
    const written: Record<string, number> = Object.fromEntries(
      readdirSync(faqDir).map((file) => [
        file.replace(/\.mdx$/, ''),
        Number(/^order:\s*(\d+)\s*$/m.exec(readFileSync(path.join(faqDir, file), 'utf8'))?.[1]),
      ]),
    );
    expect(written.cout).toBe(2);
    const orders = readOrders(path.join(root, 'content'));
    expect(orders.faq).toEqual(written);
    const faq = makeConfig(storageSettingsFrom({}), orders).collections!.faq!;
    const slugs = Object.keys(written).sort((a, b) => Number(faq.parseSlugForSort!(a)) - Number(faq.parseSlugForSort!(b)));
    expect(slugs).toEqual(Object.keys(written).sort((a, b) => written[a]! - written[b]!));
  });
});

/** `value` with its keys in the order of `schema`'s fields, as Keystatic writes an object. */
function inSchemaOrder(schema: v.GenericSchema, value: unknown): unknown {
  const base = inner(schema);
  if ((base.type === 'strict_object' || base.type === 'object') && value && typeof value === 'object') {
    const entries = (base as unknown as v.ObjectSchema<v.ObjectEntries, undefined>).entries;
    const record = value as Record<string, unknown>;
    return Object.fromEntries(
      Object.keys(entries)
        .filter((key) => key in record)
        .map((key) => [key, inSchemaOrder(entries[key] as v.GenericSchema, record[key])]),
    );
  }
  if (base.type === 'array' && Array.isArray(value))
    return value.map((item) => inSchemaOrder((base as unknown as v.ArraySchema<v.GenericSchema, undefined>).item, item));
  return value;
}

describe('data files in the editor', () => {
  const config = makeConfig(storageSettingsFrom({}));

  for (const name of Object.keys(dataFiles) as (keyof typeof dataFiles)[]) {
    it(`${name}.json is saved as it is written: JSON, two-space indent, fields in the schema's order`, () => {
      const singleton = config.singletons![name]!;
      expect([singleton.path, singleton.format]).toEqual([name, { data: 'json' }]);
      const text = readFileSync(path.join(root, 'content', `${name}.json`), 'utf8');
      expect(`${JSON.stringify(inSchemaOrder(dataFiles[name].schema, JSON.parse(text)), null, 2)}\n`).toBe(text);
    });
  }

  it('show each field with the title of its schema', () => {
    type Group = { fields: Record<string, { label: string; description?: string; fields?: Group['fields'] }> };
    const company = config.singletons!.company!.schema as unknown as Group['fields'];
    expect(company.phone!.label).toBe('Téléphone');
    expect((company.host as unknown as Group).fields.website!.label).toBe('Site web de l’hébergeur');
    // A field without a title keeps its name.
    const legalLabels = (config.singletons!.interface!.schema as unknown as Group['fields']).legalLabels as unknown as Group;
    expect(legalLabels.fields.vatNumber!.label).toBe('vatNumber');
  });
});

describe('editor storage', () => {
  it('writes into content/ on this machine unless a GitHub repository is named', () => {
    expect(storageFrom(storageSettingsFrom({}))).toEqual({ kind: 'local' });
  });

  it('opens branches of the named GitHub repository, with the chosen prefix', () => {
    expect(storageFrom(storageSettingsFrom({ CMS_GITHUB_REPO: 'propllc/site', CMS_BRANCH_PREFIX: 'textes/' }))).toEqual({
      kind: 'github',
      repo: { owner: 'propllc', name: 'site' },
      branchPrefix: 'textes/',
      pathPrefix: 'content',
    });
    expect(storageSettingsFrom({ CMS_GITHUB_REPO: 'propllc/site' }).branchPrefix).toBe('contenu/');
    expect(() => storageSettingsFrom({ CMS_GITHUB_REPO: 'https://github.com/propllc/site' })).toThrow(/owner\/name/);
  });
});

describe('« Aperçu »', () => {
  const config = makeConfig(storageSettingsFrom({}));
  const pagePaths: string[] = pages.map((page) => page.path);

  it('is the first field of every page, entry and data file that shows on a page', () => {
    for (const [name, singleton] of Object.entries(config.singletons ?? {})) {
      const first = Object.keys(singleton.schema)[0];
      if (name === 'seo' || name === 'contact-receiver') expect(first, name).not.toBe('apercu');
      else expect(first, name).toBe('apercu');
    }
    for (const collection of Object.values(config.collections ?? {})) expect(Object.keys(collection.schema)[0]).toBe('apercu');
  });

  // A collection's page is checked with its widget (tests/unit/content-manifest.test.ts).
  it('shows each data file on a page of the registry, at an anchor that exists', () => {
    for (const [name, file] of Object.entries(dataFiles)) {
      if (!('page' in file)) continue;
      const target = file.page;
      const [page, anchor] = target.split('#');
      expect(pagePaths, name).toContain(page);
      if (!anchor) continue;
      // A section of /legal (one file each), or a widget of the page given that id (`<Section id="propfirms">`).
      const mdx = pages.find((entry) => entry.path === page)?.content;
      const inPage = mdx !== undefined && readFileSync(path.join(root, 'content', 'pages', mdx), 'utf8').includes(` id="${anchor}"`);
      expect(inPage || existsSync(path.join(root, 'content', 'legal', `${anchor}.mdx`)), target).toBe(true);
    }
  });

  it('links to the preview of the entry being edited, on the branch being edited', () => {
    expect(previewFor('/keystatic/collection/faq/item/cout', '/faq', true)).toBe('/apercu?page=%2Ffaq%23cout');
    expect(previewFor('/keystatic/branch/contenu%2Ftarifs/collection/faq/item/cout', '/faq', true)).toBe(
      '/apercu?page=%2Ffaq%23cout&branche=contenu%2Ftarifs',
    );
    // A new entry has no file name yet: the page itself.
    expect(previewFor('/keystatic/collection/faq/create', '/faq', true)).toBe('/apercu?page=%2Ffaq');
    expect(previewFor('/keystatic/singleton/page-about', '/about', false)).toBe('/apercu?page=%2Fabout');
  });

  it('shows the dev server locally, the branch’s preview deployment in GitHub mode', () => {
    expect(siteOrigin('http://127.0.0.1:4401', false, undefined)).toBe('http://127.0.0.1:4401');
    expect(siteOrigin('https://{branch}.propllc.pages.dev', true, 'contenu/Tarifs 2027')).toBe(
      'https://contenu-tarifs-2027.propllc.pages.dev',
    );
    expect(siteOrigin('', true, 'contenu/tarifs')).toBeUndefined();
  });

  it('stores nothing in the file', () => {
    const field = config.collections!.faq!.schema.apercu as unknown as Field;
    expect(field.serialize(field.parse(undefined))).toEqual({ value: undefined });
  });
});

describe('new entries and empty content', () => {
  it('gives a new entry the next free position', () => {
    expect(nextFreeOrder({ cout: 1, delai: 2, legalite: 5 })).toBe(6);
    expect(nextFreeOrder({})).toBe(1);
    // An entry without a valid order (listed last) does not count.
    expect(nextFreeOrder({ cout: 1, brouillon: Number.MAX_SAFE_INTEGER })).toBe(2);
    const config = makeConfig(storageSettingsFrom({}), { ...noOrders, faq: { cout: 1, delai: 4 } });
    expect((config.collections!.faq!.schema.order as unknown as { defaultValue(): number }).defaultValue()).toBe(5);
  });

  it('refuses to save an empty answer, section or page body, in French', () => {
    const paragraph = (text: string) => ({ type: { name: 'paragraph' }, text });
    const state = (...children: { type: { name: string }; text: string }[]) => ({
      doc: {
        childCount: children.length,
        child: (index: number) => children[index]!,
        textContent: children.map((child) => child.text).join(''),
      },
    });
    expect(isEmptyBody(state(paragraph('  ')))).toBe(true);
    expect(isEmptyBody(state(paragraph('Réponse.')))).toBe(false);
    // A widget alone (<Faq />) is content.
    expect(isEmptyBody(state({ type: { name: 'Faq' }, text: '' }))).toBe(false);
    const config = makeConfig(storageSettingsFrom({}));
    const body = config.collections!.faq!.schema.body as unknown as Field;
    expect(() => body.validate(state(paragraph('')))).toThrow(
      'La réponse est vide : écrivez-la avant d’enregistrer, sinon la question serait publiée sans réponse.',
    );
  });
});

describe('a guide’s images in the editor', () => {
  type Node = { type: { name: string }; text: string; attrs: Record<string, unknown> };
  const state = (...children: Node[]) => ({
    doc: {
      childCount: children.length,
      child: (index: number) => children[index]!,
      textContent: children.map((child) => child.text).join(''),
      descendants: (visit: (node: Node) => boolean | undefined) => {
        for (const child of children) if (visit(child) === false) return;
      },
    },
  });
  const paragraph: Node = { type: { name: 'paragraph' }, text: 'Le formulaire :', attrs: {} };
  const image = (alt: string): Node => ({ type: { name: 'image' }, text: '', attrs: { alt, filename: 'capture.png' } });
  const config = makeConfig(storageSettingsFrom({}));
  const guideBody = config.collections!.guides!.schema.body as unknown as Field;

  it('are saved in the guide’s own folder, under a plain name, served under /guides/<slug>/', () => {
    const directories = (config.collections!.guides!.schema.body as unknown as { directories: string[] }).directories;
    expect(directories).toContain('guides');
    expect((config.collections!.faq!.schema.body as unknown as { directories: string[] }).directories).not.toContain('guides');
  });

  it('cannot be saved without an alternative text, which the French message says how to write', () => {
    expect(hasImageWithoutAlt(state(paragraph, image(' ')))).toBe(true);
    expect(hasImageWithoutAlt(state(paragraph, image('La partie I du formulaire, remplie')))).toBe(false);
    expect(() => guideBody.validate(state(paragraph, image('')))).toThrow(/n’a pas de texte alternatif/);
    expect(() => guideBody.validate(state(paragraph, image('La partie I du formulaire, remplie')))).not.toThrow();
  });
});

describe('the editor’s font', () => {
  it('is served with the editor: the Google Fonts link is taken out of Keystatic’s interface', () => {
    const file = fileURLToPath(import.meta.resolve('@keystatic/core/ui')).replace(/\.node\.js$/, '.js');
    const code = readFileSync(file, 'utf8');
    expect(code).toContain('fonts.googleapis.com');
    expect(withoutGoogleFonts(code, file)).not.toContain('fonts.googleapis.com');
    expect(() => withoutGoogleFonts('link("https://fonts.googleapis.com/css2?family=Roboto")', 'x.js')).toThrow(/update its pattern/);
  });
});
