/**
 * The theme contract: every colour, space, radius, font size and breakpoint of the site.
 * Components style only through `vars` (and `media`), never with raw values, so the look
 * changes in one place.
 */
import { createGlobalTheme } from '@vanilla-extract/css';
import { brandColors as brand, rgbOf } from './brand-colors.ts';
import { proseMeasure } from './measures.ts';

// Named once: each is both a fixed colour and the default of a tone slot below.
const text = '#1a2433';
const focus = '#1d4ed8';

/** `#0b1f3a` at 6 % → `rgb(11 31 58 / 0.06)`: shadows are the navy, faded. */
function faded(hex: string, alpha: number): string {
  return `rgb(${rgbOf(hex).join(' ')} / ${alpha})`;
}

export const vars = createGlobalTheme(':root', {
  color: {
    navy: brand.navy,
    navyLight: brand.navyLight,
    navyText: brand.navyText,
    accent: brand.accent,
    accentHover: '#9a3412',
    accentSoft: '#fff1e8',
    text,
    textMuted: '#4a5568',
    background: brand.white,
    surface: '#f4f7fb',
    border: '#d5dde8',
    focus,
    danger: '#b42318',
    dangerSoft: '#fef3f2',
    success: '#067647',
    successSoft: '#ecfdf3',
    white: brand.white,
  },
  /**
   * The colours that depend on the band's background: the page (white) sets them here, the `onDark`
   * class (tone.css.ts) switches them on navy bands, so anything inside follows without knowing where it is.
   */
  tone: {
    /** Headings and bold text. */
    heading: brand.navy,
    text,
    focus,
  },
  space: {
    '1': '0.25rem',
    '2': '0.5rem',
    '3': '0.75rem',
    '4': '1rem',
    '5': '1.5rem',
    '6': '2rem',
    '7': '3rem',
    '8': '4rem',
    '9': '6rem',
  },
  radius: {
    sm: '0.375rem',
    md: '0.625rem',
    lg: '1rem',
    full: '999px',
  },
  font: {
    body: 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
  },
  fontSize: {
    xs: '0.8125rem',
    sm: '0.9375rem',
    md: '1.0625rem',
    lg: '1.25rem',
    xl: 'clamp(1.375rem, 1.1rem + 1vw, 1.75rem)',
    '2xl': 'clamp(1.625rem, 1.2rem + 1.8vw, 2.25rem)',
    '3xl': 'clamp(2rem, 1.4rem + 2.8vw, 3.25rem)',
    /** The big code of the 404 page. */
    display: 'clamp(4rem, 3rem + 8vw, 7rem)',
  },
  fontWeight: {
    semibold: '600',
    bold: '700',
  },
  lineHeight: {
    tight: '1.2',
    body: '1.6',
  },
  size: {
    content: '72rem',
    prose: proseMeasure.css,
    headerHeight: '4rem',
    target: '2.75rem',
    icon: '1.5rem',
    border: '1px',
    /** Outlined buttons, table header rules, the current-page underline. */
    borderThick: '2px',
    focusRing: '3px',
    /** Narrowest a card or step may get before the grid drops a column. */
    cardMin: '15rem',
    /** Narrowest a key figure may get: three fit side by side on a tablet. */
    statMin: '12rem',
    /** Round badge holding an icon or a step number. */
    badge: '2.75rem',
    /** Accent rule on the left of a callout. */
    rule: '4px',
    /** The vertical payment diagram stays phone-sized on tablets. */
    flowNarrow: '26rem',
    /** A toast: wide enough for two lines of message, narrow enough to leave the form visible. */
    toast: '24rem',
    /** The footer's brand sentence. */
    blurb: '28rem',
  },
  // Inside SVG drawings, in viewBox units: the drawing scales, so these are not screen pixels.
  diagram: {
    label: '18px',
    detail: '16px',
    line: '2',
    arrow: '3',
  },
  shadow: {
    card: `0 1px 2px ${faded(brand.navy, 0.06)}, 0 4px 16px ${faded(brand.navy, 0.06)}`,
    raised: `0 8px 24px ${faded(brand.navy, 0.16)}`,
  },
});

/** Breakpoints as media queries (mobile first). `md` is where the header shows its links. */
export const media = {
  sm: 'screen and (min-width: 40em)',
  md: 'screen and (min-width: 48em)',
  lg: 'screen and (min-width: 64em)',
  reducedMotion: '(prefers-reduced-motion: reduce)',
} as const;
