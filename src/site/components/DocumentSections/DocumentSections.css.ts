import { style } from '@vanilla-extract/css';
import { vars } from '../../styles/theme.css';

export const root = style({ marginTop: vars.space['6'] });

export const section = style({
  paddingTop: vars.space['5'],
  marginTop: vars.space['5'],
  borderTop: `${vars.size.border} solid ${vars.color.border}`,
});

export const title = style({
  margin: `0 0 ${vars.space['3']}`,
  fontSize: vars.fontSize.xl,
});
