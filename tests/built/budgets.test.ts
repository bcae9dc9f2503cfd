/**
 * Byte budgets of the built site, gzip level 9 (deterministic). Visitors are mostly on phones on poor
 * networks: a page must be painted from its first response alone, which fits in the first round trip
 * (14 KB). Pages with nothing interactive run only the site script; the contact page adds its one island.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, test } from 'vitest';
import { type IslandName, islands } from '../../src/site/islands/registry.ts';
import { shareImagePath } from '../../src/site/share-image.ts';
import { executableScripts } from '../../tools/build/csp.ts';
import {
  attributeValues,
  distFile,
  firstResponseBytes,
  inlineStyles,
  islandsOf,
  javaScriptBudget,
  modulePreloads,
  modulesOf,
  pageScripts,
  pagesOnDisk,
  read,
  stylesheets,
  sum,
} from './dist.ts';

const KB = 1024;
const homeHtml = read('dist/index.html');

describe('first response: every page paints from its HTML alone', () => {
  for (const page of pagesOnDisk) {
    const label = page.path ?? 'the not-found page';
    const html = read(page.file);

    test(`${label}: its CSS is in the HTML, no stylesheet blocks the first paint`, () => {
      expect(stylesheets(html)).toEqual([]);
      const [css = '', ...others] = inlineStyles(html);
      expect(others).toEqual([]);
      expect(css.length).toBeGreaterThan(1000);
      // In <head>, before anything is drawn.
      expect(html.indexOf('<style>')).toBeLessThan(html.indexOf('</head>'));
    });

    test(`${label}: nothing but the HTML before the first paint, the site script is fetched after it`, () => {
      // The one executable script is inline, at the end of <body>, and fetches the site script once the
      // browser reports the first contentful paint.
      expect(executableScripts(html).map((script) => script.src)).toEqual([undefined]);
      expect(html).toMatch(/<script type="module">[^<]*"first-contentful-paint"[^<]*<\/script><\/body>/);
      expect(html).toMatch(/<script type="module">[^<]*import\("\/assets\/site-[\w-]+\.js"\)[^<]*<\/script><\/body>/);
    });

    test(`${label}: first response within 14 KB`, () => {
      const bytes = firstResponseBytes(page.file);
      expect(bytes, `${label}: ${bytes} B gzip`).toBeLessThanOrEqual(14 * KB);
    });
  }
});

describe('JavaScript per page', () => {
  for (const page of pagesOnDisk) {
    const label = page.path ?? 'the not-found page';
    const html = read(page.file);
    const names = islandsOf(html);

    test(`${label}: no module preload, and nothing but the site script${names.length > 0 ? ` and its island (${names.join(', ')})` : ''}`, () => {
      expect(modulePreloads(html)).toEqual([]);
      const scripts = [...pageScripts(html)];
      const entries = attributeValues(html, 'div', 'data-island-src');
      expect(entries.map((url) => names.find((name) => url.startsWith(`/assets/${name}-`)))).toEqual(names);
      expect(scripts.filter((url) => siteScript.test(url))).toHaveLength(1);
      // Beyond these, only the chunks the islands import (Preact, shared by every island).
      const others = scripts.filter(
        (url) => !siteScript.test(url) && !entries.includes(url) && !entries.some((entry) => imports(entry, url)),
      );
      expect(others).toEqual([]);
    });

    const budget = javaScriptBudget(html);
    test(`${label}: at most ${budget} KB of JavaScript`, () => {
      const bytes = sum(pageScripts(html));
      expect(bytes, `${label}: ${bytes} B gzip`).toBeLessThanOrEqual(budget * KB);
    });
  }

  test('each island is on the page that uses it, and no other page carries one', () => {
    const withIslands = pagesOnDisk
      .filter((page) => islandsOf(read(page.file)).length > 0)
      .map((page) => [page.path, islandsOf(read(page.file))]);
    expect(withIslands).toEqual([
      ['/tarifs', ['estimation']],
      ['/contact', ['contact-form']],
    ]);
    expect(Object.keys(islands).toSorted()).toEqual(['contact-form', 'estimation']);
  });

  test('the site script holds no copy, no styles, no framework: only its own small modules', () => {
    const site = [...pageScripts(homeHtml)];
    expect(site).toHaveLength(1);
    const modules = modulesOf(site[0] ?? '');
    expect(modules.length).toBeGreaterThan(0);
    expect(
      modules.filter((id) => !/^src\/(site\/client\/[\w-]+|content\/french-date)\.ts$/.test(id) && !/^rolldown\/runtime/.test(id)),
    ).toEqual([]);
  });

  test("the contact island brings Preact (React's API, not React), validation and toasts, but no page's copy: its words come as JSON", () => {
    const modules = islandModules('/contact.html', 'contact-form');
    expect(modules.some((id) => id.startsWith('node_modules/preact/'))).toBe(true);
    expect(modules.filter((id) => /^node_modules\/(react|react-dom|scheduler)\//.test(id))).toEqual([]);
    expect(modules.some((id) => id.startsWith('node_modules/valibot/'))).toBe(true);
    expect(modules.some((id) => id.startsWith('node_modules/react-hot-toast/'))).toBe(true);
    expect(modules.filter((id) => id.startsWith('content/'))).toEqual([]);
  });

  test("the estimation island brings Preact and its own modules only: no validation, no toasts, no page's copy", () => {
    const modules = islandModules('/tarifs.html', 'estimation');
    expect(modules.some((id) => id.startsWith('node_modules/preact/'))).toBe(true);
    expect(modules.filter((id) => /^node_modules\/(react|react-dom|scheduler|valibot|react-hot-toast)\//.test(id))).toEqual([]);
    expect(modules.filter((id) => id.startsWith('content/'))).toEqual([]);
  });

  // Both builds name classes from the same sources: the island re-renders the pre-rendered markup exactly.
  test("the island's class names are those of its pre-rendered HTML", () => {
    const contact = read(distFile('/contact.html'));
    const start = contact.indexOf('data-island="contact-form"');
    const end = contact.indexOf('data-island-data="contact-form"');
    expect(start).toBeGreaterThan(0);
    const classes = new Set(
      [...contact.slice(start, end).matchAll(/class="([^"]*)"/g)].flatMap((match) => (match[1] ?? '').split(/\s+/)),
    );
    expect(classes.size).toBeGreaterThan(5);
    const island = [...pageScripts(contact)].find((url) => url.includes('/contact-form-')) ?? '';
    const code = read(distFile(island));
    for (const name of classes) expect(code, `${name} in the island's code`).toContain(name);
  });
});

const siteScript = /^\/assets\/site-[\w-]+\.js$/;

/** Whether the chunk at `url` imports the chunk at `other` (chunks sit side by side in dist/assets/). */
function imports(url: string, other: string): boolean {
  return read(distFile(url)).includes(`./${path.posix.basename(other)}`);
}

