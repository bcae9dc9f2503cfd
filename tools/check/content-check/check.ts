/**
 * Everything `npm run check` validates in content/, one module per check (./checks/):
 *   - mdx.ts: each MDX file through the build's pipeline, then what spans files (duplicate `order`, missing pages);
 *   - data-files.ts: the data files `content/*.json` (JSON syntax, values, menu links);
 *   - typography.ts: the French typography of the texts in `content/*.json`, which no plugin corrects;
 *   - cost-range.ts: the FAQ's cost range against the figures of content/tarifs.json;
 *   - freshness.ts: figures checked at their source more than 12 months ago (a warning);
 *   - proofreading.ts: spelling and grammar of all of it, as visitors read it.
 * Returns French, editor-facing messages; `tools/check/check-content.ts` prints them.
 */
import { checkCostRange } from './checks/cost-range.ts';
import { checkDataFiles } from './checks/data-files.ts';
import { checkFreshness } from './checks/freshness.ts';
import { checkGuides } from './checks/guides.ts';
import { authors } from '../../../src/content/data/authors.ts';
import { type CheckOptions, checkMdxContent } from './checks/mdx.ts';
import { checkProofreading } from './checks/proofreading.ts';
import { checkDataTypography } from './checks/typography.ts';
import type { ProseBlock } from '../proofreading/prose.ts';
import { freshnessMessages } from '../../../src/content/schema/messages.ts';

export { checkMdxContent } from './checks/mdx.ts';

/** Problems as `npm run check` and `npm run build` print them: a count, then one line per problem. */
export function formatProblems(problems: readonly string[]): string {
  return `\n${problems.length} problème(s) dans content/ :\n\n${problems.map((problem) => `  ✗ ${problem}\n`).join('\n')}`;
}

interface ContentCheckOptions extends CheckOptions {
  /** Grammar findings fail the check (default: in CI, `CI=true`); otherwise they are warnings. */
  strictGrammar?: boolean;
  /** Where warnings go (grammar outside CI, a missing Grammalecte): the terminal by default. */
  warn?: (message: string) => void;
  /**
   * Whether spelling and grammar findings fail the check (default). `npm run diff` builds with them as warnings
   * (`PROOFREADING=warn`, see tools/build/content-check-plugin.ts): its report lists them under their pages instead.
   */
  proofreadingFails?: boolean;
  /** The day dated figures are compared with (default: now). */
  now?: Date;
}

/**
 * Everything `npm run check` validates in content/: the MDX files, the data files, their typography, then the
 * spelling and grammar of what compiled.
 */
export async function checkContent(root: string, options: ContentCheckOptions = {}): Promise<string[]> {
  const dataFiles = await checkDataFiles(root);
  const typography = await checkDataTypography(root);
  // Pages import the data files: while one is broken, rendering them would only repeat its problem.
  if (dataFiles.length > 0) return [...dataFiles, ...typography];
  const prose: ProseBlock[] = [];
  const mdx = await checkMdxContent(root, { ...options, prose });
  const costRange = await checkCostRange(root, prose);
  const guides = checkGuides(
    root,
    authors.auteurs.map((author) => author.id),
  );
  const proofreading = await checkProofreading(root, prose, { strictGrammar: options.strictGrammar });
  const fails = options.proofreadingFails ?? true;
  const warnings = fails ? proofreading.warnings : [...proofreading.warnings, ...proofreading.problems];
  const warn = options.warn ?? ((message: string) => console.warn(message));
  if (warnings.length > 0) warn(`\n${warnings.join('\n\n')}\n`);
  const stale = await checkFreshness(root, options.now);
  if (stale.length > 0) warn(`\n${freshnessMessages.heading(stale.length)}\n\n${stale.map((line) => `  ⚠ ${line}`).join('\n')}\n`);
  return [...mdx, ...costRange, ...guides, ...typography, ...(fails ? proofreading.problems : [])];
}
