// @vitest-environment node
/**
 * `npm run build` on broken content: it must stop with the French message of `npm run check` (file, line, fix),
 * not a stack trace, on a copy of the project whose content/ is overlaid with a fixture (./project-copy.ts).
 */
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { checkContent } from '../../tools/check/content-check/check.ts';
import { build, fixtures, projectWith, removeCopies } from './project-copy.ts';

afterAll(removeCopies);

// The build stops through one path whatever the mistake: the content-check plugin runs `checkContent` before
// anything compiles, prints its problems and exits (tools/build/content-check-plugin.ts). What each kind of mistake
// produces is the check's own business (tests/integration/check.test.ts); here every case is found by the check, and one
// goes through a whole build: spelling, with problems in several files (a page, a title, a FAQ answer, a data
// file), which stops the build but not `npm run diff`.
const brokenContent = [
  'braces-expression',
  'unclosed-frontmatter',
  'html-comment',
  'broken-link',
  'unknown-import',
  'render-error',
  'widget-settings',
  // A misspelt word in a page, a title, a FAQ answer and a data file.
  'spelling',
];
const builtCases = new Set(['spelling']);

describe('npm run build on broken content', () => {
  it.each(brokenContent)(
    '%s: the content check finds it, naming file and line',
    async (fixture) => {
      const problems = await checkContent(path.join(fixtures, fixture), { requireAllPages: false });
      expect(problems.length).toBeGreaterThan(0);
      for (const problem of problems) expect(problem).toMatch(/^content\/[^\s:]+(:\d+)? → /);
    },
    120_000,
  );

  it.each([...builtCases])(
    '%s: stops the build with the French message of npm run check, no stack trace',
    async (fixture) => {
      const expected = await checkContent(path.join(fixtures, fixture), { requireAllPages: false });
      expect(expected.length).toBeGreaterThan(0);
      const { code, output } = await build(projectWith(fixture));
      expect(code).not.toBe(0);
      // Every problem of the case, in the check's order.
      expect(output).toContain(
        `${expected.length} problème(s) dans content/ :\n\n${expected.map((problem) => `  ✗ ${problem}\n`).join('\n')}`,
      );
      expect(output).toContain('La construction du site est arrêtée');
      // No stack frame, no build-tool error banner.
      expect(output).not.toMatch(/^\s+at /m);
      expect(output).not.toMatch(/Build failed|Prerender|Error:/);
    },
    120_000,
  );
});
