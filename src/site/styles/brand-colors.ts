/**
 * The brand colours, in plain TypeScript so that everything that paints the brand reads them from
 * here: the theme (`theme.css.ts`), `<meta name="theme-color">`, the web manifest and the favicon
 * (both written at build time), each page's share image (`tools/build/share-images.ts`) and the app icons
 * (`tools/build/generate-images.ts`).
 * Change a colour here and every one of them follows.
 */
export const brandColors = {
  /** Deep navy carries trust: header, footer, hero, icon background. */
  navy: '#0b1f3a',
  navyLight: '#16325c',
  /** Body text on navy. */
  navyText: '#dbe4f0',
  /** The one warm accent that marks calls to action. */
  accent: '#c2410c',
  white: '#ffffff',
} as const;

/** `#0b1f3a` → `[11, 31, 58]`: the red, green and blue of a colour written `#rrggbb`. */
export function rgbOf(hex: string): [red: number, green: number, blue: number] {
  const [red = 0, green = 0, blue = 0] = [1, 3, 5].map((start) => Number.parseInt(hex.slice(start, start + 2), 16));
  return [red, green, blue];
}
