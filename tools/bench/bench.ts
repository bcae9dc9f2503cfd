/**
 * `npm run bench`: Lighthouse 12 in mobile mode (slow 4G, mid-range phone) over every route of dist/,
 * against a fixed baseline: the zero-JS twin of the build of commit 73d9352, the site as it was before
 * its CSS moved into the pages (every executable <script> and module preload removed, so it is the
 * fastest that build could paint). The baseline is built in a temporary git worktree, removed afterwards.
 * Both are served like production (src/hosts/node/static-server.ts, with their _headers). Each route's sides are
 * measured alternately, in rounds over every route, and the medians compared:
 * - FCP and LCP with DevTools throttling: the browser really runs on the slow network and CPU, and the
 *   paints are measured (Lighthouse's default simulation estimates them from a graph of the requests
 *   started before the paint, which hides what an inlined stylesheet saves). Target: LCP ≤ 0.70 × twin;
 * - TBT in the default simulated mode (target ≤ 50 ms), beside this build's own zero-JS twin (the same pages
 *   without their scripts: what the site script, the beacon and the islands add), and the longest task it counts.
 *   Five runs, not three: the simulated first paint falls inside the navigation's first task, where Chromium
 *   creates the page's JavaScript context for DevTools (9–43 ms measured, × 4 simulated, on every page and its
 *   twin alike), so one run in three goes over 50 ms whatever the page holds;
 * - the gzip bytes of the first response (HTML with its CSS; budget 14 KB), and the JavaScript each page runs.
 * Then the four category scores, what holds pages back, the byte budgets, and how long /contact takes to show
 * each keystroke on a 4× slower CPU (./bench-keystrokes.ts; target: every one within 100 ms).
 * Offline; not part of `npm test` (timings vary from run to run: run it on an idle machine).
 *   CHROME_PATH=/usr/bin/chromium npm run bench      (the default CHROME_PATH)
 *   BENCH_RUNS=5 npm run bench                       (paint runs per side and route; default 3)
 *   BENCH_TBT_RUNS=7 npm run bench                   (simulated runs per side and route; default 5)
 *   BENCH_BASELINE=<commit> npm run bench            (another baseline; default 73d9352)
 */
import { execFileSync } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { launch } from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { builtPages } from '../build/built-pages.ts';
import { executableScripts } from '../build/csp.ts';
import { assertBuilt, budgetFigures, firstResponsePerPage, javaScriptPerPage } from '../build/dist-reader.ts';
import { createStaticServer } from '../../src/hosts/node/static-server.ts';
import { measureKeystrokes } from './bench-keystrokes.ts';

assertBuilt();

const baselineCommit = process.env.BENCH_BASELINE ?? '73d9352';

/**
 * Builds `commit` in a temporary worktree with its own lock file's dependencies, and turns its dist/
 * into the zero-JS twin: the same HTML and CSS with nothing to run. A page added since has no twin: it is
 * measured alone (`routes` lists those that have one).
 */
function buildBaselineTwin(): { twin: string; routes: Set<string | undefined>; cleanUp: () => void } {
  const worktree = mkdtempSync(path.join(tmpdir(), 'propllc-baseline-'));
  const run = (command: string, args: string[], cwd = worktree) =>
    execFileSync(command, args, { cwd, stdio: ['ignore', 'ignore', 'inherit'] });
  const cleanUp = () => {
    run('git', ['worktree', 'remove', '--force', worktree], process.cwd());
    rmSync(worktree, { recursive: true, force: true });
  };
  try {
    console.log(`Building the baseline ${baselineCommit} in ${worktree} (npm ci, npm run build)…`);
    run('git', ['worktree', 'add', '--detach', worktree, baselineCommit], process.cwd());
    run('npm', ['ci', '--no-audit', '--no-fund', '--prefer-offline']);
    run('npm', ['run', 'build']);
  } catch (error) {
    cleanUp();
    throw error;
  }
  const twin = path.join(worktree, 'dist');
  const routes = new Set<string | undefined>(withoutScripts(twin));
  return { twin, routes, cleanUp };
}

/**
 * Turns the pages of a dist/ folder into their zero-JS twins: the same HTML and CSS, every executable <script>
 * and module preload removed. Returns the routes it found.
 */
function withoutScripts(dir: string): (string | undefined)[] {
  const found: (string | undefined)[] = [];
  for (const page of builtPages(dir)) {
    if (!existsSync(page.file)) continue;
    found.push(page.path);
    const html = readFileSync(page.file, 'utf8')
      .replace(/<link\b[^>]*\brel="modulepreload"[^>]*\/?>/gi, '')
      .replace(/<script\b[^>]*>[\s\S]*?<\/script>/gi, (whole) => (executableScripts(whole).length > 0 ? '' : whole));
    writeFileSync(page.file, html);
  }
  return found;
}

