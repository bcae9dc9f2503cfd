import { globalStyle, style } from '@vanilla-extract/css';
import { vars } from '../../src/styles/theme.css.ts';

export const root = style({
  fontFamily: vars.font.body,
  color: vars.color.text,
  padding: vars.space['5'],
  background: vars.color.surface,
  minHeight: '100vh',
  boxSizing: 'border-box',
});

export const title = style({ fontSize: vars.fontSize.lg, margin: `0 0 ${vars.space['2']}` });

export const hint = style({ fontSize: vars.fontSize.sm, color: vars.color.textMuted, margin: `0 0 ${vars.space['4']}` });

export const views = style({ display: 'flex', flexWrap: 'wrap', gap: vars.space['5'], alignItems: 'flex-start' });

export const view = style({ margin: 0 });

export const caption = style({ fontSize: vars.fontSize.sm, fontWeight: vars.fontWeight.semibold, marginBottom: vars.space['2'] });

/** Holds a frame drawn at its real width and scaled down: the box takes the scaled size. */
export const viewport = style({
  overflow: 'hidden',
  border: `${vars.size.border} solid ${vars.color.border}`,
  borderRadius: vars.radius.md,
  background: vars.color.background,
  boxShadow: vars.shadow.card,
});

export const frame = style({ border: 0, display: 'block', transformOrigin: '0 0' });

export const actions = style({ display: 'flex', gap: vars.space['4'], alignItems: 'center', marginBottom: vars.space['4'] });

globalStyle('body', { margin: 0 });
