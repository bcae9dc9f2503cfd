import { style } from '@vanilla-extract/css';
import { vars } from '../../styles/theme.css';

export const skipLink = style({
  position: 'absolute',
  top: vars.space['2'],
  left: vars.space['2'],
  zIndex: 20,
  padding: `${vars.space['3']} ${vars.space['4']}`,
  borderRadius: vars.radius.sm,
  background: vars.color.white,
  color: vars.color.navy,
  fontWeight: vars.fontWeight.semibold,
  // Off screen until focused: the first Tab stop of every page.
  transform: 'translateY(-200%)',
  selectors: { '&:focus': { transform: 'none' } },
});

export const main = style({
  display: 'block',
  minHeight: '60vh',
  // Focus lands here from the skip link; the outline would only frame the whole page.
  selectors: { '&:focus': { outline: 'none' } },
});
