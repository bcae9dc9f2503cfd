// @vitest-environment node
/**
 * The build is the moment of publication: on a copy of the project with three more guides (a draft, one scheduled
 * for 2099 and one that changed address, tests/fixtures/guides-publishing/), `npm run build` publishes the third
 * only, and its old address answers 301 under the Node server `npm start` serves dist/ with. Both the draft and the
 * renamed guide show an image (a photo-sized PNG written here): only the published one's copies reach dist/.
 */
import { mkdirSync, readdirSync, readFileSync, statSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createStaticServer } from '../../src/hosts/node/static-server.ts';
import { build, projectWith, removeCopies } from './project-copy.ts';

afterAll(removeCopies);

/** Every file of dist/, as text (the PNGs and icons included: a slug must not be in their names either). */
function distFiles(dist: string): { name: string; text: string }[] {
  return readdirSync(dist, { recursive: true, encoding: 'utf8' })
    .filter((name) => statSync(path.join(dist, name)).isFile())
    .map((name) => ({ name, text: readFileSync(path.join(dist, name), 'latin1') }));
}

describe('guides on a copy with a draft, a scheduled guide and a renamed one', () => {
  let dist = '';
  beforeAll(async () => {
    const copy = projectWith('guides-publishing');
    for (const [slug, file] of [
      ['guide-renomme', 'capture-formulaire.png'],
      ['brouillon-cache', 'schema.png'],
    ] as const) {
      mkdirSync(path.join(copy, 'content', 'guides', slug), { recursive: true });
      await sharp({ create: { width: 1600, height: 900, channels: 3, background: slug === 'guide-renomme' ? '#16325c' : '#c2410c' } })
        .png()
        .toFile(path.join(copy, 'content', 'guides', slug, file));
    }
    const { code, output } = await build(copy);
    expect(code, output).toBe(0);
    dist = path.join(copy, 'dist');
  }, 240_000);

  it.each([
    ['the draft', 'brouillon-cache', 'Un brouillon que personne ne doit lire'],
    ['the guide of 2099', 'programme-plus-tard', 'Un guide programmé pour bien plus tard'],
  ])('%s appears nowhere in dist/: no page, no list entry, no feed entry, no sitemap line', (_, slug, title) => {
    const files = distFiles(dist);
    expect(files.length).toBeGreaterThan(10);
    for (const file of files) {
      expect(file.name).not.toContain(slug);
      expect(file.text, file.name).not.toContain(slug);
      expect(Buffer.from(file.text, 'latin1').toString('utf8'), file.name).not.toContain(title);
    }
  });

  it('publishes the renamed guide, lists it, and writes its old address in _redirects', () => {
    expect(readFileSync(path.join(dist, 'guides.html'), 'utf8')).toContain('href="/guides/guide-renomme"');
    expect(readFileSync(path.join(dist, 'guides', 'flux.xml'), 'utf8')).toContain('/guides/guide-renomme</id>');
    expect(readFileSync(path.join(dist, '_redirects'), 'utf8').split('\n')).toContain(
      '/guides/ancienne-adresse /guides/guide-renomme 301',
    );
  });

  it("shows the guide's image as WebP copies no wider than the text column needs, with its text and size", async () => {
    const html = readFileSync(path.join(dist, 'guides', 'guide-renomme.html'), 'utf8');
    const tag = html.match(/<img\b[^>]*alt="La première page du formulaire, remplie"[^>]*>/)?.[0] ?? '';
    expect(tag).toMatch(/\bloading="lazy"/);
    expect(tag).toMatch(/\bwidth="1408"/);
    expect(tag).toMatch(/\bheight="792"/);
    const srcset = tag.match(/\bsrcSet="([^"]+)"/i)?.[1] ?? '';
    const copies = srcset.split(', ').map((candidate) => candidate.split(' ') as [string, string]);
    expect(copies.map(([, width]) => width)).toEqual(['704w', '1408w']);
    for (const [url, width] of copies) {
      expect(url).toMatch(/^\/guides\/guide-renomme\/capture-formulaire-[0-9a-f]{10}-\d+\.webp$/);
      const metadata = await sharp(path.join(dist, url)).metadata();
      expect(metadata.format).toBe('webp');
      expect(`${metadata.width}w`).toBe(width);
    }
    expect(tag).toContain(`src="${copies[0]![0]}"`);
    // The source, a photo-sized PNG, never ships.
    expect(distFiles(dist).filter((file) => file.name.startsWith(path.join('guides', 'guide-renomme') + path.sep))).toHaveLength(2);
  });

  it('answers the old address with a 301 to the new one, which is the page', async () => {
    const server = createStaticServer(dist).listen(0, '127.0.0.1');
    await new Promise((resolve) => server.once('listening', resolve));
    try {
      const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
      const moved = await fetch(`${base}/guides/ancienne-adresse?depuis=flux`, { redirect: 'manual' });
      expect(moved.status).toBe(301);
      expect(moved.headers.get('location')).toBe('/guides/guide-renomme?depuis=flux');
      const page = await fetch(`${base}/guides/guide-renomme`);
      expect(page.status).toBe(200);
      const html = await page.text();
      expect(html).toContain('Un guide qui a changé d’adresse');
      const image = await fetch(`${base}${html.match(/\bsrc="(\/guides\/guide-renomme\/[^"]+)"/)?.[1]}`);
      expect(image.status).toBe(200);
      expect(image.headers.get('content-type')).toBe('image/webp');
      expect((await fetch(`${base}/_redirects`)).status).toBe(404);
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
  });
});
