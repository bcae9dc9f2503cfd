/**
 * Proofreading of the visible text of content/ (MDX prose, frontmatter values, texts of the data files):
 *   - spelling (nspell + dictionary-fr, ../../proofreading/spelling.ts), with the trade's words of
 *     content/mots-du-metier.txt: an unknown word is a problem, like any content mistake;
 *   - grammar (Grammalecte, ../../proofreading/grammar.ts) where it is installed: its findings are problems in CI
 *     (`CI=true`) and warnings on an editor's machine, except those content/exceptions-grammaire.txt silences,
 *     each for one rule in one sentence.
 */
import { existsSync } from 'node:fs';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { checkGrammar, normaliseSentence } from '../../proofreading/grammar.ts';
import { lineOf, type ProseBlock } from '../../proofreading/prose.ts';
import { createSpeller } from '../../proofreading/spelling.ts';
import { looksLikeTarget } from '../../../../src/site/typography/french.ts';
import { proofreadingMessages } from '../../../../src/content/schema/messages.ts';
import { readDataFile } from './data-files.ts';
import { jsonStrings, verbatimFields } from './typography.ts';
import { identifierFields } from '../../../../src/content/schema/guide-schema.ts';

const projectRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');
const wordListFile = 'content/mots-du-metier.txt';
const silencesFile = 'content/exceptions-grammaire.txt';

/** Lines of a list file under `root`, without comments (`#`) and empty lines, with their line numbers. */
async function listLines(file: string): Promise<{ line: number; text: string }[]> {
  if (!existsSync(file)) return [];
  return (await readFile(file, 'utf8'))
    .split('\n')
    .map((text, index) => ({ line: index + 1, text: text.trim() }))
    .filter(({ text }) => text !== '' && !text.startsWith('#'));
}

const collator = new Intl.Collator('fr');

/**
 * The trade's words: content/mots-du-metier.txt of `root`, or the site's own when `root` has none (a test
 * fixture holds only the files of its case, and writes like the site). One word a line, sorted.
 */
export async function readWordList(root: string): Promise<{ words: string[]; problems: string[] }> {
  const own = path.join(root, wordListFile);
  const file = existsSync(own) ? own : path.join(projectRoot, wordListFile);
  const lines = await listLines(file);
  const problems: string[] = [];
  lines.forEach(({ line, text }, index) => {
    if (!/^[\p{L}\p{N}’'-]+$/u.test(text)) problems.push(`${wordListFile}:${line} → ${proofreadingMessages.wordListLine(text)}`);
    const previous = lines[index - 1];
    if (previous && collator.compare(previous.text, text) > 0) {
      const before = lines.find((other) => collator.compare(other.text, text) > 0)?.text ?? previous.text;
      problems.push(`${wordListFile}:${line} → ${proofreadingMessages.wordListOrder(text, before)}`);
    }
  });
  return { words: lines.map(({ text }) => text), problems };
}

/** The silenced findings, `rule : sentence` a line, as keys `rule\u0000sentence`. */
export async function readSilences(root: string): Promise<{ silences: Set<string>; problems: string[] }> {
  const silences = new Set<string>();
  const problems: string[] = [];
  for (const { line, text } of await listLines(path.join(root, silencesFile))) {
    const match = /^(\S+)\s*:\s*(.+)$/u.exec(text);
    if (match?.[1] && match[2]) silences.add(`${match[1]}\u0000${normaliseSentence(match[2])}`);
    else problems.push(`${silencesFile}:${line} → ${proofreadingMessages.silenceLine(text)}`);
  }
  return { silences, problems };
}

/**
 * The texts of the data files content/*.json: every string a visitor or an operator reads, except paths, the
 * texts the specification fixes word for word (./typography.ts), and postal addresses, written as the post of
 * their country writes them (`512 2nd Street`).
 */
async function dataFileProse(root: string): Promise<ProseBlock[]> {
  const dir = path.join(root, 'content');
  if (!existsSync(dir)) return [];
  const names = (await readdir(dir)).filter((name) => name.endsWith('.json')).sort();
  const blocks: ProseBlock[] = [];
  for (const name of names) {
    const file = await readDataFile(root, name);
    if (!file || 'problem' in file) continue;
    for (const { field, value, offset } of jsonStrings(file.tree)) {
      if (looksLikeTarget(value) || !/\p{L}/u.test(value) || verbatimFields.has(`${file.relative}#${field}`)) continue;
      if (field === 'address' || field.endsWith('.address')) continue;
      if (identifierFields.has(field.split('.').at(-1) ?? '')) continue;
      const line = file.text.slice(0, offset).split('\n').length;
      blocks.push({ file: file.relative, text: value, starts: [{ index: 0, line }] });
    }
  }
  return blocks;
}

let grammalecteMissingSaid = false;

export interface ProofreadingResult {
  problems: string[];
  /** Grammar findings outside CI, and once per process, that Grammalecte is missing. */
  warnings: string[];
}

/** `mdxProse`: the prose of the MDX files, collected while the check compiles them. */
export async function checkProofreading(
  root: string,
  mdxProse: readonly ProseBlock[],
  { strictGrammar = process.env.CI === 'true' }: { strictGrammar?: boolean } = {},
): Promise<ProofreadingResult> {
  const blocks = [...mdxProse, ...(await dataFileProse(root))];
  const wordList = await readWordList(root);
  const { silences, problems: silenceProblems } = await readSilences(root);
  const problems = [...wordList.problems, ...silenceProblems];
  const warnings: string[] = [];
  const texts = blocks.map((block) => block.text);
  const [spelling, grammar] = await Promise.all([createSpeller(wordList.words).check(texts), checkGrammar(texts)]);
  blocks.forEach((block, index) => {
    for (const { word, index: at, suggestions } of spelling[index] ?? []) {
      problems.push(`${block.file}:${lineOf(block, at)} → ${proofreadingMessages.unknownWord(word, suggestions)}`);
    }
  });
  if (!grammar) {
    // In CI the grammar must be checked: .ci/run and the workflow install Grammalecte.
    if (strictGrammar) problems.push(proofreadingMessages.grammalecteMissingInCi);
    else if (!grammalecteMissingSaid) warnings.push(proofreadingMessages.grammalecteMissing);
    grammalecteMissingSaid = true;
    return { problems, warnings };
  }
  const grammarFindings: string[] = [];
  blocks.forEach((block, index) => {
    for (const finding of grammar[index] ?? []) {
      if (silences.has(`${finding.rule}\u0000${finding.sentence}`)) continue;
      const message = proofreadingMessages.grammar(finding.message, finding.suggestions, finding.sentence, finding.rule);
      grammarFindings.push(`${block.file}:${lineOf(block, finding.index)} → ${message}`);
    }
  });
  if (strictGrammar) problems.push(...grammarFindings);
  else if (grammarFindings.length > 0) warnings.push(proofreadingMessages.grammarWarnings(grammarFindings.length), ...grammarFindings);
  return { problems, warnings };
}
