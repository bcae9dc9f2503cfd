/**
 * The spelling and grammar findings a change adds to each page, for the report of `npm run diff`: the page's
 * text before and after is proofread as `npm run check` does (the trade's words and grammar silences of the new
 * side), and what was already there before is left out.
 */
import { readSilences, readWordList } from '../check/content-check/checks/proofreading.ts';
import { proofreadingMessages } from '../../src/content/schema/messages.ts';
import { checkGrammar } from '../check/proofreading/grammar.ts';
import { createSpeller } from '../check/proofreading/spelling.ts';
import type { PageChange } from './compare.ts';
import type { PageText } from './extract.ts';
import type { PageRecord } from './built-site.ts';

const textsOf = (text: PageText | undefined) => (text?.sections ?? []).flatMap((section) => section.blocks.map((block) => block.text));

/**
 * Findings added on each changed or new page, by URL, as French lines. `root` is the new side's folder (its
 * content/ holds the word list and the silences). Grammar only where Grammalecte is installed.
 */
export async function addedFindings(
  root: string,
  pages: readonly PageChange[],
  before: Map<string, PageRecord>,
  after: Map<string, PageRecord>,
): Promise<Map<string, string[]>> {
  const compared = pages.filter((page) => page.kind === 'changed' || page.kind === 'added');
  const sides = compared.map((page) => ({
    url: page.url,
    before: textsOf(before.get(page.url)?.text),
    after: textsOf(after.get(page.url)?.text),
  }));
  const all = sides.flatMap((side) => [...side.before, ...side.after]);
  const { words } = await readWordList(root);
  const { silences } = await readSilences(root);
  const [spelling, grammar] = await Promise.all([createSpeller(words).check(all), checkGrammar(all)]);
  const found = new Map<string, string[]>();
  let index = 0;
  for (const side of sides) {
    const range = (count: number) => {
      const slice = { spelling: spelling.slice(index, index + count), grammar: grammar?.slice(index, index + count) ?? [] };
      index += count;
      return slice;
    };
    const old = range(side.before.length);
    const fresh = range(side.after.length);
    const oldWords = new Set(old.spelling.flat().map((finding) => finding.word));
    const oldGrammar = new Set(old.grammar.flat().map((finding) => `${finding.rule}\u0000${finding.sentence}`));
    const lines: string[] = [];
    const seen = new Set<string>();
    for (const finding of fresh.spelling.flat()) {
      if (oldWords.has(finding.word) || seen.has(finding.word)) continue;
      seen.add(finding.word);
      lines.push(proofreadingMessages.unknownWord(finding.word, finding.suggestions));
    }
    for (const finding of fresh.grammar.flat()) {
      const key = `${finding.rule}\u0000${finding.sentence}`;
      if (oldGrammar.has(key) || silences.has(key) || seen.has(key)) continue;
      seen.add(key);
      lines.push(proofreadingMessages.grammar(finding.message, finding.suggestions, finding.sentence, finding.rule));
    }
    if (lines.length > 0) found.set(side.url, lines);
  }
  return found;
}
