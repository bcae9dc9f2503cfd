import { style } from '@vanilla-extract/css';
import { vars } from '../../styles/theme.css';

export const root = style({
  maxWidth: vars.size.prose,
  margin: '0 auto',
  padding: `${vars.space['9']} ${vars.space['4']}`,
  textAlign: 'center',
});

export const code = style({
  margin: 0,
  color: vars.color.accent,
  fontSize: vars.fontSize.display,
  fontWeight: vars.fontWeight.bold,
  lineHeight: 1,
  letterSpacing: '-0.04em',
});

export const title = style({
  margin: `${vars.space['4']} 0`,
  fontSize: vars.fontSize['2xl'],
});

export const text = style({ margin: 0, color: vars.color.textMuted });

export const detail = style({
  margin: `${vars.space['5']} auto 0`,
  padding: vars.space['3'],
  maxWidth: '100%',
  overflowX: 'auto',
  borderRadius: vars.radius.sm,
  background: vars.color.surface,
  color: vars.color.text,
  fontSize: vars.fontSize.sm,
  whiteSpace: 'pre-wrap',
});
