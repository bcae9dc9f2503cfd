// @vitest-environment node
/**
 * A guide's images (src/site/mdx/remark-guide-images.ts, src/site/guides/guide-images.ts): on a project of its own,
 * each accepted image becomes WebP copies sized for the text column, rendered with its text, its size and lazy
 * loading; each mistake an editor can make stops with its French message, the file and the line. And the check of
 * the guides' folders (tools/check/content-check/checks/guides.ts) finds what is left in them.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { compile } from '@mdx-js/mdx';
import { toJsxRuntime } from 'hast-util-to-jsx-runtime';
import type { Root } from 'mdast';
import type { MDXComponents } from 'mdx/types';
import { renderToStaticMarkup } from 'react-dom/server';
import { Fragment, jsx, jsxs } from 'react/jsx-runtime';
import remarkMdx from 'remark-mdx';
import remarkParse from 'remark-parse';
import remarkRehype from 'remark-rehype';
import sharp from 'sharp';
import { type PluggableList, unified } from 'unified';
import { VFile } from 'vfile';
import { afterAll, describe, expect, it } from 'vitest';
import { checkGuides } from '../../tools/check/content-check/checks/guides.ts';
import { type ProseBlock, rehypeCollectProse } from '../../tools/check/proofreading/prose.ts';
import { guideImageCacheDir } from '../../src/site/guides/guide-images.ts';
import { guideImageFileName } from '../../src/site/guides/guide-image-rules.ts';
import { mdxComponents } from '../../src/site/mdx/components.tsx';
import { mdxOptions } from '../../src/site/mdx/pipeline.ts';

const root = mkdtempSync(path.join(tmpdir(), 'propllc-guide-images-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));
const folder = path.join(root, 'content', 'guides', 'essai');
mkdirSync(folder, { recursive: true });
mkdirSync(path.join(root, 'content', 'pages'), { recursive: true });

const frontmatter = `---
title: Un guide qui montre une image
description: >-
  Un guide de test des images : son résumé compte assez de caractères pour le
  schéma des guides du site.
publieLe: '2026-11-01'
misAJourLe: '2026-11-01'
auteur: redaction
sources:
  - url: https://www.irs.gov/forms-pubs/about-form-5472
    titre: About Form 5472
    consulteLe: '2026-11-01'
  - url: https://www.impots.gouv.fr/formulaire/3916-3916-bis/declaration-par-un-resident-dun-compte-ouvert-hors-de-france
    titre: Formulaire 3916-3916-bis
    consulteLe: '2026-11-01'
historique:
  - date: '2026-11-01'
    changement: Première publication.
---
`;
/** The line of the body's first line, after the frontmatter and the heading and blank line put before it. */
const bodyLine = frontmatter.split('\n').length + 3;

