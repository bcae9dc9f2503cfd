import { style } from '@vanilla-extract/css';
import { vars } from '../../styles/theme.css';

export const root = style({
  marginTop: vars.space['7'],
  paddingTop: vars.space['4'],
  borderTop: `${vars.size.border} solid ${vars.color.border}`,
  color: vars.color.textMuted,
  fontSize: vars.fontSize.sm,
});
