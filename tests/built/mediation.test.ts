/**
 * Consumer mediation (Code de la consommation, L612-1 and L616-1): the terms and the legal notice give the
 * mediator its place, and no page sends visitors to the EU's online dispute platform, closed on 20 July 2025.
 */
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, test } from 'vitest';
import { dist, read } from './dist.ts';

/** Every HTML file of dist/, pages and anything else a host would serve. */
function htmlFiles(folder: string): string[] {
  return readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    const file = path.join(folder, entry.name);
    if (entry.isDirectory()) return htmlFiles(file);
    return entry.name.endsWith('.html') ? [file] : [];
  });
}

/** The text of a page's section of that id (content/terms/droit-applicable.mdx, content/legal/mediation.mdx). */
function section(html: string, id: string): string {
  const start = html.indexOf(`<section id="${id}"`);
  if (start < 0) return '';
  return html.slice(start, html.indexOf('</section>', start)).replace(/<[^>]+>/g, '');
}

describe('consumer mediation', () => {
  test('no built file links to the EU online dispute platform', () => {
    const files = htmlFiles(dist);
    expect(files.length).toBeGreaterThan(1);
    const linking = files.filter((file) => /ec\.europa\.eu\/(?:consumers\/)?odr/i.test(read(file)));
    expect(linking).toEqual([]);
  });

  // The terms keep the spec's ten sections: there, mediation is part of « Droit applicable et médiation ».
  for (const [page, id, title] of [
    ['terms', 'droit-applicable', 'Droit applicable et médiation'],
    ['legal', 'mediation', 'Médiation de la consommation'],
  ] as const) {
    test(`/${page} names the consumer mediator, its website, and the articles that require it`, () => {
      const text = section(read(path.join(dist, `${page}.html`)), id);
      expect(text).toContain(title);
      expect(text).toContain('médiateur de la consommation');
      expect(text).toMatch(/Médiateur\s*:/);
      expect(text).toMatch(/Site du médiateur\s*:/);
      expect(text).toContain('L612-1');
      expect(text).toContain('L616-1');
    });
  }
});