/** This build's own zero-JS twin, in a temporary folder: what a page costs the main thread without its scripts. */
function bareTwin(): { bare: string; cleanUp: () => void } {
  const bare = mkdtempSync(path.join(tmpdir(), 'propllc-bare-'));
  cpSync('dist', bare, { recursive: true });
  withoutScripts(bare);
  return { bare, cleanUp: () => rmSync(bare, { recursive: true, force: true }) };
}

async function serve(root: string) {
  const server = createStaticServer(root);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { server, origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}` };
}

const baseline = buildBaselineTwin();
const own = bareTwin();
const site = await serve('dist');
const twin = await serve(baseline.twin);
const bare = await serve(own.bare);
const chrome = await launch({
  chromePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
  chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'],
});

const categories = ['performance', 'accessibility', 'best-practices', 'seo'] as const;
type Lhr = NonNullable<Awaited<ReturnType<typeof lighthouse>>>['lhr'];
type Flags = NonNullable<Parameters<typeof lighthouse>[1]>;

async function audit(url: string, flags: Flags, attempt = 1): Promise<Lhr> {
  const result = await lighthouse(url, { port: chrome.port, output: 'json', logLevel: 'error', ...flags });
  if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
  if (result.lhr.runtimeError) {
    // A trace Lighthouse could not record (NO_NAVSTART, now and then) says nothing of the page: one more try,
    // so the median keeps its three runs.
    if (attempt === 1) return audit(url, flags, 2);
    console.warn(`${url}: ${result.lhr.runtimeError.message} (run left out)`);
  }
  return result.lhr;
}

/** Paints, measured under DevTools throttling (the default mobile network and 4× CPU, applied to the browser). */
const paints = (url: string) =>
  audit(url, { throttlingMethod: 'devtools', onlyAudits: ['first-contentful-paint', 'largest-contentful-paint'] });
/** The default simulated mode: TBT, the long tasks, and (for the site) the four categories. */
const simulated = (url: string, full: boolean) =>
  audit(url, full ? { onlyCategories: [...categories] } : { onlyAudits: ['total-blocking-time', 'long-tasks'] });

/** Median of the runs that produced a value (a run Lighthouse could not finish gives NaN and is left out). */
const median = (values: number[]) => {
  const valid = values.filter(Number.isFinite).sort((a, b) => a - b);
  return valid[Math.floor(valid.length / 2)] ?? Number.NaN;
};
const score = (lhr: Lhr, id: (typeof categories)[number]) => Math.round((lhr.categories[id]?.score ?? 0) * 100);
const metric = (lhr: Lhr, id: string) => (lhr.runtimeError ? Number.NaN : (lhr.audits[id]?.numericValue ?? Number.NaN));
/** The longest task the simulation counts (the audit lists tasks of 50 ms and more); 0 when there is none. */
const longestTask = (lhr: Lhr) => {
  const details = lhr.audits['long-tasks']?.details as { items?: { duration: number }[] } | undefined;
  return lhr.runtimeError ? Number.NaN : Math.max(0, ...(details?.items ?? []).map((item) => item.duration));
};
/**
 * Scripts requested before the observed LCP: Lighthouse's simulation puts every request started before it in
 * the LCP graph. The site script and the island must come after the first paint, so this lists none.
 */
const scriptsBeforeLcp = (lhr: Lhr) => {
  const observed = (lhr.audits.metrics?.details as { items?: { observedLargestContentfulPaint?: number }[] } | undefined)?.items?.[0]
    ?.observedLargestContentfulPaint;
  const requests = (
    lhr.audits['network-requests']?.details as { items?: { url: string; resourceType?: string; networkRequestTime?: number }[] }
  )?.items;
  if (observed === undefined || !requests) return '?';
  const early = requests.filter((request) => request.resourceType === 'Script' && (request.networkRequestTime ?? 0) < observed);
  return early.length === 0 ? 'none' : early.map((request) => new URL(request.url).pathname).join(' ');
};
const ms = (value: number) => `${Math.round(value)} ms`;
const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

const runs = Number(process.env.BENCH_RUNS ?? 3);
const tbtRuns = Number(process.env.BENCH_TBT_RUNS ?? 5);
// Every page of the build, the guides included. The 404 page is not benched: Lighthouse refuses to audit a page
// answered with status 404.
const routes = builtPages().flatMap((page) => (page.path === undefined ? [] : [page.path]));
const jsBytes = new Map(javaScriptPerPage());
const firstResponse = new Map(firstResponsePerPage());
const comparison: string[][] = [];
const scores: string[][] = [];
const holdBacks: string[] = [];

try {
  const measures = new Map(
    routes.map((route) => [route, { sitePaints: [] as Lhr[], twinPaints: [] as Lhr[], site: [] as Lhr[], bare: [] as Lhr[] }]),
  );
  // Run by run over every route, not route by route: a route's runs are spread over the whole bench, so that a
  // busy minute of the machine (they come in bursts) weighs on one run of several routes, not on all runs of one.
  for (let run = 0; run < Math.max(runs, tbtRuns); run += 1) {
    for (const route of routes) {
      const measured = measures.get(route) as NonNullable<ReturnType<typeof measures.get>>;
      // Alternating, so a slower moment of the machine weighs on both sides alike.
      if (run < runs) {
        measured.sitePaints.push(await paints(`${site.origin}${route}`));
        if (baseline.routes.has(route)) measured.twinPaints.push(await paints(`${twin.origin}${route}`));
      }
      if (run < tbtRuns) {
        measured.site.push(await simulated(`${site.origin}${route}`, run === tbtRuns - 1));
        // Blocking time beside this very page without its scripts: what the site script, the beacon and the islands add.
        measured.bare.push(await simulated(`${bare.origin}${route}`, false));
      }
    }
    console.log(`  run ${run + 1} of ${Math.max(runs, tbtRuns)}: every route measured`);
  }
  for (const route of routes) {
    const measured = measures.get(route) as NonNullable<ReturnType<typeof measures.get>>;
    const twinned = baseline.routes.has(route);
    const med = (side: Lhr[], read: (lhr: Lhr) => number) => median(side.map(read));
    const lcp = (lhr: Lhr) => metric(lhr, 'largest-contentful-paint');
    const fcp = (lhr: Lhr) => metric(lhr, 'first-contentful-paint');
    const tbt = (lhr: Lhr) => metric(lhr, 'total-blocking-time');
    const ratio = med(measured.sitePaints, lcp) / med(measured.twinPaints, lcp);
    const siteTbt = med(measured.site, tbt);
    // A page the baseline did not have: no twin, so no ratio (« — »), its own figures only.
    const twinMs = (read: (lhr: Lhr) => number, side: Lhr[]) => (twinned ? ms(med(side, read)) : '—');
    comparison.push([
      route,
      ms(med(measured.sitePaints, fcp)),
      twinMs(fcp, measured.twinPaints),
      ms(med(measured.sitePaints, lcp)),
      twinMs(lcp, measured.twinPaints),
      twinned ? `${ratio.toFixed(2)}${ratio <= 0.7 ? '' : '  ✗'}` : '—',
      `${ms(siteTbt)}${siteTbt <= 50 ? '' : '  ✗'}`,
      ms(med(measured.bare, tbt)),
      ms(med(measured.site, longestTask)),
      kb(firstResponse.get(route) ?? 0),
      kb(jsBytes.get(route) ?? 0),
      scriptsBeforeLcp(measured.site.at(-1) as Lhr),
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
  bare.server.close();
  baseline.cleanUp();
  own.cleanUp();
}

function table(header: string[], rows: string[][]): string {
  const widths = header.map((title, column) => Math.max(title.length, ...rows.map((row) => row[column]?.length ?? 0)));
  const line = (cells: string[]) => cells.map((cell, column) => cell.padEnd(widths[column] ?? 0)).join('  ');
  return [line(header), ...rows.map(line)].join('\n');
}

console.log(
  `\nLighthouse 12 mobile, medians of alternating runs (${runs} for the paints, ${tbtRuns} simulated), against the zero-JS twin of ${baselineCommit}:` +
    "\nFCP and LCP with DevTools throttling; TBT and the longest task in the simulated mode, TBT beside this build's" +
    ' own pages without their scripts (zero JS)\n',
);
console.log(
  table(
    [
      'route',
      'FCP site',
      'FCP twin',
      'LCP site',
      'LCP twin',
      'LCP ratio',
      'TBT site',
      'TBT zero JS',
      'longest task',
      '1st response',
      'JS (gzip)',
    ],
    comparison,
  ),
);
console.log(`\nCategory scores (last simulated run of the site)\n`);
console.log(table(['route', 'perf', 'a11y', 'best', 'seo'], scores));
console.log(holdBacks.length > 0 ? `\nWhat holds pages back:\n${holdBacks.join('\n')}` : '\nEvery route scores 100 everywhere.');
console.log('\nBytes (gzip -9):');
for (const [label, bytes] of budgetFigures()) console.log(`  ${label.padEnd(52)} ${kb(bytes)}`);

const keys = await measureKeystrokes();
const within = (value: number | undefined) => (value !== undefined && value <= 100 ? '✓' : '✗');
console.log(`\nKeystrokes on /contact, CPU slowed down 4× (${keys.typed} keys from the load event, through the island's hydration):`);
console.log(`  first input     ${keys.first === undefined ? 'not recorded' : ms(keys.first)} ${within(keys.first)}`);
console.log(`  longest         ${ms(keys.longest)} ${within(keys.longest)} (over 100 ms: ${keys.over100})`);
