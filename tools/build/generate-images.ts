/**
 * Renders the site's raster images from SVG/HTML with Chromium, once; the PNGs are committed in public/.
 * Run again after changing the logo, a brand colour (tests/unit/brand-images.test.ts fails until then) or the
 * share-image copy (content/seo.json):
 *   npx tsx tools/build/generate-images.ts
 * - og-image.png 1200 × 630: the card social networks show when a page is shared;
 * - favicon.ico and the icons of `pngIcons` (tools/build/brand-files.ts: apple-touch-icon.png, the web manifest's).
 */
import { existsSync, writeFileSync } from 'node:fs';
import { chromium } from '@playwright/test';
import { brand } from '../../src/content/data/brand.ts';
import { faviconSize, logoGlyph as glyph, logoTile, pngIcons } from './brand-files.ts';
import { seo } from '../../src/content/data/seo.ts';
import { brandColors } from '../../src/site/styles/brand-colors.ts';

// The same colours and mark as the theme, the favicon and the manifest.
const { navy, navyText, accent, white } = brandColors;
const mark = logoTile();

const escapeHtml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;');

const ogHtml = `<!doctype html><html lang="fr"><head><meta charset="utf-8"><style>
  html, body { margin: 0; width: 1200px; height: 630px; }
  body { box-sizing: border-box; padding: 72px 88px; background: ${navy}; color: ${white};
    font-family: "DejaVu Sans", system-ui, sans-serif; display: flex; flex-direction: column; justify-content: space-between; }
  .brand { display: flex; align-items: center; gap: 24px; font-size: 44px; font-weight: 700; }
  .brand svg { width: 88px; height: 88px; }
  h1 { margin: 0; font-size: 60px; line-height: 1.15; letter-spacing: -0.02em; max-width: 980px; }
  p { margin: 0; font-size: 30px; color: ${navyText}; }
  .bar { width: 120px; height: 10px; border-radius: 5px; background: ${accent}; margin-bottom: 28px; }
</style></head><body>
  <div class="brand">${mark.replace('<svg ', '<svg aria-hidden="true" ')}<span>${escapeHtml(brand.name)}</span></div>
  <div><div class="bar"></div><h1>${escapeHtml(seo.ogImageHeadline)}</h1></div>
  <p>${escapeHtml(seo.ogImageTagline)}</p>
</body></html>`;

const iconHtml = (size: number, inner: string, background: string) =>
  `<!doctype html><html><head><style>html,body{margin:0;width:${size}px;height:${size}px;background:${background}}` +
  `body{display:flex;align-items:center;justify-content:center}svg{display:block}</style></head><body>${inner}</body></html>`;

/** An .ico holding one PNG image: every browser since IE Vista reads PNG-in-ICO. */
function icoFromPng(png: Buffer, size: number): Buffer {
  const header = Buffer.alloc(22);
  header.writeUInt16LE(0, 0);
  header.writeUInt16LE(1, 2);
  header.writeUInt16LE(1, 4);
  header.writeUInt8(size % 256, 6);
  header.writeUInt8(size % 256, 7);
  header.writeUInt8(0, 8);
  header.writeUInt8(0, 9);
  header.writeUInt16LE(1, 10);
  header.writeUInt16LE(32, 12);
  header.writeUInt32LE(png.length, 14);
  header.writeUInt32LE(22, 18);
  return Buffer.concat([header, png]);
}

const browser = await chromium.launch({
  executablePath: existsSync('/usr/bin/chromium') ? '/usr/bin/chromium' : undefined,
  args: ['--no-sandbox'],
});
const page = await browser.newPage({ deviceScaleFactor: 1 });

async function shoot(html: string, width: number, height: number, transparent = false): Promise<Buffer> {
  await page.setViewportSize({ width, height });
  await page.setContent(html);
  return page.screenshot({ type: 'png', omitBackground: transparent });
}

writeFileSync('public/og-image.png', await shoot(ogHtml, 1200, 630));
writeFileSync(
  'public/favicon.ico',
  icoFromPng(await shoot(iconHtml(faviconSize, logoTile(faviconSize), 'transparent'), faviconSize, faviconSize, true), faviconSize),
);
for (const icon of pngIcons) {
  writeFileSync(`public/${icon.file}`, await shoot(iconHtml(icon.size, glyph(icon.glyph), navy), icon.size, icon.size));
}
await browser.close();
console.log(`public/: og-image.png, favicon.ico, ${pngIcons.map((icon) => icon.file).join(', ')}`);
