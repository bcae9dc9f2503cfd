import { style } from '@vanilla-extract/css';
import { vars } from '../../styles/theme.css';

export const root = style({ listStyle: 'none', padding: 0, margin: 0, display: 'grid', gap: vars.space['5'] });

export const item = style({
  background: vars.color.surface,
  border: `${vars.size.border} solid ${vars.color.border}`,
  borderRadius: vars.radius.lg,
  padding: vars.space['5'],
});

export const title = style({ fontSize: vars.fontSize.lg, margin: `0 0 ${vars.space['2']}` });

export const date = style({ fontSize: vars.fontSize.sm, color: vars.color.textMuted, margin: `0 0 ${vars.space['2']}` });

export const description = style({ margin: 0 });
