// @vitest-environment node
/**
 * The French messages an editor gets for a broken frontmatter. The wording may be reworked:
 * these tests pin what must stay — the file, the field in « », the nature of the problem.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkContent } from '../../tools/check/content-check/check.ts';

const files: Record<string, string> = {
  'content/faq/correcte.mdx': '---\nquestion: Une question bien formée ?\norder: 1\n---\n\nUne réponse.\n',
  'content/faq/sans-question.mdx': '---\norder: 2\n---\n\nUne réponse.\n',
  'content/faq/ordre-texte.mdx': '---\nquestion: Une autre question ?\norder: trois\n---\n\nUne réponse.\n',
  'content/terms/champ-inconnu.mdx': '---\ntitle: Une section\norder: 1\nauteur: Marie\n---\n\nTexte.\n',
  'content/legal/meme-ordre-a.mdx': '---\ntitle: Première section\norder: 4\n---\n\nTexte.\n',
  'content/legal/meme-ordre-b.mdx': '---\ntitle: Deuxième section\norder: 4\n---\n\nTexte.\n',
  'content/pages/sans-entete.mdx': '# Une page sans frontmatter\n',
  'content/pages/titre-nombre.mdx':
    '---\ntitle: 2024\ndescription: Une description assez longue pour respecter la longueur minimale demandée.\n---\n\nTexte.\n',
};

let problems: string[] = [];
let root = '';

beforeAll(async () => {
  root = mkdtempSync(path.join(tmpdir(), 'propllc-frontmatter-'));
  for (const [file, source] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
    writeFileSync(path.join(root, file), source);
  }
  problems = await checkContent(root);
  // A whole content check, proofreading included (22 s on a two-core CI machine running other files beside it):
  // the time allowed is the machine's, not what is tested.
});

afterAll(() => rmSync(root, { recursive: true, force: true }));

/** The one message about `file` (messages name files relative to a project root). */
function messageFor(file: string): string {
  const found = problems.filter((problem) => problem.includes(file));
  expect(found, `one message for ${file} among:\n${problems.join('\n')}`).toHaveLength(1);
  return found[0] ?? '';
}

describe('frontmatter errors', () => {
  it('a valid file gets no message', () => {
    expect(problems.filter((problem) => problem.includes('correcte.mdx'))).toEqual([]);
  });

  it('a missing field: names the file and the field, says it is required', () => {
    const message = messageFor('content/faq/sans-question.mdx');
    expect(message).toContain('« question »');
    expect(message).toContain('est obligatoire');
  });

  it('a wrong type: names the file and the field', () => {
    const message = messageFor('content/faq/ordre-texte.mdx');
    expect(message).toContain('« order »');
    expect(message).toMatch(/nombre/);
    expect(message).not.toContain('est obligatoire');
  });

  it('a text field given a number: names the field and says it must be a text', () => {
    const message = messageFor('content/pages/titre-nombre.mdx');
    expect(message).toContain('« title »');
    expect(message).toMatch(/texte/);
  });

  it('an unknown field: names the file and the field, lists the allowed ones', () => {
    const message = messageFor('content/terms/champ-inconnu.mdx');
    expect(message).toContain('« auteur »');
    expect(message).toMatch(/inconnu/);
    expect(message).toContain('title');
    expect(message).toContain('order');
  });

  it('a missing frontmatter: names the file', () => {
    const message = messageFor('content/pages/sans-entete.mdx');
    expect(message).toMatch(/frontmatter|en-tête|obligatoire/);
  });

  it('two files with the same order: the second names the first', () => {
    const message = messageFor('content/legal/meme-ordre-b.mdx');
    expect(message).toContain('order: 4');
    expect(message).toContain('content/legal/meme-ordre-a.mdx');
  });
});
