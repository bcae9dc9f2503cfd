/**
 * A built site (a `dist/` folder) read as pages: URL, visible text, and a fingerprint of the markup.
 *
 * URLs come from the file layout alone, so the diff works whatever the site's URL form is
 * (`about/index.html` and `about.html` are both `/about`), and on builds of older revisions.
 */
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { Element, Root, RootContent } from 'hast';
import { fromHtml } from 'hast-util-from-html';
import { extractPageText, type PageText } from './extract.ts';

export interface PageRecord {
  /** `/`, `/about`, or `404.html` for the page static hosts serve for unknown addresses. */
  url: string;
  /** Path of the HTML file, relative to the site's root folder. */
  file: string;
  text: PageText;
  /** The markup without scripts, preloads, CSP and asset hashes: equal when the page looks built the same. */
  markup: string;
  /** Stylesheet URLs as built (hash included: a new hash is a new stylesheet), and a hash of each inlined one. */
  stylesheets: string[];
}

export const notFoundUrl = '404.html';

/** `index.html` → `/`, `about/index.html` and `about.html` → `/about`, `404.html` → the not-found page. */
export function urlOfFile(file: string): string {
  const posix = file.split(path.sep).join('/');
  if (posix === '404.html' || posix === '404/index.html') return notFoundUrl;
  const withoutIndex = posix.replace(/(^|\/)index\.html$/, '').replace(/\.html$/, '');
  return `/${withoutIndex}`.replace(/\/+$/, '') || '/';
}

/** Every HTML page of a built site, except bundled assets and build-only fallbacks. */
export function htmlFiles(root: string): string[] {
  const found: string[] = [];
  const visit = (dir: string) => {
    for (const entry of readdirSync(path.join(root, dir), { withFileTypes: true })) {
      const relative = dir ? path.join(dir, entry.name) : entry.name;
      if (entry.isDirectory()) {
        if (relative !== 'assets') visit(relative);
      } else if (entry.name.endsWith('.html') && !entry.name.startsWith('__')) {
        found.push(relative);
      }
    }
  };
  visit('');
  return found.sort();
}

const droppedLinks = /^(modulepreload|preload|prefetch|stylesheet)$/;

/** Vite names assets `name-HASH.ext`; the hash changes with any code change, not with what the page shows. */
function withoutHash(url: string): string {
  return url.replace(/-[A-Za-z0-9_-]{8,}(\.[a-z0-9]+)(?=$|[?#])/, '$1');
}

function serialize(node: Root | RootContent, out: string[]): void {
  if (node.type === 'text') {
    out.push(JSON.stringify(node.value.replace(/[ \t\n\r\f]+/g, ' ')));
    return;
  }
  if (node.type !== 'root' && node.type !== 'element') return;
  if (node.type === 'element') {
    const element: Element = node;
    // Scripts do not show; a <style> is the site's stylesheet, compared as such (`stylesheets` below).
    if (element.tagName === 'script' || element.tagName === 'style') return;
    if (element.tagName === 'link' && droppedLinks.test(String(element.properties.rel ?? '').replace(/,/g, ' '))) return;
    if (element.tagName === 'meta' && element.properties.httpEquiv !== undefined) return;
    const attributes = Object.entries(element.properties)
      .map(([name, value]) => {
        const text = Array.isArray(value) ? value.join(' ') : String(value);
        // An island's code is referenced by `data-island-src` (hast: dataIslandSrc), a hashed asset like `src`.
        return `${name}=${JSON.stringify(/^(href|src|dataIslandSrc)$/.test(name) ? withoutHash(text) : text)}`;
      })
      .sort();
    out.push(`<${element.tagName} ${attributes.join(' ')}>`);
    for (const child of element.children) serialize(child, out);
    out.push(`</${element.tagName}>`);
    return;
  }
  for (const child of node.children) serialize(child, out);
}

export function readPage(html: string, file: string): PageRecord {
  const tree = fromHtml(html);
  const markup: string[] = [];
  serialize(tree, markup);
  const stylesheets: string[] = [];
  const collect = (node: Root | RootContent) => {
    if (node.type === 'element') {
      const rel = String(node.properties.rel ?? '').replace(/,/g, ' ');
      if (node.tagName === 'link' && /\bstylesheet\b/.test(rel)) stylesheets.push(String(node.properties.href ?? ''));
      // The stylesheet inlined by the build: its hash stands for its URL.
      if (node.tagName === 'style')
        stylesheets.push(
          `<style> ${createHash('sha256')
            .update(node.children.map((child) => (child.type === 'text' ? child.value : '')).join(''))
            .digest('base64')}`,
        );
    }
    if (node.type === 'root' || node.type === 'element') node.children.forEach(collect);
  };
  collect(tree);
  return { url: urlOfFile(file), file, text: extractPageText(html), markup: markup.join(''), stylesheets };
}

/** All pages of a built site, by URL. */
export function readSite(root: string): Map<string, PageRecord> {
  const pages = new Map<string, PageRecord>();
  for (const file of htmlFiles(root)) {
    const page = readPage(readFileSync(path.join(root, file), 'utf8'), file);
    // Two files for one URL (`about.html` beside `about/index.html`): the first in sorted order is kept.
    if (!pages.has(page.url)) pages.set(page.url, page);
  }
  return pages;
}
