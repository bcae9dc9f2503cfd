/**
 * Everything `npm run check` validates in content/, one module per check (./checks/):
 *   - mdx.ts: each MDX file through the build's pipeline, then what spans files (duplicate `order`, missing pages);
 *   - data-files.ts: the data files `content/*.json` (JSON syntax, values, menu links);
 *   - typography.ts: the French typography of the texts in `content/*.json`, which no plugin corrects.
 * Returns French, editor-facing messages; `scripts/check-content.ts` prints them.
 */
import { checkDataFiles } from './checks/data-files.ts';
import { type CheckOptions, checkMdxContent } from './checks/mdx.ts';
import { checkDataTypography } from './checks/typography.ts';

export { type CheckOptions, checkMdxContent } from './checks/mdx.ts';

/** Problems as `npm run check` and `npm run build` print them: a count, then one line per problem. */
export function formatProblems(problems: readonly string[]): string {
  return `\n${problems.length} problème(s) dans content/ :\n\n${problems.map((problem) => `  ✗ ${problem}\n`).join('\n')}`;
}

/** Everything `npm run check` validates in content/: the MDX files, the data files and their typography. */
export async function checkContent(root: string, options: CheckOptions = {}): Promise<string[]> {
  const dataFiles = await checkDataFiles(root);
  const typography = await checkDataTypography(root);
  // Pages import the data files: while one is broken, rendering them would only repeat its problem.
  if (dataFiles.length > 0) return [...dataFiles, ...typography];
  return [...(await checkMdxContent(root, options)), ...typography];
}
