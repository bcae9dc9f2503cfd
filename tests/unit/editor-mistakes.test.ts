// @vitest-environment node
/**
 * The variants of each editor mistake that the fixtures (tests/fixtures/, check.test.ts) do not show:
 * each goes through the site's MDX pipeline, or the whole MDX check, and must get its French explanation.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { compile } from '@mdx-js/mdx';
import { VFile } from 'vfile';
import { afterAll, describe, expect, it } from 'vitest';
import { checkMdxContent } from '../../tools/check/content-check/check.ts';
import { mdxOptions } from '../../src/site/mdx/pipeline.ts';

const frontmatter =
  '---\ntitle: Une page de test du site\ndescription: Une description assez longue pour respecter le minimum exigé par le schéma.\n---\n\n';

/** The message the pipeline stops with, or undefined when the file compiles. */
async function problemOf(body: string): Promise<string | undefined> {
  const file = new VFile({ path: '/projet/content/pages/exemple.mdx', cwd: '/projet', value: frontmatter + body });
  try {
    await compile(file, { ...mdxOptions, providerImportSource: undefined });
    return undefined;
  } catch (error) {
    return (error as Error).message;
  }
}

describe('broken Markdown links', () => {
  it.each([
    ['the ] is missing', 'Voir [la page contact(/contact).', '« [la page contact(/contact) »'],
    ['the ) is missing', 'Voir [la page contact](/contact et la suite.', '« [la page contact](/contact »'],
    ['the [ is missing', 'Voir la page](/contact).', '« page](/contact) »'],
    ['a space between ] and (', 'Voir [la page] (/contact).', '« [la page] (/contact) »'],
    ['the ( is missing', 'Voir [la page]/contact).', '« [la page]/contact) »'],
    ['an external address', 'Voir [le site de l’IRS(https://www.irs.gov).', '« [le site de l’IRS(https://www.irs.gov) »'],
  ])('%s', async (_case, body, excerpt) => {
    expect(await problemOf(body)).toBe(
      `content/pages/exemple.mdx:6 → lien Markdown mal formé : ${excerpt}. Les crochets [ ] et les parenthèses ( ) d'un lien vont par paires : [texte du lien](/adresse), sans espace entre ] et (.`,
    );
  });

  it('names the line of the mistake in a paragraph typed over several lines, inside bold text', async () => {
    expect(await problemOf('Première ligne,\nseconde ligne **avec [un lien(/faq)** cassé.')).toMatch(
      /^content\/pages\/exemple\.mdx:7 → lien Markdown mal formé/,
    );
  });

  it.each([
    ['a correct link', 'Voir [la page contact](/contact) (en bas).'],
    ['brackets that are not a link', 'Un renvoi [1] et une remarque [entre crochets].'],
    ['parentheses that are not a link', 'Une précision (voir plus bas) et une autre (/ici, sans crochet).'],
  ])('accepts %s', async (_case, body) => {
    expect(await problemOf(body)).toBeUndefined();
  });
});

describe('braces', () => {
  it('rejects an expression in a widget attribute', async () => {
    expect(await problemOf('<Section tone={muted}>\nTexte.\n</Section>')).toBe(
      `content/pages/exemple.mdx:6 → {muted} dans la balise <Section> : les accolades { } sont réservées ; pour les afficher, écrivez \\{ et \\}. Une valeur s'écrit entre guillemets droits : nom="texte".`,
    );
  });

  it('accepts escaped braces', async () => {
    expect(await problemOf('Le prix \\{environ\\} 100 €.')).toBeUndefined();
  });

  it('refuses a comment, which the visual editor cannot open, and names the « À prouver » block', async () => {
    expect(await problemOf('Un texte {/* une note pour l’équipe */} visible.')).toBe(
      'content/pages/exemple.mdx:6 → commentaire {/* … */} : l\'éditeur visuel ne peut pas ouvrir un fichier qui en contient. Pour signaler une phrase ou un chiffre à prouver, remplacez-le par le bloc « À prouver » : <AProuver proof="ce qu’il faut prouver" /> ; sinon, supprimez-le.',
    );
  });
});

describe('import and export lines', () => {
  it('rejects an export line', async () => {
    expect(await problemOf('export const prix = 100\n\nTexte.')).toMatch(
      /^content\/pages\/exemple\.mdx:6 → ligne import ou export inconnue : les composants s'utilisent sans import\./,
    );
  });

  const root = mkdtempSync(path.join(tmpdir(), 'propllc-mistakes-'));
  afterAll(() => rmSync(root, { recursive: true, force: true }));

  it('explains a sentence that starts with "export", which MDX cannot even read', async () => {
    mkdirSync(path.join(root, 'content', 'pages'), { recursive: true });
    writeFileSync(path.join(root, 'content', 'pages', 'about.mdx'), `${frontmatter}export de données vers votre comptable.\n`);
    expect(await checkMdxContent(root, { requireAllPages: false })).toEqual([
      "content/pages/about.mdx:6 → ligne import ou export inconnue : les composants s'utilisent sans import. Supprimez la ligne ; s'il s'agit d'une phrase, commencez-la autrement (par exemple par une majuscule).",
    ]);
  }, 120_000);
});
