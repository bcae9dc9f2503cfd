/**
 * Byte budgets of the built site, gzip level 9 (deterministic). Visitors are mostly on phones on poor
 * networks: the first view of the home page must fit in the first round trips, and later pages cost little.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, test } from 'vitest';
import { pages } from '../../src/registry.ts';
import {
  distFile,
  entryScripts,
  isFrameworkChunk,
  modulesOf,
  read,
  routeManifest,
  stylesheets,
  sum,
  withStaticImports,
} from './dist.ts';

const KB = 1024;
const homeHtml = read('dist/index.html');
const firstView = withStaticImports(entryScripts(homeHtml));

describe('home page, first view', () => {
  test('HTML plus render-blocking CSS stay within 14 KB', () => {
    const css = stylesheets(homeHtml);
    expect(css.length).toBeGreaterThan(0);
    const bytes = sum(['/index.html', ...css]);
    expect(bytes, `home HTML + CSS = ${bytes} B gzip`).toBeLessThanOrEqual(14 * KB);
  });

  test('all JavaScript stays within 130 KB', () => {
    const bytes = sum(firstView);
    expect(bytes, `first-view JS = ${bytes} B gzip`).toBeLessThanOrEqual(130 * KB);
  });

  test("the site's own JavaScript (everything but React and React Router) stays within 25 KB", () => {
    const own = [...firstView].filter((url) => !isFrameworkChunk(url));
    const framework = [...firstView].filter(isFrameworkChunk);
    // The framework is there: a budget over the rest is meaningful only if it was told apart.
    expect(framework.length).toBeGreaterThan(0);
    const bytes = sum(own);
    expect(bytes, `site JS = ${bytes} B gzip in ${own.join(', ')}`).toBeLessThanOrEqual(25 * KB);
  });

  test('ships no validation, toast or other page copy', () => {
    const modules = [...firstView].flatMap((url) => (/\/manifest-/.test(url) ? [] : modulesOf(url)));
    expect(modules).toContain('content/pages/home.mdx');
    const forbidden = modules.filter(
      (id) =>
        id.startsWith('node_modules/valibot/') ||
        id.startsWith('node_modules/react-hot-toast/') ||
        id.startsWith('node_modules/goober/') ||
        (id.startsWith('content/pages/') && id !== 'content/pages/home.mdx'),
    );
    expect(forbidden).toEqual([]);
  });
});

describe('later route changes', () => {
  const manifest = routeManifest(homeHtml);
  const routeIdOf = (content: string) => `../content/pages/${content.replace(/\.mdx$/, '')}`;

  for (const page of pages.filter((entry) => entry.path !== '/')) {
    test(`going from the home page to ${page.path} fetches at most 10 KB of JavaScript`, () => {
      const chunks = new Set<string>();
      for (let id: string | undefined = routeIdOf(page.content); id; id = manifest.routes[id]?.parentId) {
        const route = manifest.routes[id];
        if (!route) throw new Error(`route ${id} is not in React Router's manifest`);
        for (const url of [route.module, ...(route.imports ?? [])]) chunks.add(url);
      }
      const fetched = [...withStaticImports(chunks)].filter((url) => !firstView.has(url));
      const bytes = sum(fetched);
      expect(bytes, `${page.path}: ${bytes} B gzip in ${fetched.join(', ')}`).toBeLessThanOrEqual(10 * KB);
    });
  }
});

/** Width and height from a PNG's IHDR chunk. */
function pngSize(file: string): { width: number; height: number } {
  const bytes = readFileSync(file);
  expect(bytes.subarray(1, 4).toString('latin1')).toBe('PNG');
  return { width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) };
}

describe('images and fonts', () => {
  test('the share image is a 1200 × 630 PNG under 100 KB', () => {
    expect(pngSize('dist/og-image.png')).toEqual({ width: 1200, height: 630 });
    expect(readFileSync(distFile('/og-image.png')).length).toBeLessThanOrEqual(100 * KB);
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
    for (const file of ['dist/index.html', 'dist/404.html', ...pages.map((page) => `dist${page.path}/index.html`)]) {
      const html = read(path.normalize(file));
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
    for (const file of distFiles().filter((name) => name.endsWith('.css'))) {
      for (const fontFace of read(file).match(/@font-face\s*\{[^}]*\}/g) ?? []) {
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
