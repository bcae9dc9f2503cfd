import { fallbackVar, style } from '@vanilla-extract/css';
import { band } from '../styles/band.css';
import { vars } from '../styles/theme.css';

export const h1 = style({
  fontSize: vars.fontSize['3xl'],
  fontWeight: vars.fontWeight.bold,
  margin: `0 0 ${vars.space['4']}`,
  letterSpacing: '-0.02em',
  maxWidth: fallbackVar(band.titleMeasure, 'none'),
});

export const h2 = style({
  fontSize: vars.fontSize['2xl'],
  fontWeight: vars.fontWeight.bold,
  margin: `${vars.space['6']} 0 ${vars.space['4']}`,
  letterSpacing: '-0.01em',
  selectors: { '&:first-child': { marginTop: 0 } },
});

export const h3 = style({
  fontSize: vars.fontSize.lg,
  fontWeight: vars.fontWeight.semibold,
  margin: `${vars.space['5']} 0 ${vars.space['2']}`,
});

export const p = style({
  margin: `0 0 ${vars.space['4']}`,
  maxWidth: vars.size.prose,
  selectors: { '&:last-child': { marginBottom: 0 } },
});

export const list = style({
  margin: `0 0 ${vars.space['4']}`,
  paddingLeft: vars.space['5'],
  maxWidth: vars.size.prose,
});

export const listItem = style({ marginBottom: vars.space['2'] });

export const strong = style({ fontWeight: vars.fontWeight.semibold, color: vars.tone.heading });

export const tableWrap = style({ overflowX: 'auto', marginBottom: vars.space['4'] });

export const table = style({ borderCollapse: 'collapse', width: '100%', fontSize: vars.fontSize.sm });

export const th = style({
  textAlign: 'left',
  padding: vars.space['3'],
  borderBottom: `${vars.size.borderThick} solid ${vars.color.border}`,
  color: vars.color.navy,
});

export const td = style({ padding: vars.space['3'], borderBottom: `${vars.size.border} solid ${vars.color.border}` });

/** A guide's image: the text column's width at most, set apart from the text around it. */
export const image = style({
  margin: `${vars.space['5']} 0`,
  maxWidth: vars.size.prose,
  width: '100%',
  height: 'auto',
  borderRadius: vars.radius.md,
  border: `${vars.size.border} solid ${vars.color.border}`,
});
