// @vitest-environment node
/**
 * The share images' path scheme (src/site/share-image.ts, read by head.ts and the build alike) and the build's
 * cache (tools/build/share-images.ts): an image is drawn once per thing it shows.
 */
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, test } from 'vitest';
import { shareImagePath } from '../../src/site/share-image.ts';
import { cachedShareImage, cardTitle, routeOfFile, shareImageHash } from '../../tools/build/share-images.ts';

describe('shareImagePath', () => {
  test('one flat file of /partage/ per route path', () => {
    expect(shareImagePath('/')).toBe('/partage/accueil.png');
    expect(shareImagePath('/tarifs')).toBe('/partage/tarifs.png');
    expect(shareImagePath('/contact/merci')).toBe('/partage/contact-merci.png');
    expect(shareImagePath('/guides/formulaire-5472')).toBe('/partage/guides-formulaire-5472.png');
    expect(shareImagePath('/guides')).toBe('/partage/guides.png');
  });

  test('the build finds the route of each HTML file of dist/', () => {
    expect(routeOfFile('index.html')).toBe('/');
    expect(routeOfFile('tarifs.html')).toBe('/tarifs');
    expect(routeOfFile(path.join('guides', 'formulaire-5472.html'))).toBe('/guides/formulaire-5472');
    expect(routeOfFile(path.join('guides', 'index.html'))).toBe('/guides');
  });
});

describe('cardTitle', () => {
  test('drops the brand that ends a title, and cuts a very long one at a word', () => {
    expect(cardTitle('Mentions légales | PropLLC', 'PropLLC')).toBe('Mentions légales');
    expect(cardTitle('PropLLC — une LLC américaine', 'PropLLC')).toBe('PropLLC — une LLC américaine');
    const title = `Formulaire 5472 : ${'ce que votre LLC doit déclarer '.repeat(6)}`;
    const long = cardTitle(title, 'PropLLC');
    expect(long.length).toBeLessThanOrEqual(101);
    expect(long.endsWith('…')).toBe(true);
    // Cut after a whole word.
    expect(title.startsWith(`${long.slice(0, -1)} `)).toBe(true);
  });
});

describe('the cache of share images', () => {
  const cacheDir = mkdtempSync(path.join(tmpdir(), 'share-images-'));
  afterAll(() => rmSync(cacheDir, { recursive: true, force: true }));
  const card = { title: 'Tarifs : le coût d’une LLC | PropLLC', brandName: 'PropLLC' };

  test('the same card is drawn once; a changed title gets a new hash and a new drawing', async () => {
    const first = await cachedShareImage(card, cacheDir);
    expect(first.rendered).toBe(true);
    expect(first.png.readUInt32BE(16)).toBe(1200);
    expect(first.png.readUInt32BE(20)).toBe(630);

    const again = await cachedShareImage({ ...card }, cacheDir);
    expect(again.rendered).toBe(false);
    expect(again.hash).toBe(first.hash);
    expect(again.png.equals(first.png)).toBe(true);

    const retitled = { ...card, title: 'Tarifs : le coût d’une LLC, la première année | PropLLC' };
    expect(shareImageHash(retitled)).not.toBe(first.hash);
    const changed = await cachedShareImage(retitled, cacheDir);
    expect(changed.rendered).toBe(true);
    expect(changed.png.equals(first.png)).toBe(false);
    expect(readdirSync(cacheDir).sort()).toEqual([`${first.hash}.png`, `${changed.hash}.png`].sort());
  });
});
