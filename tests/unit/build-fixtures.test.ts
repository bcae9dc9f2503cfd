// @vitest-environment node
/**
 * `npm run build` on broken content: it must stop with the French message of `npm run check`
 * (file, line, fix), not a stack trace. Each case builds a copy of the project whose content/ is
 * overlaid with one fixture (tests/fixtures/<case>/content/…), node_modules shared by a symbolic link.
 * A build that fails stops after the content check, in a few seconds.
 */
import { spawn } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { stripVTControlCharacters } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { checkContent } from '../../scripts/content-check/check.ts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const fixtures = path.join(root, 'tests', 'fixtures');
const skipped = new Set([
  'node_modules',
  'dist',
  'build',
  '.git',
  '.react-router',
  'tests',
  'playwright-report',
  'test-results',
  'screenshots',
]);
const copies: string[] = [];

/** The project with `fixture`'s files laid over its content/. */
function projectWith(fixture: string): string {
  const copy = mkdtempSync(path.join(tmpdir(), `propllc-${fixture}-`));
  copies.push(copy);
  cpSync(root, copy, {
    recursive: true,
    filter: (source) => !skipped.has(path.relative(root, source).split(path.sep)[0] ?? ''),
  });
  symlinkSync(path.join(root, 'node_modules'), path.join(copy, 'node_modules'), 'dir');
  cpSync(path.join(fixtures, fixture, 'content'), path.join(copy, 'content'), { recursive: true });
  return copy;
}

/** Runs `command` in `cwd`, as from a terminal. */
function run(cwd: string, command: string, args: string[]): Promise<{ code: number; output: string }> {
  // The build (or the tests run in a copy) decides its own mode: no settings of this test run leak into it.
  const env = Object.fromEntries(Object.entries(process.env).filter(([name]) => name !== 'NODE_ENV' && !name.startsWith('VITEST')));
  return new Promise((resolve) => {
    const child = spawn(command, args, { cwd, env, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.on('close', (code) => resolve({ code: code ?? 1, output }));
  });
}

const build = (cwd: string) => run(cwd, 'npm', ['run', 'build']);

afterAll(() => {
  for (const copy of copies) rmSync(copy, { recursive: true, force: true });
});

// The build stops through one path whatever the mistake: the content-check plugin runs `checkContent` before
// anything compiles, prints its problems and exits (scripts/content-check-plugin.ts). What each kind of mistake
// produces is the check's own business (tests/unit/check.test.ts); here every case is found by the check, and one
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

// The promise of CONTRIBUTING.md: a page is its MDX file and one line of src/registry.ts, and nothing else changes.
// The copy gets tests/fixtures/new-page (content/pages/exemple-tarifs.mdx: a name no real page will take) and that
// line, then is built and checked by the site's own tests that walk the registry, unchanged.
describe('a new page in two files: its MDX file and one registry line; French typography in an FAQ answer', () => {
  it('builds (content check included), is in dist/ and sitemap.xml, and passes the registry-driven checks', async () => {
    // One build for two promises: the FAQ answer of tests/fixtures/faq-typography rides along (below).
    const copy = projectWith('new-page');
    cpSync(path.join(fixtures, 'faq-typography', 'content'), path.join(copy, 'content'), { recursive: true });
    const registry = path.join(copy, 'src', 'registry.ts');
    const entries = readFileSync(registry, 'utf8');
    const line = "  { path: '/exemple-tarifs', content: 'exemple-tarifs.mdx', layout: 'marketing' },\n";
    const withPage = entries.replace(/^] as const satisfies/m, `${line}$&`);
    expect(withPage).not.toBe(entries);
    writeFileSync(registry, withPage);
    cpSync(path.join(root, 'tests'), path.join(copy, 'tests'), { recursive: true });

    const built = await build(copy);
    expect(built.code, built.output).toBe(0);
    const html = readFileSync(path.join(copy, 'dist', 'exemple-tarifs.html'), 'utf8');
    expect(html).toContain('<title>Tarifs de la création d’une LLC | PropLLC</title>');
    expect(html).toMatch(/<h1[^>]*>Nos tarifs<\/h1>/);
    expect(readFileSync(path.join(copy, 'dist', 'sitemap.xml'), 'utf8')).toMatch(/<loc>[^<]*\/exemple-tarifs<\/loc>/);

    // npm run build sets French typography in an FAQ answer: "quotes", ... and an apostrophe become « quotes », …
    // and ’, leaving code and emails as typed.
    const faq = readFileSync(path.join(copy, 'dist', 'faq.html'), 'utf8');
    expect(faq).toContain('Que veut dire «\u202Fpayout\u202F»\u202F?');
    expect(faq).toContain(
      'Le «\u202Fpayout\u202F», c’est la part des profits que la propfirm vous reverse… chaque mois\u00A0– ou plus souvent.',
    );
    expect(faq).toContain('contact@propllc.fr');
    expect(faq).toContain('<code>&quot;code&quot;...</code>');

    const builtChecks = ['file-list', 'urls-and-headers', 'html', 'budgets'].map((name) => `tests/built/${name}.test.ts`);
    const checks = await run(copy, 'npx', ['vitest', 'run', '--config', 'vitest.build.config.ts', ...builtChecks]);
    expect(checks.code, checks.output).toBe(0);
    expect(stripVTControlCharacters(checks.output)).toMatch(/Test Files +4 passed \(4\)/);
    const units = await run(copy, 'npx', ['vitest', 'run', 'tests/unit/registry.test.ts', 'tests/unit/guide.test.tsx']);
    expect(units.code, units.output).toBe(0);
    expect(stripVTControlCharacters(units.output)).toMatch(/Test Files +2 passed \(2\)/);
  }, 300_000);
});
