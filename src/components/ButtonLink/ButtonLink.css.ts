import { globalStyle, style } from '@vanilla-extract/css';
import { recipe } from '@vanilla-extract/recipes';
import { media, vars } from '../../styles/theme.css';

export const root = recipe({
  base: {
    display: 'inline-flex',
    alignItems: 'center',
    justifyContent: 'center',
    minHeight: vars.size.target,
    padding: `${vars.space['2']} ${vars.space['4']}`,
    borderRadius: vars.radius.full,
    border: `${vars.size.borderThick} solid transparent`,
    fontSize: vars.fontSize.md,
    fontWeight: vars.fontWeight.bold,
    lineHeight: vars.lineHeight.tight,
    textAlign: 'center',
    textDecoration: 'none',
    transition: 'background-color 120ms ease, color 120ms ease',
    '@media': { [media.sm]: { padding: `${vars.space['2']} ${vars.space['5']}` } },
  },
  variants: {
    variant: {
      primary: {
        background: vars.color.accent,
        color: vars.color.white,
        ':hover': { background: vars.color.accentHover },
      },
      // Outlined in currentColor so it reads on white and on navy bands alike.
      secondary: {
        background: 'transparent',
        color: 'inherit',
        borderColor: 'currentColor',
        ':hover': { textDecoration: 'underline' },
      },
    },
  },
});

export const actions = recipe({
  base: {
    display: 'flex',
    flexWrap: 'wrap',
    gap: vars.space['3'],
    marginTop: vars.space['6'],
  },
  variants: {
    align: {
      start: { justifyContent: 'flex-start' },
      center: { justifyContent: 'center' },
    },
  },
});

// On phones each button takes a full row: a large, easy target, and no label squeezed onto two lines.
globalStyle(`${actions.classNames.base} > *`, {
  flex: '1 1 100%',
  '@media': { [media.sm]: { flex: '0 0 auto' } },
});
