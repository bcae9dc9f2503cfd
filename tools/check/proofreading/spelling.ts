/**
 * French spelling with nspell (a Hunspell-compatible checker in JavaScript) and dictionary-fr (the Hunspell
 * dictionary of the Grammalecte project), plus the trade's own words (content/mots-du-metier.txt).
 *
 * Building the dictionary takes about 7 s, so it happens at most once per process, and only for a word it has
 * never answered: its answers (known or not, and its suggestions) are kept in the proofreading cache
 * (./cache-folder.ts), so a check of content already seen does not load it at all, even with a misspelt word
 * still in it. Only the dictionary's own answers are kept: whether a word is one of the trade's is decided at each
 * check, from the list as it is then.
 */
import { mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type NSpell from 'nspell';
import { proofreadingCacheFolder } from './cache-folder.ts';

const projectRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
// Read from the file: dictionary-fr's exports do not include its package.json.
const packageVersion = (name: string) =>
  (JSON.parse(readFileSync(path.join(projectRoot, 'node_modules', name, 'package.json'), 'utf8')) as { version: string }).version;

let speller: Promise<NSpell> | undefined;

/** The dictionary, built once per process on first use. */
function dictionary(): Promise<NSpell> {
  // dictionary-fr types its files as Uint8Array; they are the Buffers fs.readFile returns, which nspell types.
  speller ??= Promise.all([import('nspell'), import('dictionary-fr')]).then(([{ default: nspell }, { default: fr }]) =>
    nspell(fr as { aff: Buffer; dic: Buffer }),
  );
  return speller;
}

/**
 * The dictionary's answers so far: the words it knows, and those it does not, each with its suggestions once
 * asked for (`null` until then: a part of a compound word needs none).
 */
interface Answers {
  known: Set<string>;
  unknown: Map<string, string[] | null>;
}

/** One file per version of nspell and of the dictionary (format 2: the unknown words are kept too). */
function cacheFile(): string {
  const name = `spelling-2-nspell-${packageVersion('nspell')}-fr-${packageVersion('dictionary-fr')}.json`;
  return path.join(proofreadingCacheFolder(), name);
}

function readCache(file: string): Answers {
  try {
    const { known, unknown } = JSON.parse(readFileSync(file, 'utf8')) as { known: string[]; unknown: Record<string, string[] | null> };
    return { known: new Set(known), unknown: new Map(Object.entries(unknown)) };
  } catch {
    return { known: new Set(), unknown: new Map() };
  }
}

function writeCache(file: string, { known, unknown }: Answers): void {
  mkdirSync(path.dirname(file), { recursive: true });
  // Written aside then renamed: the build and `npm run check` may run at once (the last one written is kept).
  const temporary = `${file}.${process.pid}`;
  const sorted = (words: Iterable<string>) => [...words].sort();
  writeFileSync(
    temporary,
    JSON.stringify({
      known: sorted(known),
      unknown: Object.fromEntries(sorted(unknown.keys()).map((word) => [word, unknown.get(word)])),
    }),
  );
  renameSync(temporary, file);
}

/**
 * Machine text is not words: URLs, email addresses, and in the operators' messages of the data files,
 * `{placeholders}`, settings (`CONTACT_DELIVERY=email`), file and folder names, npm commands and their options. Blanked out (same
 * length, so positions hold).
 */
const machineText = new RegExp(
  [
    String.raw`\b(?:https?|ftp|mailto|tel):[^\s<>«»"]+`,
    String.raw`\bwww\.[^\s<>«»"]+`,
    String.raw`[\w.+-]+@[\w-]+(?:\.[\w-]+)+`,
    String.raw`\{\w+\}`,
    String.raw`\b[A-Z][A-Z0-9]*(?:_[A-Z0-9]+)+(?:=\w+)?`,
    String.raw`\b[\w-]+\.(?:md|mdx|json|txt|ts)\b`,
    String.raw`\bnpm (?:run )?[\w:-]+`,
    // A command's options (`--forget`) and folder names (`leads/`).
    String.raw`--[\w-]+`,
    String.raw`\b[\w.-]+/(?=[\s),.;:]|$)`,
  ].join('|'),
  'gu',
);

/** A word: letters, with apostrophes and hyphens inside (l’État, États-Unis); a token holding a digit (1er, 10e) is skipped. */
const wordPattern = /[\p{L}\p{N}]+(?:[’'‑-][\p{L}\p{N}]+)*/gu;

/** Elided articles and conjunctions: l’EIN is checked as EIN (aujourd’hui and presqu’île stay whole). */
const elision = /^(?:[cdjlmnst]|qu|jusqu|lorsqu|puisqu|quoiqu)[’']/iu;

interface Misspelling {
  word: string;
  /** Index of the word in the text checked. */
  index: number;
  /** Up to three suggestions from the dictionary, best first. */
  suggestions: string[];
}

export interface Speller {
  /** The unknown words of each text, in order. */
  check(texts: readonly string[]): Promise<Misspelling[][]>;
}

/**
 * `tradeWords`: the site's own words, accepted as written (and capitalised, at the start of a sentence).
 * `cache`: another file for the dictionary's answers than the shared one (a test's own).
 */
export function createSpeller(tradeWords: readonly string[], { cache = cacheFile() }: { cache?: string } = {}): Speller {
  const trade = new Set(tradeWords);
  const isTradeWord = (word: string) => trade.has(word) || trade.has(word.charAt(0).toLowerCase() + word.slice(1));
  return {
    async check(texts) {
      const found = texts.map((text) =>
        [...text.replace(machineText, (match) => ' '.repeat(match.length)).matchAll(wordPattern)]
          .map((match) => {
            // The elided article or conjunction is named apart: « ammortissement », not « l’ammortissement ».
            const elided = elision.exec(match[0])?.[0].length ?? 0;
            return { word: match[0].slice(elided).replaceAll("'", '’'), index: match.index + elided };
          })
          .filter(({ word }) => !/\p{N}/u.test(word) && !isTradeWord(word)),
      );
      const answers = readCache(cache);
      /** The dictionary's answer, from the cache; `undefined` when it was never asked. */
      const cached = (word: string) => (answers.known.has(word) ? true : answers.unknown.has(word) ? false : undefined);
      /**
       * Whether `word` is accepted: one of the trade's words, known to the dictionary, or a compound of such words
       * (EIN-compatible); `undefined` when that needs an answer the dictionary has not given yet.
       */
      const accepts = (word: string, knows: (word: string) => boolean | undefined): boolean | undefined => {
        if (isTradeWord(word)) return true;
        const answer = knows(word);
        if (answer !== false) return answer;
        const parts = word.split(/[‑-]/);
        if (parts.length < 2 || parts.some((part) => part.length === 0)) return false;
        const verdicts = parts.map((part) => accepts(part, knows));
        return verdicts.includes(false) ? false : verdicts.includes(undefined) ? undefined : true;
      };
      const words = new Set(found.flat().map(({ word }) => word));
      const wrong = new Map<string, string[]>();
      let spell: NSpell | undefined;
      for (const word of words) {
        let verdict = accepts(word, cached);
        if (verdict === undefined || (verdict === false && !answers.unknown.get(word))) {
          spell ??= await dictionary();
          const loaded = spell;
          // Asked once, then remembered, for the word and each part of it.
          const knows = (asked: string) => {
            const answer = cached(asked) ?? loaded.correct(asked);
            if (answer) answers.known.add(asked);
            else if (!answers.unknown.has(asked)) answers.unknown.set(asked, null);
            return answer;
          };
          verdict = accepts(word, knows);
          if (verdict === false && !answers.unknown.get(word)) answers.unknown.set(word, loaded.suggest(word).slice(0, 3));
        }
        if (verdict === false) wrong.set(word, answers.unknown.get(word) ?? []);
      }
      if (spell) writeCache(cache, answers);
      return found.map((words) =>
        words.filter(({ word }) => wrong.has(word)).map(({ word, index }) => ({ word, index, suggestions: wrong.get(word) ?? [] })),
      );
    },
  };
}
