import { globalStyle, style } from '@vanilla-extract/css';
import { media, vars } from '../../styles/theme.css';

export const root = style({
  maxWidth: vars.size.prose,
  margin: `${vars.space['6']} 0`,
  padding: vars.space['5'],
  borderLeft: `${vars.size.rule} solid ${vars.color.accent}`,
  borderRadius: vars.radius.md,
  background: vars.color.accentSoft,
  '@media': { [media.sm]: { padding: vars.space['6'] } },
  selectors: { '&:last-child': { marginBottom: 0 } },
});

export const title = style({
  margin: `0 0 ${vars.space['3']}`,
  fontSize: vars.fontSize.lg,
  fontWeight: vars.fontWeight.bold,
});

globalStyle(`${root} > :last-child`, { marginBottom: 0 });
