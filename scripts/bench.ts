/**
 * `npm run bench`: Lighthouse 12 in mobile mode (simulated slow 4G, mid-range phone) over every route
 * of dist/, served like production (scripts/static-server.ts, with dist/_headers). Prints the four
 * category scores, LCP / TBT / CLS, what holds each page back, and the byte figures of the budgets.
 * Offline; not part of `npm test` (scores vary a little from run to run).
 *   CHROME_PATH=/usr/bin/chromium npm run bench      (the default CHROME_PATH)
 */
import { existsSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { launch } from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { pages } from '../src/registry.ts';
import { createStaticServer } from './static-server.ts';

if (!existsSync('dist/index.html')) {
  console.error('dist/ is empty: run `npm run build` first.');
  process.exit(1);
}

const server = createStaticServer('dist');
await new Promise<void>((resolve) => server.listen(0, resolve));
const origin = `http://localhost:${(server.address() as AddressInfo).port}`;

const chrome = await launch({
  chromePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
  chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'],
});

const categories = ['performance', 'accessibility', 'best-practices', 'seo'] as const;
// The seven public routes. The 404 page is not benched: Lighthouse refuses to audit a page answered
// with status 404 (its markup is checked by the end-to-end and build tests instead).
const routes = pages.map((page) => page.path as string);
const rows: string[][] = [];
const holdBacks: string[] = [];

try {
  for (const route of routes) {
    const result = await lighthouse(`${origin}${route}`, {
      port: chrome.port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: [...categories],
    });
    if (!result) throw new Error(`Lighthouse returned nothing for ${route}`);
    const { lhr } = result;
    const score = (id: (typeof categories)[number]) => Math.round((lhr.categories[id]?.score ?? 0) * 100);
    const audit = (id: string) => lhr.audits[id]?.displayValue ?? '?';
    rows.push([
      route,
      ...categories.map((id) => String(score(id))),
      audit('largest-contentful-paint'),
      audit('total-blocking-time'),
      audit('cumulative-layout-shift'),
    ]);
    // Audits that cost points: the reasons a category is under 100.
    const failing = new Set<string>();
    for (const id of categories) {
      for (const ref of lhr.categories[id]?.auditRefs ?? []) {
        const detail = lhr.audits[ref.id];
        if (ref.weight > 0 && detail && detail.score !== null && detail.score < 1) {
          failing.add(`${id}: ${detail.title}${detail.displayValue ? ` (${detail.displayValue})` : ''}`);
        }
      }
    }
    // Opportunities: what Lighthouse estimates would save load time, largest first.
    const opportunities = Object.values(lhr.audits)
      .filter((detail) => detail.details?.type === 'opportunity' && detail.score !== null && detail.score < 1)
      .map((detail) => ({ detail, savings: (detail.details as { overallSavingsMs?: number }).overallSavingsMs ?? 0 }))
      .filter(({ savings }) => savings > 0)
      .sort((a, b) => b.savings - a.savings)
      .slice(0, 3);
    for (const { detail, savings } of opportunities) failing.add(`opportunity: ${detail.title} (~${Math.round(savings)} ms)`);
    if (failing.size > 0) holdBacks.push(`${route}\n${[...failing].map((line) => `  - ${line}`).join('\n')}`);
  }
} finally {
  chrome.kill();
  server.close();
}

const header = ['route', 'perf', 'a11y', 'best', 'seo', 'LCP', 'TBT', 'CLS'];
const widths = header.map((title, column) => Math.max(title.length, ...rows.map((row) => row[column]?.length ?? 0)));
const line = (cells: string[]) => cells.map((cell, column) => cell.padEnd(widths[column] ?? 0)).join('  ');
console.log(`\nLighthouse 12 mobile — ${origin}\n`);
console.log(line(header));
for (const row of rows) console.log(line(row));
console.log(holdBacks.length > 0 ? `\nWhat holds pages back:\n${holdBacks.join('\n')}` : '\nEvery route scores 100 everywhere.');

// The byte budgets, as `npm run test:build` measures them.
const { budgetFigures } = await import('../tests/built/dist.ts');
console.log('\nBytes (gzip -9):');
for (const [label, bytes] of budgetFigures()) console.log(`  ${label.padEnd(46)} ${(bytes / 1024).toFixed(1)} KB`);