/** Every source module of an island's code: its entry and the chunks it imports. */
function islandModules(page: string, name: IslandName): string[] {
  const html = read(distFile(page));
  const entry = attributeValues(html, 'div', 'data-island-src').find((url) => url.startsWith(`/assets/${name}-`)) ?? '';
  const chunks = [entry, ...[...pageScripts(html)].filter((url) => url !== entry && imports(entry, url))];
  return chunks.flatMap((url) => modulesOf(url));
}

/** Width and height from a PNG's IHDR chunk. */
function pngSize(file: string): { width: number; height: number } {
  const bytes = readFileSync(file);
  expect(bytes.subarray(1, 4).toString('latin1')).toBe('PNG');
  return { width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) };
}

describe('images and fonts', () => {
  test('every page’s share image is a 1200 × 630 PNG under 100 KB', () => {
    for (const page of pagesOnDisk.filter((page) => page.path !== undefined)) {
      const file = distFile(shareImagePath(page.path ?? ''));
      expect(pngSize(file), file).toEqual({ width: 1200, height: 630 });
      expect(readFileSync(file).length, file).toBeLessThanOrEqual(100 * KB);
    }
  });

  test('icons are the size the manifest and the HTML declare, and light', () => {
    const manifest = JSON.parse(read('dist/site.webmanifest')) as { icons: { src: string; sizes: string }[] };
    for (const icon of manifest.icons) {
      const [width, height] = icon.sizes.split('x').map(Number);
      expect(pngSize(distFile(icon.src)), icon.src).toEqual({ width, height });
      expect(readFileSync(distFile(icon.src)).length, icon.src).toBeLessThanOrEqual(20 * KB);
    }
    expect(pngSize('dist/apple-touch-icon.png')).toEqual({ width: 180, height: 180 });
  });

  test('every image of every page declares its width and height (no layout shift)', () => {
    for (const { file } of pagesOnDisk) {
      const html = read(file);
      for (const tag of html.match(/<img\b[^>]*>/gi) ?? []) {
        expect(tag, file).toMatch(/\bwidth="\d+"/);
        expect(tag, file).toMatch(/\bheight="\d+"/);
      }
    }
  });

  test('raster images in dist/ are compressed (at most 100 KB each)', () => {
    for (const file of distFiles().filter((name) => /\.(png|jpe?g|webp|avif|gif)$/i.test(name))) {
      expect(readFileSync(file).length, file).toBeLessThanOrEqual(100 * KB);
    }
  });

  test('web fonts, if any, are swapped in (font-display), never blocking text', () => {
    for (const { file } of pagesOnDisk) {
      for (const fontFace of inlineStyles(read(file))
        .join('\n')
        .match(/@font-face\s*\{[^}]*\}/g) ?? []) {
        expect(fontFace, file).toMatch(/font-display:\s*(swap|optional|fallback)/);
      }
    }
  });
});

function distFiles(): string[] {
  return readdirSync('dist', { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile())
    .map((entry) => path.join(entry.parentPath, entry.name));
}
