// @vitest-environment node
/**
 * A new page is its MDX file and one line of the registry, and nothing else changes: a copy of the project gets
 * both, is built and checked by the site's own tests. The same build shows the French typography of an FAQ answer.
 * A file of its own, so that its build runs beside the other slow files.
 */
import { cpSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { stripVTControlCharacters } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { build, fixtures, projectWith, removeCopies, root, run } from './project-copy.ts';

afterAll(removeCopies);

// The promise of CONTRIBUTING.md: a page is its MDX file and one line of src/site/registry.ts, and nothing else changes.
// The copy gets the page of tests/fixtures/new-page/content/pages/exemple-tarifs.mdx (a name no real page will take) and
// that line, then is built and checked by the site's own tests that walk the registry, unchanged.
describe('a new page in two files: its MDX file and one registry line; French typography in an FAQ answer', () => {
  it('builds (content check included), is in dist/ and sitemap.xml, and passes the registry-driven checks', async () => {
    // One build for two promises: the FAQ answer of tests/fixtures/faq-typography rides along (below).
    const copy = projectWith('new-page');
    cpSync(path.join(fixtures, 'faq-typography', 'content'), path.join(copy, 'content'), { recursive: true });
    const registry = path.join(copy, 'src', 'site', 'registry.ts');
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
    // Vitest's own script, run by this Node (`npx` would start npm first).
    const vitest = path.join(copy, 'node_modules/vitest/vitest.mjs');
    const checks = await run(copy, process.execPath, [vitest, 'run', '--config', 'vitest.build.config.ts', ...builtChecks]);
    expect(checks.code, checks.output).toBe(0);
    expect(stripVTControlCharacters(checks.output)).toMatch(/Test Files +4 passed \(4\)/);
    const units = await run(copy, process.execPath, [vitest, 'run', 'tests/unit/registry.test.ts', 'tests/unit/guide.test.tsx']);
    expect(units.code, units.output).toBe(0);
    expect(stripVTControlCharacters(units.output)).toMatch(/Test Files +2 passed \(2\)/);
  }, 300_000);
});
