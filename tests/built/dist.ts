/** Reading the built site: pages, the tags of their <head>, the chunks the browser fetches. */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { builtPages } from '../../scripts/built-pages.ts';
import { chunkReportFile, type ChunkReport } from '../../scripts/chunk-report.ts';

export const dist = 'dist';

if (!existsSync(path.join(dist, 'index.html'))) {
  throw new Error('dist/ is missing: run `npm run build` before `npm run test:build`.');
}

export const pagesOnDisk = builtPages(dist);

export function read(file: string): string {
  return readFileSync(file, 'utf8');
}

/** Gzip size at level 9: deterministic, and close to what hosts send. */
export function gzipBytes(file: string): number {
  return gzipSync(readFileSync(file), { level: 9 }).length;
}

/** `/assets/x.js` → `dist/assets/x.js`. */
export function distFile(url: string): string {
  return path.join(dist, url.replace(/^\//, ''));
}

export function attributeValues(html: string, tag: string, attribute: string, filter?: RegExp): string[] {
  const values: string[] = [];
  for (const match of html.matchAll(new RegExp(`<${tag}\\b[^>]*>`, 'gi'))) {
    if (filter && !filter.test(match[0])) continue;
    const value = new RegExp(`\\b${attribute}="([^"]*)"`, 'i').exec(match[0])?.[1];
    if (value !== undefined) values.push(value);
  }
  return values;
}

/** JS chunks a page asks for before any interaction: modulepreloads, module scripts, imports of the inline module. */
export function entryScripts(html: string): string[] {
  const preloads = attributeValues(html, 'link', 'href', /rel="modulepreload"/);
  const scripts = attributeValues(html, 'script', 'src');
  const inlineImports = [...html.matchAll(/import(?:\s*\*\s*as\s+\w+\s+from)?\s*\(?\s*"(\/assets\/[^"]+\.js)"/g)].map(
    (match) => match[1] ?? '',
  );
  return [...new Set([...preloads, ...scripts, ...inlineImports])];
}

/** The chunk and every chunk it imports statically (what the browser must fetch to run it). */
export function withStaticImports(urls: Iterable<string>): Set<string> {
  const seen = new Set<string>();
  const queue = [...urls];
  while (queue.length > 0) {
    const url = queue.pop() ?? '';
    if (seen.has(url)) continue;
    seen.add(url);
    const code = read(distFile(url));
    // Static imports only (`import{a}from"./x.js"`, `import"./x.js"`); `import("./x.js")` waits for a route change.
    for (const match of code.matchAll(/(?:\bfrom|\bimport)\s*["'](\.\/[^"']+\.js)["']/g)) {
      queue.push(path.posix.join(path.posix.dirname(url), match[1] ?? ''));
    }
  }
  return seen;
}

/** The render-blocking stylesheets of a page. */
export function stylesheets(html: string): string[] {
  return attributeValues(html, 'link', 'href', /rel="stylesheet"/);
}

export function chunkReport(): ChunkReport {
  if (!existsSync(chunkReportFile)) throw new Error(`${chunkReportFile} is missing: run \`npm run build\`.`);
  return JSON.parse(read(chunkReportFile)) as ChunkReport;
}

/** The route manifest React Router writes (`window.__reactRouterManifest = {…}`). */
export interface RouteManifest {
  routes: Record<string, { id: string; path?: string; index?: boolean; parentId?: string; module: string; imports?: string[]; css?: string[] }>;
}

export function routeManifest(html: string): RouteManifest {
  const manifestUrl = entryScripts(html).find((url) => /\/manifest-[^/]+\.js$/.test(url));
  if (!manifestUrl) throw new Error('no React Router manifest chunk in the page');
  const code = read(distFile(manifestUrl));
  const json = /window\.__reactRouterManifest\s*=\s*(\{[\s\S]*\});?\s*$/.exec(code)?.[1];
  if (!json) throw new Error(`${manifestUrl}: unexpected format`);
  return JSON.parse(json) as RouteManifest;
}

/** React, React DOM and React Router: about 105 KB gzip that no page can do without. */
const frameworkPackages =
  /^node_modules\/(react|react-dom|react-router|@react-router\/[^/]+|scheduler|cookie|set-cookie-parser)\//;
const bundlerRuntime = /^rolldown\/runtime\.js$|^vite\//;

let report: ChunkReport | undefined;

/** Source modules of a chunk, from the report the build wrote (scripts/chunk-report.ts). */
export function modulesOf(url: string): string[] {
  report ??= chunkReport();
  const modules = report[url.replace(/^\//, '')]?.modules;
  if (!modules) throw new Error(`${url}: not in the chunk report (stale build?)`);
  return modules;
}

/** A chunk made only of framework code; a chunk mixing in site code counts as the site's. */
export function isFrameworkChunk(url: string): boolean {
  // The route manifest is data React Router writes about the site's routes.
  if (/\/manifest-[^/]+\.js$/.test(url)) return false;
  const modules = modulesOf(url).filter((id) => !bundlerRuntime.test(id));
  return modules.length > 0 && modules.every((id) => frameworkPackages.test(id));
}

export function sum(urls: Iterable<string>): number {
  return [...urls].reduce((total, url) => total + gzipBytes(distFile(url)), 0);
}

/** The figures the budgets hold, for `npm run bench`. */
export function budgetFigures(): [label: string, bytes: number][] {
  const html = read(path.join(dist, 'index.html'));
  const firstView = [...withStaticImports(entryScripts(html))];
  return [
    ['home HTML + render-blocking CSS (budget 14 KB)', sum(['/index.html', ...stylesheets(html)])],
    ['home first-view JS (budget 130 KB)', sum(firstView)],
    ['  of which React + React Router', sum(firstView.filter(isFrameworkChunk))],
    ["  of which the site's own (budget 25 KB)", sum(firstView.filter((url) => !isFrameworkChunk(url)))],
  ];
}
