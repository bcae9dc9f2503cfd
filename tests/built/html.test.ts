/** Every built page is valid HTML, and every internal link or asset it references exists. */
import { existsSync, statSync } from 'node:fs';
import path from 'node:path';
import { FileSystemConfigLoader, HtmlValidate } from 'html-validate';
import { describe, expect, test } from 'vitest';
import { isPagePath } from '../../src/site/registry.ts';
import { dist, pagesOnDisk, read } from './dist.ts';

// Reads .htmlvalidate.json, like the html-validate command line.
const validator = new HtmlValidate(new FileSystemConfigLoader());

describe('HTML validity (html-validate, .htmlvalidate.json)', () => {
  for (const page of pagesOnDisk) {
    test(`${page.file} has no errors`, async () => {
      const report = await validator.validateFile(page.file);
      const errors = report.results.flatMap((result) =>
        result.messages.map((message) => `${message.line}:${message.column} ${message.ruleId}: ${message.message}`),
      );
      expect(errors).toEqual([]);
    });
  }
});

/** A built page or a file of dist/ answers this path. */
function resolves(urlPath: string): boolean {
  const clean = decodeURIComponent(urlPath).replace(/\/+$/, '') || '/';
  if (isPagePath(clean)) return true;
  const file = path.join(dist, clean);
  // A guide (/guides/<slug>) is a flat page file, as every page.
  return (existsSync(file) && statSync(file).isFile()) || existsSync(`${file}.html`);
}

describe('internal links', () => {
  for (const page of pagesOnDisk) {
    test(`every href and src of ${page.file} resolves`, () => {
      const html = read(page.file);
      const ids = new Set([...html.matchAll(/\sid="([^"]+)"/g)].map((match) => match[1]));
      const references = [...html.matchAll(/\s(?:href|src)="([^"]*)"/g)].map((match) => match[1] ?? '');
      expect(references.length).toBeGreaterThan(0);
      const broken = references.filter((reference) => {
        if (/^(https?:|mailto:|tel:|data:)/.test(reference)) return false;
        if (reference.startsWith('#')) return !ids.has(reference.slice(1));
        const url = new URL(reference, `https://site.invalid${page.path ?? '/'}`);
        if (url.hostname !== 'site.invalid') return true;
        if (url.hash && url.pathname === (page.path ?? '/')) return !ids.has(url.hash.slice(1));
        return !resolves(url.pathname);
      });
      expect(broken).toEqual([]);
    });
  }
});
