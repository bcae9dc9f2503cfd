import { style } from '@vanilla-extract/css';
import { media, vars } from '../../styles/theme.css';

// One reading column, as the legal documents (DocumentLayout): a guide is read, top to bottom, on a phone.
export const root = style({
  maxWidth: `calc(${vars.size.prose} + 2 * ${vars.space['5']})`,
  margin: '0 auto',
  padding: `${vars.space['7']} ${vars.space['4']} ${vars.space['8']}`,
  '@media': { [media.sm]: { padding: `${vars.space['8']} ${vars.space['5']} ${vars.space['9']}` } },
});

export const header = style({ marginBottom: vars.space['5'] });

export const lede = style({ fontSize: vars.fontSize.lg, color: vars.color.textMuted, marginBottom: vars.space['4'] });

export const facts = style({
  listStyle: 'none',
  padding: 0,
  margin: 0,
  display: 'flex',
  flexWrap: 'wrap',
  gap: `${vars.space['1']} ${vars.space['4']}`,
  fontSize: vars.fontSize.sm,
  color: vars.color.textMuted,
});

const box = style({
  borderRadius: vars.radius.md,
  padding: vars.space['4'],
  marginBottom: vars.space['5'],
});

export const advice = style([box, { background: vars.color.accentSoft, borderLeft: `${vars.space['1']} solid ${vars.color.accent}` }]);

export const contents = style([box, { background: vars.color.surface }]);

export const boxTitle = style({ fontSize: vars.fontSize.md, color: vars.tone.heading, marginBottom: vars.space['2'] });

export const boxText = style({ margin: 0, fontSize: vars.fontSize.sm });

export const contentsList = style({ margin: 0, paddingLeft: vars.space['5'], display: 'grid', gap: vars.space['1'] });

export const body = style({ marginBottom: vars.space['6'] });

export const annex = style({
  borderTop: `${vars.size.border} solid ${vars.color.border}`,
  paddingTop: vars.space['5'],
  marginTop: vars.space['5'],
  fontSize: vars.fontSize.sm,
});

export const bio = style({ color: vars.color.textMuted, marginTop: vars.space['4'] });

// The editor's preview of a draft or a scheduled guide: plain to see, so that no one takes it for the published page.
export const unpublished = style([
  box,
  { background: vars.color.dangerSoft, borderLeft: `${vars.space['1']} solid ${vars.color.danger}` },
]);
