/**
 * The tests a stage of `npm test` ran, as it printed them: Vitest's « Tests  2 failed | 955 passed (957) », or
 * Playwright's summary lines (« 186 passed (7.6m) », « 1 flaky »). Undefined for a stage that runs no tests.
 */
export function testCounts(output: string): string | undefined {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: colours are escape sequences.
  const plain = output.replace(/\u001b\[[0-9;]*m/g, '');
  const vitest = [...plain.matchAll(/^\s*Tests\s+(.+?)\s*\(\d+\)\s*$/gm)].map((match) => match[1]);
  if (vitest.length > 0) return vitest.at(-1);
  const playwright = [...plain.matchAll(/^\s+(\d+) (passed|failed|flaky|skipped|did not run|interrupted)\b/gm)];
  if (playwright.length > 0) return playwright.map((match) => `${match[1]} ${match[2]}`).join(' | ');
  return undefined;
}