const photo = (width: number, height: number) => sharp({ create: { width, height, channels: 3, background: '#16325c' } });
await photo(1600, 900).png().toFile(path.join(folder, 'capture.png'));
await photo(400, 300).png().toFile(path.join(folder, 'petite.png'));
// A phone's portrait photo: stored sideways, with EXIF orientation 6 (a quarter turn clockwise to show it).
await photo(1600, 900).jpeg().withMetadata({ orientation: 6 }).toFile(path.join(folder, 'portrait.jpg'));
writeFileSync(path.join(folder, 'abimee.png'), 'ce fichier n’est pas une image');
writeFileSync(path.join(folder, 'enorme.png'), Buffer.alloc(9 * 1024 * 1024));
writeFileSync(path.join(folder, 'logo.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');

/** The site's pipeline up to HTML's tree, then the site's component map: the module lines are for the bundler. */
const processor = unified()
  .use(remarkParse)
  .use(remarkMdx)
  .use(mdxOptions.remarkPlugins as PluggableList)
  .use(() => (tree: Root) => {
    tree.children = tree.children.filter((node) => node.type !== 'mdxjsEsm');
  })
  .use(remarkRehype)
  .use(mdxOptions.rehypePlugins as PluggableList);

/** The HTML a guide's body renders to, in the project of this test. */
async function compiled(body: string, file = 'content/guides/essai.mdx'): Promise<string> {
  const source = new VFile({ path: path.join(root, file), cwd: root, value: `${frontmatter}\n## Le sujet\n\n${body}\n` });
  const tree = await processor.run(processor.parse(source), source);
  const components = mdxComponents as Record<string, unknown>;
  return renderToStaticMarkup(toJsxRuntime(tree, { Fragment, jsx, jsxs, components: components as MDXComponents }));
}

async function problemOf(body: string, file?: string): Promise<string> {
  try {
    await compiled(body, file);
  } catch (error) {
    return (error as Error).message;
  }
  throw new Error('compiled without a problem');
}

const attribute = (html: string, name: string) => html.match(new RegExp(`\\b${name}="([^"]*)"`))?.[1];

async function copiesOf(html: string) {
  return Promise.all(
    (attribute(html, 'srcSet') ?? '').split(', ').map(async (candidate) => {
      const [url = '', descriptor = ''] = candidate.split(' ');
      const metadata = await sharp(path.join(root, guideImageCacheDir, url)).metadata();
      return { url, descriptor, format: metadata.format, width: metadata.width, height: metadata.height };
    }),
  );
}

describe('an image the guide shows', () => {
  it('becomes two WebP copies, one the text column wide and one twice that, rendered with its text and size', async () => {
    const html = await compiled('![La partie I du formulaire, remplie](/guides/essai/capture.png)');
    expect(attribute(html, 'alt')).toBe('La partie I du formulaire, remplie');
    expect(attribute(html, 'loading')).toBe('lazy');
    expect([attribute(html, 'width'), attribute(html, 'height')]).toEqual(['1408', '792']);
    const copies = await copiesOf(html);
    expect(copies.map(({ descriptor, format, width, height }) => [descriptor, format, width, height])).toEqual([
      ['704w', 'webp', 704, 396],
      ['1408w', 'webp', 1408, 792],
    ]);
    expect(attribute(html, 'src')).toBe(copies[0]?.url);
    for (const copy of copies) expect(copy.url).toMatch(/^\/guides\/essai\/capture-[0-9a-f]{10}-\d+\.webp$/);
  });

  it('may be shown twice in a guide, both made at once', async () => {
    await photo(1000, 500).png().toFile(path.join(folder, 'deux-fois.png'));
    const html = await compiled(
      '![Le schéma, en haut](/guides/essai/deux-fois.png)\n\n![Le schéma, en bas](/guides/essai/deux-fois.png)',
    );
    const sources = [...html.matchAll(/\bsrc="([^"]+)"/g)].map((match) => match[1]);
    expect(sources).toHaveLength(2);
    expect(sources[0]).toBe(sources[1]);
    expect((await copiesOf(html)).map(({ width }) => width)).toEqual([704, 1000]);
  });

  it('is never made wider than it is', async () => {
    const html = await compiled('![Un petit schéma des flux](/guides/essai/petite.png)');
    expect((await copiesOf(html)).map(({ descriptor, width }) => [descriptor, width])).toEqual([['400w', 400]]);
    expect([attribute(html, 'width'), attribute(html, 'height')]).toEqual(['400', '300']);
  });

  it('is turned the way the phone that took it says', async () => {
    const html = await compiled('![Le relevé de la banque, photographié](/guides/essai/portrait.jpg)');
    expect([attribute(html, 'width'), attribute(html, 'height')]).toEqual(['900', '1600']);
    expect((await copiesOf(html)).map(({ width, height }) => [width, height])).toEqual([
      [704, 1252],
      [900, 1600],
    ]);
  });
});

describe('an image’s alternative text', () => {
  const body = "![La partie I du formulaire, avec l'EIN de la LLC](/guides/essai/capture.png)";

  it('gets French typography, as the text around it', async () => {
    expect(attribute(await compiled(body), 'alt')).toBe('La partie I du formulaire, avec l’EIN de la LLC');
  });

  it('is read by the proofreading, at its line', async () => {
    const prose: ProseBlock[] = [];
    const source = new VFile({
      path: path.join(root, 'content/guides/essai.mdx'),
      cwd: root,
      value: `${frontmatter}\n## Le sujet\n\n${body}\n`,
    });
    await compile(source, { ...mdxOptions, rehypePlugins: [...mdxOptions.rehypePlugins, rehypeCollectProse(prose, root)] });
    expect(prose.find((block) => block.text.startsWith('La partie I'))).toEqual({
      file: 'content/guides/essai.mdx',
      text: 'La partie I du formulaire, avec l’EIN de la LLC',
      starts: [{ index: 0, line: bodyLine }],
    });
  });
});

describe('what an editor can get wrong', () => {
  const at = (line: number) => `content/guides/essai.mdx:${line} → `;
  it.each([
    ['no alternative text', '![](/guides/essai/capture.png)', 'n’a pas de texte alternatif'],
    ['blank alternative text', '![   ](/guides/essai/capture.png)', 'n’a pas de texte alternatif'],
    ['the file name as alternative text', '![capture.png](/guides/essai/capture.png)', 'est son nom de fichier'],
    ['an alternative text of a page', `![${'très long '.repeat(30)}](/guides/essai/capture.png)`, 'dépasse 250 caractères'],
    ['another guide’s folder', '![Un schéma](/guides/autre/capture.png)', 'n’est pas dans le dossier de ce guide'],
    ['a path that climbs out', '![Un schéma](/guides/essai/../essai.mdx)', 'n’est pas dans le dossier de ce guide'],
    ['an outside address', '![Un schéma](https://example.com/capture.png)', 'n’est pas dans le dossier de ce guide'],
    ['a relative name', '![Un schéma](capture.png)', 'n’est pas dans le dossier de ce guide'],
    ['an SVG', '![Le logo](/guides/essai/logo.svg)', 'doit être un fichier .png, .jpg, .jpeg, .webp ou .avif'],
    ['a missing file', '![Un schéma](/guides/essai/absente.png)', 'le fichier content/guides/essai/absente.png n’existe pas'],
    ['a file that is no image', '![Un schéma](/guides/essai/abimee.png)', 'ne peut pas être lue'],
    ['a file of 9 MB', '![Un schéma](/guides/essai/enorme.png)', 'pèse 9 Mo, plus que 8 Mo'],
    ['an <img> tag', '<img src="/guides/essai/capture.png" alt="Un schéma" />', 'une balise <img> ne passe pas'],
    ['a reference', '![Un schéma][capture]\n\n[capture]: /guides/essai/capture.png', 'avec une référence'],
  ])('%s', async (_case, body, excerpt) => {
    const problem = await problemOf(body);
    expect(problem.startsWith(at(bodyLine)), problem).toBe(true);
    expect(problem).toContain(excerpt);
  });

  it('an image on a page that is not a guide', async () => {
    const page =
      '---\ntitle: Une page de test du site\ndescription: Une description assez longue pour respecter le minimum exigé par le schéma.\n---\n';
    const file = new VFile({
      path: path.join(root, 'content/pages/exemple.mdx'),
      cwd: root,
      value: `${page}\nTexte.\n\n![Un schéma](/guides/essai/capture.png)\n`,
    });
    await expect(compile(file, mdxOptions)).rejects.toThrow(
      /^content\/pages\/exemple\.mdx:8 → une image ne peut aller que dans un guide/,
    );
  });
});

describe('the name the editor saves an upload under', () => {
  it.each([
    ['Capture d’écran 2026-12-03 à 10.15.PNG', 'capture-d-ecran-2026-12-03-a-10-15.png'],
    ['Relevé (1).JPEG', 'releve-1.jpg'],
    ['schema.webp', 'schema.webp'],
    ['###.png', 'image.png'],
  ])('%s → %s', (original, saved) => {
    expect(guideImageFileName(original)).toBe(saved);
  });
});

describe('the guides’ folders', () => {
  it('hold only the images their guide shows, and belong to a guide', () => {
    const project = mkdtempSync(path.join(tmpdir(), 'propllc-guide-folders-'));
    try {
      const guides = path.join(project, 'content', 'guides');
      mkdirSync(path.join(guides, 'essai'), { recursive: true });
      mkdirSync(path.join(guides, 'orphelin'), { recursive: true });
      writeFileSync(path.join(guides, 'essai.mdx'), `${frontmatter}\n![Un schéma](/guides/essai/montree.png)\n`);
      for (const file of ['essai/montree.png', 'essai/oubliee.png', 'essai/notes.txt', 'orphelin/vieille.png']) {
        writeFileSync(path.join(guides, file), '');
      }
      const problems = checkGuides(project, ['redaction']);
      expect(problems).toEqual([
        expect.stringMatching(/^content\/guides\/essai\/notes\.txt → .*n’est pas une image/),
        expect.stringMatching(/^content\/guides\/essai\/oubliee\.png → .*n’apparaît pas dans content\/guides\/essai\.mdx/),
        expect.stringMatching(/^content\/guides\/orphelin\/ → .*d’un guide qui n’existe pas/),
      ]);
    } finally {
      rmSync(project, { recursive: true, force: true });
    }
  });
});
