import { style } from '@vanilla-extract/css';
import { recipe } from '@vanilla-extract/recipes';
import { vars } from '../../styles/theme.css';

export const root = recipe({
  base: {
    display: 'inline-flex',
    alignItems: 'center',
    justifyContent: 'center',
    minHeight: vars.size.target,
    padding: `${vars.space['2']} ${vars.space['5']}`,
    borderRadius: vars.radius.full,
    border: '2px solid transparent',
    fontSize: vars.fontSize.md,
    fontWeight: vars.fontWeight.bold,
    lineHeight: vars.lineHeight.tight,
    textAlign: 'center',
    textDecoration: 'none',
    transition: 'background-color 120ms ease, color 120ms ease',
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

export const actions = style({
  display: 'flex',
  flexWrap: 'wrap',
  gap: vars.space['3'],
  marginTop: vars.space['6'],
});
