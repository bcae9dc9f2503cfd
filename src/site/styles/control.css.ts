import { style } from '@vanilla-extract/css';
import { vars } from './theme.css';

/** The box of a form control (input, textarea, select): full width, a touch target high, a visible edge. */
export const controlBox = style({
  width: '100%',
  minHeight: vars.size.target,
  padding: `${vars.space['2']} ${vars.space['3']}`,
  font: 'inherit',
  color: vars.color.text,
  background: vars.color.background,
  // textMuted, not the light border colour: a control's edge needs 3:1 against the page.
  border: `${vars.size.border} solid ${vars.color.textMuted}`,
  borderRadius: vars.radius.sm,
});
