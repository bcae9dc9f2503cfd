/**
 * Everything `npm run check` validates in content/, one module per check (./checks/):
 *   - mdx.ts: each MDX file through the build's pipeline, then what spans files (duplicate `order`, missing pages);
 *   - data-files.ts: `content/site.ts` (values, menu links) and `content/contact-receiver.ts`;
 *   - typography.ts: the French spaces of the texts in `content/*.ts`, which no plugin corrects.
 * Returns French, editor-facing messages; `scripts/check-content.ts` prints them.
 */
import { checkContactReceiver, checkSite } from './checks/data-files.ts';
import { type CheckOptions, checkMdxContent } from './checks/mdx.ts';
import { checkTsTypography } from './checks/typography.ts';

export { importContentFile } from './checks/data-files.ts';
export { type CheckOptions, checkMdxContent } from './checks/mdx.ts';
export { verbatimFields } from './checks/typography.ts';

/** Problems as `npm run check` and `npm run build` print them: a count, then one line per problem. */
export function formatProblems(problems: readonly string[]): string {
  return `\n${problems.length} problème(s) dans content/ :\n\n${problems.map((problem) => `  ✗ ${problem}\n`).join('\n')}`;
}

/** Everything `npm run check` validates in content/: the MDX files, `site.ts`, the typography of `content/*.ts`. */
export async function checkContent(root: string, options: CheckOptions = {}): Promise<string[]> {
  return [
    ...(await checkMdxContent(root, options)),
    ...(await checkSite(root)),
    ...(await checkContactReceiver(root)),
    ...(await checkTsTypography(root)),
  ];
}
