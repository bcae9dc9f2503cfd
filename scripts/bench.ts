/**
 * `npm run bench`: Lighthouse 12 in mobile mode (simulated slow 4G, mid-range phone) over every route
 * of dist/, against its zero-JS twin: the same dist/ with every executable <script> and module preload
 * removed. Both are served like production (scripts/static-server.ts, with dist/_headers). For each
 * route the two are measured alternately, three times each, and the medians compared:
 * LCP site / twin and their ratio (the target is ≤ 1.05), TBT difference, performance score, and the
 * JavaScript each page runs. Then the four category scores, what holds pages back, and the byte budgets.
 * Offline; not part of `npm test` (timings vary from run to run).
 *   CHROME_PATH=/usr/bin/chromium npm run bench      (the default CHROME_PATH)
 *   BENCH_RUNS=5 npm run bench                       (runs per side and route; default 3)
 */
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { launch } from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { pages } from '../src/registry.ts';
import { builtPages } from './built-pages.ts';
import { executableScripts } from './csp.ts';
import { assertBuilt, budgetFigures, javaScriptPerPage } from './dist-reader.ts';
import { createStaticServer } from './static-server.ts';

assertBuilt();

/** The same HTML with nothing to run: what the pages would cost if they were text and links only. */
function makeTwin(): string {
  const twin = mkdtempSync(path.join(tmpdir(), 'propllc-twin-'));
  cpSync('dist', twin, { recursive: true });
  for (const page of builtPages(twin)) {
    const html = readFileSync(page.file, 'utf8')
      .replace(/<link\b[^>]*\brel="modulepreload"[^>]*\/?>/gi, '')
      .replace(/<script\b[^>]*>[\s\S]*?<\/script>/gi, (whole) => (executableScripts(whole).length > 0 ? '' : whole));
    writeFileSync(page.file, html);
  }
  return twin;
}

async function serve(root: string) {
  const server = createStaticServer(root);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { server, origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}` };
}

const twinDir = makeTwin();
const site = await serve('dist');
const twin = await serve(twinDir);
const chrome = await launch({
  chromePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
  chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'],
});

const categories = ['performance', 'accessibility', 'best-practices', 'seo'] as const;
type Lhr = NonNullable<Awaited<ReturnType<typeof lighthouse>>>['lhr'];

async function audit(url: string): Promise<Lhr> {
  const result = await lighthouse(url, { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: [...categories] });
  if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
  if (result.lhr.runtimeError) console.warn(`${url}: ${result.lhr.runtimeError.message} (run left out)`);
  return result.lhr;
}

/** Median of the runs that produced a value (a run Lighthouse could not finish gives NaN and is left out). */
const median = (values: number[]) => {
  const valid = values.filter(Number.isFinite).sort((a, b) => a - b);
  return valid[Math.floor(valid.length / 2)] ?? Number.NaN;
};
const score = (lhr: Lhr, id: (typeof categories)[number]) => Math.round((lhr.categories[id]?.score ?? 0) * 100);
const metric = (lhr: Lhr, id: string) => lhr.audits[id]?.numericValue ?? Number.NaN;

const runs = Number(process.env.BENCH_RUNS ?? 3);
// The 404 page is not benched: Lighthouse refuses to audit a page answered with status 404.
const routes = pages.map((page) => page.path as string);
const jsBytes = new Map(javaScriptPerPage());
const comparison: string[][] = [];
const scores: string[][] = [];
const holdBacks: string[] = [];

try {
  for (const route of routes) {
    const measured = { site: [] as Lhr[], twin: [] as Lhr[] };
    for (let run = 0; run < runs; run += 1) {
      // Alternating, so a slower moment of the machine weighs on both sides alike.
      measured.site.push(await audit(`${site.origin}${route}`));
      measured.twin.push(await audit(`${twin.origin}${route}`));
    }
    const lcp = (side: Lhr[]) => median(side.map((lhr) => metric(lhr, 'largest-contentful-paint')));
    const tbt = (side: Lhr[]) => median(side.map((lhr) => metric(lhr, 'total-blocking-time')));
    const perf = (side: Lhr[]) => median(side.map((lhr) => (lhr.runtimeError ? Number.NaN : score(lhr, 'performance'))));
    const ratio = lcp(measured.site) / lcp(measured.twin);
    comparison.push([
      route,
      `${Math.round(lcp(measured.site))} ms`,
      `${Math.round(lcp(measured.twin))} ms`,
      `${ratio.toFixed(2)}${ratio <= 1.05 ? '' : '  ✗'}`,
      `${Math.round(tbt(measured.site) - tbt(measured.twin))} ms`,
      `${perf(measured.site)} / ${perf(measured.twin)}`,
      `${((jsBytes.get(route) ?? 0) / 1024).toFixed(1)} KB`,
    ]);

    const last = measured.site.at(-1) as Lhr;
    scores.push([route, ...categories.map((id) => String(score(last, id)))]);
    // Audits that cost points: the reasons a category is under 100.
    const failing = new Set<string>();
    for (const id of categories) {
      for (const ref of last.categories[id]?.auditRefs ?? []) {
        const detail = last.audits[ref.id];
        if (ref.weight > 0 && detail && detail.score !== null && detail.score < 1) {
          failing.add(`${id}: ${detail.title}${detail.displayValue ? ` (${detail.displayValue})` : ''}`);
        }
      }
    }
    if (failing.size > 0) holdBacks.push(`${route}\n${[...failing].map((line) => `  - ${line}`).join('\n')}`);
  }
} finally {
  chrome.kill();
  site.server.close();
  twin.server.close();
  rmSync(twinDir, { recursive: true, force: true });
}

function table(header: string[], rows: string[][]): string {
  const widths = header.map((title, column) => Math.max(title.length, ...rows.map((row) => row[column]?.length ?? 0)));
  const line = (cells: string[]) => cells.map((cell, column) => cell.padEnd(widths[column] ?? 0)).join('  ');
  return [line(header), ...rows.map(line)].join('\n');
}

console.log(`\nLighthouse 12 mobile, median of ${runs} alternating runs: the site against its zero-JS twin\n`);
console.log(table(['route', 'LCP site', 'LCP twin', 'ratio', 'TBT diff', 'perf site / twin', 'JS (gzip)'], comparison));
console.log(`\nCategory scores (last run of the site)\n`);
console.log(table(['route', 'perf', 'a11y', 'best', 'seo'], scores));
console.log(holdBacks.length > 0 ? `\nWhat holds pages back:\n${holdBacks.join('\n')}` : '\nEvery route scores 100 everywhere.');
console.log('\nBytes (gzip -9):');
for (const [label, bytes] of budgetFigures()) console.log(`  ${label.padEnd(46)} ${(bytes / 1024).toFixed(1)} KB`);
