import { recipe } from '@vanilla-extract/recipes';
import { media, vars } from './theme.css';

/**
 * Every button of the site, whether a link (<ButtonLink>, the header's call to action) or a
 * `<button>` (the contact form's submit). On a navy band put inside `onDark`, the focus ring
 * turns light by itself and `secondary` takes the band's text colour: no colour of its own is needed.
 */
export const button = recipe({
  base: {
    display: 'inline-flex',
    alignItems: 'center',
    justifyContent: 'center',
    minHeight: vars.size.target,
    // Transparent on primary, so a primary and a secondary side by side are the same size.
    border: `${vars.size.borderThick} solid transparent`,
    borderRadius: vars.radius.full,
    // A <button> does not inherit the page's font by default.
    fontFamily: 'inherit',
    fontSize: vars.fontSize.md,
    fontWeight: vars.fontWeight.bold,
    lineHeight: vars.lineHeight.tight,
    textAlign: 'center',
    textDecoration: 'none',
    cursor: 'pointer',
    transition: 'background-color 120ms ease, color 120ms ease',
  },
  variants: {
    variant: {
      /** The main action: the accent colour. */
      primary: {
        background: vars.color.accent,
        color: vars.color.white,
        ':hover': { background: vars.color.accentHover },
        ':disabled': { background: vars.color.accentHover, cursor: 'not-allowed' },
      },
      // Outlined in currentColor so it reads on white and on navy bands alike.
      secondary: {
        background: 'transparent',
        color: 'inherit',
        borderColor: 'currentColor',
        ':hover': { textDecoration: 'underline' },
      },
    },
    size: {
      regular: {
        padding: `${vars.space['2']} ${vars.space['4']}`,
        '@media': { [media.sm]: { padding: `${vars.space['2']} ${vars.space['5']}` } },
      },
      /** In the header bar, beside the menu links: their text size, on one line. */
      compact: {
        padding: `0 ${vars.space['5']}`,
        // Alone in the bar, it has no outlined neighbour to match; the border would only widen it.
        borderWidth: 0,
        fontSize: vars.fontSize.sm,
        whiteSpace: 'nowrap',
      },
    },
  },
  defaultVariants: { variant: 'primary', size: 'regular' },
});
