// @vitest-environment node
/**
 * The PNG icons in public/ are drawn once, by hand (tools/build/generate-images.ts), from the
 * brand colours of src/site/styles/brand-colors.ts. Read back here pixel by pixel: a colour changed there and not
 * redrawn fails, saying which command draws them again.
 */
import { readFileSync } from 'node:fs';
import sharp from 'sharp';
import { describe, expect, test } from 'vitest';
import { faviconSize, markSamples, pngIcons } from '../../tools/build/brand-files.ts';
import { brandColors } from '../../src/site/styles/brand-colors.ts';

const redraw =
  'the image was drawn with other colours than src/site/styles/brand-colors.ts: run `npx tsx tools/build/generate-images.ts`';

interface Image {
  width: number;
  height: number;
  /** `#rrggbb`, or `transparent` where the pixel is fully see-through. */
  colourAt(x: number, y: number): string;
}

async function decode(png: Buffer): Promise<Image> {
  const { data, info } = await sharp(png).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  return {
    width: info.width,
    height: info.height,
    colourAt(x, y) {
      const offset = (y * info.width + x) * 4;
      if (data[offset + 3] === 0) return 'transparent';
      return `#${[...data.subarray(offset, offset + 3)].map((channel) => channel.toString(16).padStart(2, '0')).join('')}`;
    },
  };
}

/** The mark's sample points, drawn `glyph` pixels wide at `offset` from the image's corner. */
function expectMark(image: Image, file: string, glyph: number, offset: number): void {
  for (const { point, colour, shape } of markSamples) {
    const [x, y] = point.map((coordinate) => Math.floor(offset + (coordinate * glyph) / 64)) as [number, number];
    expect(image.colourAt(x, y), `public/${file}, ${shape} at (${x}, ${y}): ${redraw}`).toBe(brandColors[colour]);
  }
}

describe('the icons and the share image are drawn in the brand colours', () => {
  for (const icon of pngIcons) {
    test(`${icon.file}: the mark on navy`, async () => {
      const image = await decode(readFileSync(`public/${icon.file}`));
      expect([image.width, image.height]).toEqual([icon.size, icon.size]);
      expect(image.colourAt(0, 0), `public/${icon.file}, corner: ${redraw}`).toBe(brandColors.navy);
      expectMark(image, icon.file, icon.glyph, (icon.size - icon.glyph) / 2);
    });
  }

  test('favicon.ico: the mark on its rounded navy tile', async () => {
    const ico = readFileSync('public/favicon.ico');
    // One image, stored as a PNG at the offset the directory entry gives.
    const image = await decode(ico.subarray(ico.readUInt32LE(18)));
    expect([image.width, image.height]).toEqual([faviconSize, faviconSize]);
    expect(image.colourAt(0, 0), 'public/favicon.ico, outside the rounded corner').toBe('transparent');
    expectMark(image, 'favicon.ico', faviconSize, 0);
  });
});
