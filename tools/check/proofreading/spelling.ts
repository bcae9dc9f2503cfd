/**
 * French spelling with nspell (a Hunspell-compatible checker in JavaScript) and dictionary-fr (the Hunspell
 * dictionary of the Grammalecte project), plus the trade's own words (content/mots-du-metier.txt).
 *
 * Building the dictionary takes a few seconds, so it happens at most once per process, and only when a word is
 * not already known: the words the dictionary accepted are kept in node_modules/.cache/, so a check of unchanged
 * content does not load it at all.
 */
import { mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type NSpell from 'nspell';

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

/** Where the words the dictionary accepted are remembered: one file per version of nspell and of the dictionary. */
function cacheFile(): string {
  const name = `spelling-nspell-${packageVersion('nspell')}-fr-${packageVersion('dictionary-fr')}.json`;
  return path.join(projectRoot, 'node_modules', '.cache', 'propllc', name);
}

function readCache(file: string): Set<string> {
  try {
    return new Set(JSON.parse(readFileSync(file, 'utf8')) as string[]);
  } catch {
    return new Set();
  }
}

function writeCache(file: string, words: Set<string>): void {
  mkdirSync(path.dirname(file), { recursive: true });
  // Written aside then renamed: the build and `npm run check` may run at once.
  const temporary = `${file}.${process.pid}`;
  writeFileSync(temporary, JSON.stringify([...words].sort()));
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

/** `tradeWords`: the site's own words, accepted as written (and capitalised, at the start of a sentence). */
export function createSpeller(tradeWords: readonly string[]): Speller {
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
      const file = cacheFile();
      const known = readCache(file);
      const unknown = new Set(
        found
          .flat()
          .map(({ word }) => word)
          .filter((word) => !known.has(word)),
      );
      const wrong = new Map<string, string[]>();
      if (unknown.size > 0) {
        const spell = await dictionary();
        const accepts = (word: string): boolean => {
          if (spell.correct(word) || isTradeWord(word)) return true;
          // A compound of known words, or of a known word and a trade word (EIN-compatible).
          const parts = word.split(/[‑-]/);
          return parts.length > 1 && parts.every((part) => part.length > 0 && accepts(part));
        };
        const size = known.size;
        for (const word of unknown) {
          if (accepts(word)) known.add(word);
          else wrong.set(word, spell.suggest(word).slice(0, 3));
        }
        if (known.size > size) writeCache(file, known);
      }
      return found.map((words) =>
        words.filter(({ word }) => wrong.has(word)).map(({ word, index }) => ({ word, index, suggestions: wrong.get(word) ?? [] })),
      );
    },
  };
}
