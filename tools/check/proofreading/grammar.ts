/**
 * French grammar with Grammalecte (LibreOffice's French grammar checker; Debian's `grammalecte-cli`), where it
 * is installed. All texts go to one invocation (it takes a second to start); its answer is kept in the
 * proofreading cache (./cache-folder.ts) for the same texts, so an unchanged check does not run it again.
 * Its spelling findings are left out: spelling is ./spelling.ts's, with the site's own words.
 */
import { spawn, spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import * as v from 'valibot';
import { proofreadingCacheFolder } from './cache-folder.ts';

const cacheSize = 64;
/**
 * JSON, lines of a paragraph joined. Off: the typography the site sets itself (MDX) or checks with the fixed
 * text to paste (data files): apostrophes, quotes, ellipses and dashes (`apos`, `typo`), spaces (`esp`, `nbsp`),
 * so that a mistake is named once; and `num`, the grouping of digits, which the site does for amounts only, while
 * postal codes, VAT and registration numbers are written as issued.
 */
const options = ['-j', '-cl', '-off', 'apos', 'typo', 'esp', 'nbsp', 'num'];
/** `GRAMMALECTE` names another command, e.g. a grammalecte-cli installed with pip outside the PATH. */
const command = () => process.env.GRAMMALECTE ?? 'grammalecte-cli';

export interface GrammarFinding {
  /** Grammalecte's rule, e.g. `g2__maj_code__b1_a1_1`: what a silence names. */
  rule: string;
  message: string;
  suggestions: string[];
  /** Where the finding starts in the text checked. */
  index: number;
  /** The sentence that holds it, as shown. */
  sentence: string;
}

const outputSchema = v.object({
  data: v.array(
    v.object({
      lGrammarErrors: v.array(
        v.object({
          sRuleId: v.string(),
          sMessage: v.string(),
          aSuggestions: v.array(v.string()),
          nStartY: v.number(),
          nStartX: v.number(),
        }),
      ),
    }),
  ),
});

type Output = v.InferOutput<typeof outputSchema>;

function run(file: string): Promise<string | undefined> {
  return new Promise((resolve, reject) => {
    const child = spawn(command(), ['-f', file, ...options], {
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    let errors = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (errors += chunk.toString()));
    child.on('error', (error: NodeJS.ErrnoException) => (error.code === 'ENOENT' ? resolve(undefined) : reject(error)));
    child.on('close', (code) =>
      code === 0 ? resolve(output) : reject(new Error(`grammalecte-cli: ${errors.trim() || `code ${code}`}`)),
    );
  });
}

/** Whether Grammalecte answers here (the tests that need it are skipped otherwise). */
export function hasGrammalecte(): boolean {
  return !spawnSync(command(), ['-h'], { stdio: 'ignore' }).error;
}

/** The sentence of `text` around `index`: from the end of the previous one to the next . ! ? … */
function sentenceAt(text: string, index: number): string {
  const ends = [...text.matchAll(/[.!?…]+(?=[\s\u00a0\u202f»)]*(?:\s|$))[\s\u00a0\u202f»)]*/gu)].map(
    (match) => match.index + match[0].length,
  );
  const start = ends.filter((end) => end <= index).at(-1) ?? 0;
  const end = ends.find((candidate) => candidate > index) ?? text.length;
  return normaliseSentence(text.slice(start, end));
}

/** Spaces of any kind as one space, both apostrophes as ’: how a sentence is compared to a silence. */
export function normaliseSentence(sentence: string): string {
  return sentence.replace(/\s+/gu, ' ').replaceAll("'", '’').trim();
}

/**
 * The grammar findings of each text, or `undefined` when Grammalecte is not installed.
 * Each text is one paragraph for Grammalecte: its line breaks become spaces (same length, so positions hold).
 */
export async function checkGrammar(texts: readonly string[]): Promise<GrammarFinding[][] | undefined> {
  const input = texts.map((text) => text.replace(/[\r\n]/g, ' ')).join('\n\n');
  const hash = createHash('sha256')
    .update(`${command()} ${options.join(' ')}\n${input}`)
    .digest('hex')
    .slice(0, 16);
  const cacheDir = proofreadingCacheFolder();
  const cacheFile = path.join(cacheDir, 'grammalecte.json');
  // Answers for the last few sets of texts: the site's, and those of the test fixtures.
  let cache: Record<string, unknown> = {};
  try {
    cache = JSON.parse(readFileSync(cacheFile, 'utf8')) as Record<string, unknown>;
  } catch {
    // Nothing kept yet.
  }
  const kept = v.safeParse(outputSchema, cache[hash]);
  let output: Output | undefined = kept.success ? kept.output : undefined;
  if (!output) {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'propllc-grammaire-'));
    try {
      const file = path.join(dir, 'texte.txt');
      writeFileSync(file, `${input}\n`);
      const raw = await run(file);
      if (raw === undefined) return undefined;
      output = v.parse(outputSchema, JSON.parse(raw));
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
    const { [hash]: _old, ...others } = cache;
    const entries = [...Object.entries(others).slice(-cacheSize + 1), [hash, output]];
    mkdirSync(cacheDir, { recursive: true });
    // Written aside then renamed: the build and `npm run check` may run at once.
    const temporary = `${cacheFile}.${process.pid}`;
    writeFileSync(temporary, JSON.stringify(Object.fromEntries(entries)));
    renameSync(temporary, cacheFile);
  }
  // Text i is line 2i + 1 of the file (texts are separated by an empty line).
  const findings: GrammarFinding[][] = texts.map(() => []);
  for (const error of output.data.flatMap((paragraph) => paragraph.lGrammarErrors)) {
    const which = (error.nStartY - 1) / 2;
    const text = texts[which];
    if (text === undefined) continue;
    findings[which]?.push({
      rule: error.sRuleId,
      message: error.sMessage,
      suggestions: error.aSuggestions.slice(0, 3),
      index: error.nStartX,
      sentence: sentenceAt(text, error.nStartX),
    });
  }
  return findings;
}
