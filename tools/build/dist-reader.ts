/**
 * Reading the built site: pages, the scripts and stylesheets they load, gzip sizes, and what each
 * JavaScript file holds. Shared by the byte budgets (tests/built/) and `npm run bench`.
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import type { IslandName } from '../../src/site/islands/registry.ts';
import { builtPages } from './built-pages.ts';
import { chunkReportFile, type ChunkReport } from '../bench/chunk-report.ts';
import { executableScripts } from './csp.ts';

export const dist = 'dist';

export function assertBuilt(): void {
  if (!existsSync(path.join(dist, 'index.html'))) {
    throw new Error('dist/ is missing: run `npm run build` first.');
  }
}

export const pagesOnDisk = builtPages(dist);

export function read(file: string): string {
  return readFileSync(file, 'utf8');
}

/** Gzip size at level 9: deterministic, and close to what hosts send. */
function gzipBytes(file: string): number {
  return gzipSync(readFileSync(file), { level: 9 }).length;
}

/** What a page's inline scripts import (`import("/assets/site-….js")`, the site script's loader). */
function importedByInlineScripts(html: string): string[] {
  return executableScripts(html).flatMap(({ inline }) =>
    [...(inline ?? '').matchAll(/\bimport\(\s*"([^"]+)"\s*\)/g)].map((match) => match[1] ?? ''),
  );
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

export function modulePreloads(html: string): string[] {
  return attributeValues(html, 'link', 'href', /rel="modulepreload"/);
}

/**
 * Every JavaScript file a page ends up running without any interaction: its scripts, the site script its
 * loader imports, what they import statically, and the islands' code (`data-island-src`, fetched once
 * the page has painted).
 */
export function pageScripts(html: string): Set<string> {
  const entries = [
    ...attributeValues(html, 'script', 'src'),
    ...importedByInlineScripts(html),
    ...attributeValues(html, 'div', 'data-island-src'),
  ];
  return withStaticImports([...modulePreloads(html), ...entries]);
}

/** The chunk and every chunk it imports statically (what the browser must fetch to run it). */
function withStaticImports(urls: Iterable<string>): Set<string> {
  const seen = new Set<string>();
  const queue = [...urls];
  while (queue.length > 0) {
    const url = queue.pop() ?? '';
    if (seen.has(url)) continue;
    seen.add(url);
    const code = read(distFile(url));
    for (const match of code.matchAll(/(?:\bfrom|\bimport)\s*\(?\s*["'](\.\/[^"']+\.js)["']/g)) {
      queue.push(path.posix.join(path.posix.dirname(url), match[1] ?? ''));
    }
  }
  return seen;
}

/** The render-blocking stylesheets of a page (none: its CSS is in its HTML). */
export function stylesheets(html: string): string[] {
  return attributeValues(html, 'link', 'href', /rel="stylesheet"/);
}

/** The text of a page's `<style>` elements. */
export function inlineStyles(html: string): string[] {
  return [...html.matchAll(/<style\b[^>]*>([\s\S]*?)<\/style>/gi)].map((match) => match[1] ?? '');
}

/** `dist/about.html` → `/about.html`. */
function urlOfFile(file: string): string {
  return `/${path.relative(dist, file).split(path.sep).join('/')}`;
}

/** Gzip bytes of what a page needs before its first paint: its HTML (CSS included) and any render-blocking stylesheet. */
export function firstResponseBytes(file: string): number {
  return sum([urlOfFile(file), ...stylesheets(read(file))]);
}

let report: ChunkReport | undefined;

/** Source modules of a JavaScript file, from the report the build wrote (tools/bench/chunk-report.ts). */
export function modulesOf(url: string): string[] {
  if (!existsSync(chunkReportFile)) throw new Error(`${chunkReportFile} is missing: run \`npm run build\`.`);
  report ??= JSON.parse(read(chunkReportFile)) as ChunkReport;
  const modules = report[url.replace(/^\//, '')]?.modules;
  if (!modules) throw new Error(`${url}: not in the chunk report (stale build?)`);
  return modules;
}

export function sum(urls: Iterable<string>): number {
  return [...urls].reduce((total, url) => total + gzipBytes(distFile(url)), 0);
}

/** Route (or `404`) → gzip bytes of the JavaScript the page runs, for `npm run bench`. */
export function javaScriptPerPage(): [label: string, bytes: number][] {
  return pagesOnDisk.map((page) => [page.path ?? '404', sum(pageScripts(read(page.file)))]);
}

/** Route (or `404`) → gzip bytes of its first response, for `npm run bench`. */
export function firstResponsePerPage(): [label: string, bytes: number][] {
  return pagesOnDisk.map((page) => [page.path ?? '404', firstResponseBytes(page.file)]);
}

/**
 * What a visitor downloads over a visit of three pages (/, /about, /contact): each page with what it
 * loads, every file fetched once (the browser's cache keeps the rest). Inlined CSS is paid on every page;
 * a stylesheet file once.
 */
function threePageViewBytes(): number {
  const fetched = new Set<string>();
  for (const route of ['/', '/about', '/contact']) {
    const file = pagesOnDisk.find((page) => page.path === route)?.file ?? '';
    const html = read(file);
    fetched.add(urlOfFile(file));
    for (const url of [...stylesheets(html), ...pageScripts(html)]) fetched.add(url);
  }
  return sum(fetched);
}

/** The islands a page carries, by name, in the order of the page. */
export function islandsOf(html: string): IslandName[] {
  return attributeValues(html, 'div', 'data-island') as IslandName[];
}

/**
 * Each island's budget, in KB gzip, for all the JavaScript of a page that carries it (site script and shared
 * chunks included): the estimator stays small; the form brings validation and toasts. A page without an island
 * runs the site script alone.
 */
const islandBudgets: Record<IslandName, number> = { 'contact-form': 80, estimation: 15 };
const noIslandBudget = 1.5;

/** A page's JavaScript budget in KB gzip: its largest island's, or the site script's alone. */
export function javaScriptBudget(html: string): number {
  const names = islandsOf(html);
  return names.length > 0 ? Math.max(...names.map((name) => islandBudgets[name])) : noIslandBudget;
}

/** The figures the budgets hold, for `npm run bench`. */
export function budgetFigures(): [label: string, bytes: number][] {
  return [
    ...firstResponsePerPage().map(([label, bytes]): [string, number] => [`first response of ${label} (budget 14 KB)`, bytes]),
    ['three page views: /, /about, /contact (no budget)', threePageViewBytes()],
    ...pagesOnDisk.map((page): [string, number] => {
      const html = read(page.file);
      return [`JS of ${page.path ?? '404'} (budget ${javaScriptBudget(html)} KB)`, sum(pageScripts(html))];
    }),
  ];
}
