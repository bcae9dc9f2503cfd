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
  fontSize: 'clamp(4rem, 3rem + 8vw, 7rem)',
  fontWeight: vars.fontWeight.bold,
  lineHeight: 1,
  letterSpacing: '-0.04em',
});

export const title = style({
  margin: `${vars.space['4']} 0`,
  fontSize: vars.fontSize['2xl'],
});

export const text = style({ margin: `0 0 ${vars.space['6']}`, color: vars.color.textMuted });

export const detail = style({
  margin: `0 auto ${vars.space['6']}`,
  padding: vars.space['3'],
  maxWidth: '100%',
  overflowX: 'auto',
  borderRadius: vars.radius.sm,
  background: vars.color.surface,
  color: vars.color.text,
  fontSize: vars.fontSize.sm,
  whiteSpace: 'pre-wrap',
});

export const home = style({
  display: 'inline-flex',
  alignItems: 'center',
  minHeight: vars.size.target,
  padding: `0 ${vars.space['5']}`,
  borderRadius: vars.radius.full,
  background: vars.color.navy,
  color: vars.color.white,
  fontWeight: vars.fontWeight.semibold,
  textDecoration: 'none',
  ':hover': { background: vars.color.navyLight },
});

export const actions = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  justifyContent: 'center',
  gap: vars.space['3'],
});

export const contact = style({
  display: 'inline-flex',
  alignItems: 'center',
  minHeight: vars.size.target,
  padding: `0 ${vars.space['4']}`,
  color: vars.color.focus,
  fontWeight: vars.fontWeight.semibold,
  textDecoration: 'underline',
  textUnderlineOffset: '0.15em',
  ':hover': { color: vars.color.navy },
});
