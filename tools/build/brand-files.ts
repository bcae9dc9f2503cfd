/**
 * The files that carry the brand outside the pages, built from the brand colours
 * (src/site/styles/brand-colors.ts) and the copy in content/, so that neither is written out twice:
 * the favicon (the logo mark on its navy tile) and the web manifest. `npm run build` writes them
 * into dist/ and `npm run dev` serves them (tools/build/brand-files-plugin.ts); tools/build/generate-images.ts
 * draws the PNG icons and the share image from the same mark.
 */
import { seo } from '../../src/content/data/seo.ts';
import { brandColors } from '../../src/site/styles/brand-colors.ts';

const { navy, accent, white } = brandColors;

// The "P" and the accent dot, in a 64 × 64 box.
const markShapes =
  `<path d="M18 46V18h14a10 10 0 0 1 0 20h-6v8z" fill="${white}"/>` +
  `<path d="M26 24v8h6a4 4 0 0 0 0-8z" fill="${navy}"/>` +
  `<circle cx="47" cy="44" r="5" fill="${accent}"/>`;

/** The favicon: the mark on a rounded navy tile. `size` adds width and height (for rendering to PNG). */
export function logoTile(size?: number): string {
  const dimensions = size === undefined ? '' : ` width="${size}" height="${size}"`;
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64"${dimensions}><rect width="64" height="64" rx="14" fill="${navy}"/>${markShapes}</svg>`;
}

/** The mark without its tile, for icons that bring their own background. */
export function logoGlyph(size: number): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64" width="${size}" height="${size}">${markShapes}</svg>`;
}

/**
 * The PNG icons tools/build/generate-images.ts draws into public/: the mark, `glyph` pixels wide, centred on a
 * full-bleed navy square (the platform rounds the corners itself). `manifest`: listed by the web manifest, and
 * how; the Apple touch icon is found by its name.
 */
export const pngIcons = [
  { file: 'apple-touch-icon.png', size: 180, glyph: 150 },
  { file: 'icon-192.png', size: 192, glyph: 160, manifest: 'any' },
  { file: 'icon-512.png', size: 512, glyph: 428, manifest: 'any' },
  // Maskable: the mark stays inside the 80 % safe zone whatever shape the launcher cuts.
  { file: 'icon-maskable-512.png', size: 512, glyph: 300, manifest: 'maskable' },
] as const;

/** favicon.ico: the tile itself, with its rounded corners. */
export const faviconSize = 32;

/**
 * Points of the 64 × 64 box inside one shape of the mark each, where a drawing of it shows that colour
 * untouched by anti-aliasing (tests/unit/brand-images.test.ts reads the icons there).
 */
export const markSamples = [
  { point: [22, 40], colour: 'white', shape: 'the stem of the P' },
  { point: [47, 44], colour: 'accent', shape: 'the dot' },
  { point: [4, 32], colour: 'navy', shape: 'the tile, left of the P' },
] as const;

const manifestIcons = pngIcons.flatMap((icon) =>
  'manifest' in icon
    ? [
        {
          src: `/${icon.file}`,
          sizes: `${icon.size}x${icon.size}`,
          type: 'image/png',
          ...(icon.manifest === 'maskable' ? { purpose: icon.manifest } : {}),
        },
      ]
    : [],
);

/** site.webmanifest: the name a phone shows under the home-screen icon comes from content/seo.json. */
function webManifest(): string {
  const manifest = {
    name: seo.appName,
    short_name: seo.appName,
    lang: 'fr',
    start_url: '/',
    scope: '/',
    display: 'minimal-ui',
    background_color: white,
    theme_color: navy,
    icons: manifestIcons,
  };
  return `${JSON.stringify(manifest, null, 2)}\n`;
}

/** Every generated file, by its URL path. */
export function brandFiles(): { path: `/${string}`; contentType: string; body: string }[] {
  return [
    { path: '/favicon.svg', contentType: 'image/svg+xml', body: `${logoTile()}\n` },
    { path: '/site.webmanifest', contentType: 'application/manifest+json; charset=utf-8', body: webManifest() },
  ];
}
