/**
 * The brand colours, in plain TypeScript so that everything that paints the brand reads them from
 * here: the theme (`theme.css.ts`), `<meta name="theme-color">`, the web manifest and the favicon
 * (both written at build time), and the share image and app icons (`scripts/generate-images.ts`).
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
