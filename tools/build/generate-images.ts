/**
 * Renders the site's raster icons from SVG with Chromium, once; the PNGs are committed in public/.
 * Run again after changing the logo or a brand colour (tests/unit/brand-images.test.ts fails until then):
 *   npx tsx tools/build/generate-images.ts
 * (Each page's share image is drawn at build from its title: tools/build/share-images.ts.)
 * - favicon.ico and the icons of `pngIcons` (tools/build/brand-files.ts: apple-touch-icon.png, the web manifest's).
 */
import { existsSync, writeFileSync } from 'node:fs';
import { chromium } from '@playwright/test';
import { faviconSize, logoGlyph as glyph, logoTile, pngIcons } from './brand-files.ts';
import { brandColors } from '../../src/site/styles/brand-colors.ts';

// The same colours and mark as the theme, the favicon and the manifest.
const { navy } = brandColors;

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

writeFileSync(
  'public/favicon.ico',
  icoFromPng(await shoot(iconHtml(faviconSize, logoTile(faviconSize), 'transparent'), faviconSize, faviconSize, true), faviconSize),
);
for (const icon of pngIcons) {
  writeFileSync(`public/${icon.file}`, await shoot(iconHtml(icon.size, glyph(icon.glyph), navy), icon.size, icon.size));
}
await browser.close();
console.log(`public/: favicon.ico, ${pngIcons.map((icon) => icon.file).join(', ')}`);
