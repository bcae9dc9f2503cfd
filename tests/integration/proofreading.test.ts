// @vitest-environment node
/**
 * Spelling and grammar in `npm run check`: what an editor is told, one fixture per case
 * (tests/fixtures/<case>/content/…). The dictionary takes seconds to build on a busy machine: generous timeouts.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { checkContent } from '../../tools/check/content-check/check.ts';
import { hasGrammalecte } from '../../tools/check/proofreading/grammar.ts';
import { createSpeller } from '../../tools/check/proofreading/spelling.ts';

const fixtures = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'fixtures');
const check = (name: string, strictGrammar = false, warnings: string[] = []) =>
  checkContent(path.join(fixtures, name), { requireAllPages: false, strictGrammar, warn: (message) => warnings.push(message) });
const grammalecte = hasGrammalecte();

describe('spelling', () => {
  it('names a misspelt word in a page, a frontmatter title, a FAQ answer and a data file, with line and suggestions', async () => {
    expect(await check('spelling')).toEqual([
      'content/faq/cout.mdx:6 → « sociétée » : mot inconnu. Vouliez-vous dire « sociétés » ou « société » ? S’il est juste (un mot du métier, un nom), ajoutez-le à content/mots-du-metier.txt.',
      'content/pages/about.mdx:2 → « consepteurs » : mot inconnu. Vouliez-vous dire « concepteurs » ? S’il est juste (un mot du métier, un nom), ajoutez-le à content/mots-du-metier.txt.',
      // The URL, the email address and the code on the same lines are not words.
      'content/pages/about.mdx:9 → « ammortissement » : mot inconnu. Vouliez-vous dire « amortissement » ? S’il est juste (un mot du métier, un nom), ajoutez-le à content/mots-du-metier.txt.',
      // The card's title is a widget setting: not checked; its text is.
      'content/pages/about.mdx:13 → « scalpeurs » : mot inconnu. Vouliez-vous dire « sculpteurs » ? S’il est juste (un mot du métier, un nom), ajoutez-le à content/mots-du-metier.txt.',
      'content/brand.json:3 → « simplicitée » : mot inconnu. Vouliez-vous dire « simplicités » ou « simplicité » ? S’il est juste (un mot du métier, un nom), ajoutez-le à content/mots-du-metier.txt.',
    ]);
  });

  it('accepts a word once it is in content/mots-du-metier.txt, capitalised at the start of a sentence too', async () => {
    expect(await check('trade-words')).toEqual([]);
  });

  it('asks for one word a line, in alphabetical order', async () => {
    expect(await check('word-list-order')).toEqual([
      'content/mots-du-metier.txt:3 → « EIN » n’est pas à sa place : la liste est dans l’ordre alphabétique. Placez-le avant « LLC ».',
      'content/mots-du-metier.txt:4 → « propfirm firm » : un seul mot par ligne, sans espace ni ponctuation autour. Écrivez chaque mot sur sa propre ligne.',
    ]);
  });
});

// The dictionary's answers are kept, so that a check of words already seen does not build it again (seconds);
// the trade's words are read at each check. A file of this test's own: other processes share the real one.
describe('the dictionary’s answers, kept between checks', () => {
  const folder = mkdtempSync(path.join(tmpdir(), 'propllc-spelling-cache-'));
  const cache = path.join(folder, 'spelling.json');
  afterAll(() => rmSync(folder, { recursive: true, force: true }));
  const misspelt = async (text: string, tradeWords: string[] = []) =>
    (await createSpeller(tradeWords, { cache }).check([text]))[0]?.map(({ word, suggestions }) => ({ word, suggestions }));

  it('keeps an unknown word with its suggestions, and answers from them the next time', async () => {
    expect(await misspelt('Ce montant ne comprend pas les frais banquaires.')).toEqual([
      { word: 'banquaires', suggestions: ['bancaires'] },
    ]);
    const kept = JSON.parse(readFileSync(cache, 'utf8')) as { known: string[]; unknown: Record<string, string[] | null> };
    expect(kept.unknown.banquaires).toEqual(['bancaires']);
    expect(kept.known).toEqual(expect.arrayContaining(['frais', 'montant']));
    // Answered from the file: a suggestion the dictionary would never make.
    kept.unknown.banquaires = ['bancaires-du-fichier'];
    writeFileSync(cache, JSON.stringify(kept));
    expect(await misspelt('Les frais banquaires.')).toEqual([{ word: 'banquaires', suggestions: ['bancaires-du-fichier'] }]);
  });

  it('decides trade words at each check: a compound accepted through one is not accepted once it leaves the list', async () => {
    const sentence = 'Un compte Zorglub-compatible.';
    expect((await misspelt(sentence))?.map(({ word }) => word)).toEqual(['Zorglub-compatible']);
    expect(await misspelt(sentence, ['Zorglub'])).toEqual([]);
    expect((await misspelt(sentence))?.map(({ word }) => word)).toEqual(['Zorglub-compatible']);
  });
});

describe.skipIf(!grammalecte)('grammar, with Grammalecte installed', () => {
  it('names a grammar mistake with file, line and the sentence, and fails the check in CI', async () => {
    const problems = await check('grammar', true);
    expect(problems).toContain(
      'content/faq/fiscalite.mdx:6 → grammaire : Conjugaison erronée. Accord avec “les sociétés…”. Le verbe devrait être à la 3ᵉ personne du pluriel. Proposition : « sont ». Dans la phrase « Chaque année, les sociétés est tenues de déclarer leurs comptes. ». Si la phrase est juste, ajoutez à content/exceptions-grammaire.txt la ligne : gv2__conj_les_nom__b1_a3_1 : Chaque année, les sociétés est tenues de déclarer leurs comptes.',
    );
  });

  it('only warns outside CI', async () => {
    const warnings: string[] = [];
    expect(await check('grammar', false, warnings)).toEqual([]);
    expect(warnings.join('\n')).toContain('content/faq/fiscalite.mdx:6 → grammaire : Conjugaison erronée.');
    expect(warnings.join('\n')).toContain('Elles arrêtent la vérification en CI');
  });

  it('silences a rule for the one sentence content/exceptions-grammaire.txt names, not for another', async () => {
    const problems = await check('grammar-silenced', true);
    expect(problems).toHaveLength(1);
    expect(problems[0]).toMatch(
      /^content\/faq\/fiscalite\.mdx:8 → grammaire : Pour désigner un code juridique particulier, mettez une majuscule .* Dans la phrase « Vous déclarez vos comptes selon l’article 1649 A du code général des impôts\. »/,
    );
  });
});

describe('without Grammalecte', () => {
  const before = process.env.GRAMMALECTE;
  afterEach(() => {
    if (before === undefined) delete process.env.GRAMMALECTE;
    else process.env.GRAMMALECTE = before;
  });

  it('says so once, in French, and does not fail the check', async () => {
    process.env.GRAMMALECTE = path.join(fixtures, 'no-such-grammalecte-cli');
    const warnings: string[] = [];
    expect(await check('grammar', false, warnings)).toEqual([]);
    expect(await check('trade-words', false, warnings)).toEqual([]);
    expect(warnings.filter((warning) => warning.includes('Grammalecte n’est pas installé'))).toHaveLength(1);
  });

  it('fails the check in CI, where the grammar must be checked', async () => {
    process.env.GRAMMALECTE = path.join(fixtures, 'no-such-grammalecte-cli');
    expect(await check('trade-words', true)).toEqual([
      'grammaire : Grammalecte n’est pas installé, alors qu’en CI (CI=true) la grammaire doit être vérifiée. Installez le paquet grammalecte-cli (voir .ci/run et docs/architecture.md).',
    ]);
  });
});
