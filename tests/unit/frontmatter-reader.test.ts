// @vitest-environment node
/**
 * The one frontmatter reader (src/site/mdx/frontmatter.ts): what the check, proofreading, the editor's list order and
 * cms:normalise read of a file, with the lines they name. Through the editor's list order: what an editor sees.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { readOrders } from '../../editor/server.ts';
import { orderedCollections } from '../../src/content/content.config.ts';
import { readFrontmatter } from '../../src/site/mdx/frontmatter.ts';

describe('readFrontmatter', () => {
  it('reads the values, the line of each field in the file, and what follows the block', () => {
    const frontmatter = readFrontmatter('---\nquestion: Combien ?\norder: 3\n---\n\nLa réponse.\n')!;
    expect(frontmatter.data).toEqual({ question: 'Combien ?', order: 3 });
    expect([frontmatter.lineOf('question'), frontmatter.lineOf('order'), frontmatter.lineOf('title')]).toEqual([2, 3, undefined]);
    expect(frontmatter.body).toBe('\nLa réponse.\n');
  });

  it('reads a file saved with Windows line endings, a folded value and spaces after a fence', () => {
    const frontmatter = readFrontmatter('--- \r\ntitle: Titre\r\ndescription: >-\r\n  Une ligne\r\n  et une autre.\r\n---\r\nTexte.')!;
    expect(frontmatter.data).toEqual({ title: 'Titre', description: 'Une ligne et une autre.' });
    expect(frontmatter.lineOf('description')).toBe(3);
    expect(frontmatter.body).toBe('Texte.');
  });

  it('reads an empty block as no field, and a block that is not YAML as its errors', () => {
    expect(readFrontmatter('---\n---\nTexte.\n')).toMatchObject({ data: {}, body: 'Texte.\n' });
    const broken = readFrontmatter('---\ntitle: Un titre : avec deux points: ici\n---\n')!;
    expect(broken.document.errors).not.toEqual([]);
    expect(broken.data).toBeUndefined();
  });

  it('finds no frontmatter in a file without a closed block', () => {
    expect(readFrontmatter('# Titre\n')).toBeUndefined();
    expect(readFrontmatter('---\ntitle: Titre\n\nTexte.\n')).toBeUndefined();
    expect(readFrontmatter('Texte.\n---\ntitle: Titre\n---\n')).toBeUndefined();
  });
});

describe('the editor’s list order', () => {
  const content = mkdtempSync(path.join(tmpdir(), 'propllc-orders-'));
  afterAll(() => rmSync(content, { recursive: true, force: true }));

  it('is each entry’s order as written; an entry without a valid one goes last', () => {
    for (const name of orderedCollections) mkdirSync(path.join(content, name));
    writeFileSync(path.join(content, 'faq', 'cout.mdx'), '---\r\nquestion: Combien ?\r\norder: 2\r\n---\r\nRéponse.\r\n');
    writeFileSync(path.join(content, 'faq', 'brouillon.mdx'), '---\nquestion: Quand ?\norder: : deux\n---\nRéponse.\n');
    writeFileSync(path.join(content, 'faq', 'sans-entete.mdx'), 'Réponse.\n');
    expect(readOrders(content)).toEqual({
      ...Object.fromEntries(orderedCollections.map((name) => [name, {}])),
      faq: { cout: 2, brouillon: Number.MAX_SAFE_INTEGER, 'sans-entete': Number.MAX_SAFE_INTEGER },
    });
  });
});
