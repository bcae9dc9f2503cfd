import { style } from '@vanilla-extract/css';
import { plainList } from '../../styles/list.css';
import { vars } from '../../styles/theme.css';

export const list = style([plainList, { display: 'grid', gap: vars.space['3'], margin: `0 0 ${vars.space['4']}` }]);

// Each way is one large target: its name, and under it what the link opens.
export const link = style({
  display: 'grid',
  gap: vars.space['1'],
  minHeight: vars.size.target,
  padding: `${vars.space['3']} ${vars.space['4']}`,
  border: `${vars.size.border} solid ${vars.color.border}`,
  borderRadius: vars.radius.md,
  background: vars.color.background,
  color: vars.color.text,
  textDecoration: 'none',
  ':hover': { borderColor: vars.color.navy },
});

export const label = style({
  color: vars.color.focus,
  fontWeight: vars.fontWeight.semibold,
  textDecoration: 'underline',
  textUnderlineOffset: '0.15em',
});

// An email address is one long word: let it break rather than widen the column.
export const value = style({ color: vars.color.textMuted, fontSize: vars.fontSize.sm, overflowWrap: 'anywhere' });
