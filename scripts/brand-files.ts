/**
 * The files that carry the brand outside the pages, built from the brand colours
 * (src/styles/brand-colors.ts) and the copy in content/, so that neither is written out twice:
 * the favicon (the logo mark on its navy tile) and the web manifest. `npm run build` writes them
 * into dist/ and `npm run dev` serves them (scripts/brand-files-plugin.ts); scripts/generate-images.ts
 * draws the PNG icons and the share image from the same mark.
 */
import { seo } from '../src/content-data/seo.ts';
import { brandColors } from '../src/styles/brand-colors.ts';

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

/** The icons the manifest lists; scripts/generate-images.ts draws them into public/. */
const manifestIcons = [
  { src: '/icon-192.png', sizes: '192x192', type: 'image/png' },
  { src: '/icon-512.png', sizes: '512x512', type: 'image/png' },
  { src: '/icon-maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
] as const;

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
