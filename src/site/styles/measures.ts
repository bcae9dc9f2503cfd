/**
 * The widest a line of running text gets, in plain TypeScript: the theme (`theme.css.ts`) sets it as
 * `vars.size.prose`, and a guide's images (src/site/guides/guide-images.ts) are made no wider than it needs.
 */
export const proseMeasure = { rem: 44, css: '44rem' } as const;
