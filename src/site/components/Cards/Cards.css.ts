import { globalStyle, style } from '@vanilla-extract/css';
import { plainList } from '../../styles/list.css';
import { media, vars } from '../../styles/theme.css';

export const root = style([
  plainList,
  {
    display: 'grid',
    gap: vars.space['4'],
    margin: `${vars.space['6']} 0 0`,
    '@media': {
      [media.sm]: { gridTemplateColumns: 'repeat(2, minmax(0, 1fr))', gap: vars.space['5'] },
      [media.lg]: { gridTemplateColumns: 'repeat(3, minmax(0, 1fr))' },
    },
  },
]);

// On phones the icon sits beside the title to keep six cards short; from `sm` it sits above.
export const card = style({
  display: 'grid',
  gridTemplateColumns: 'auto 1fr',
  alignItems: 'center',
  columnGap: vars.space['4'],
  rowGap: vars.space['3'],
  padding: vars.space['4'],
  background: vars.color.background,
  border: `${vars.size.border} solid ${vars.color.border}`,
  borderRadius: vars.radius.lg,
  boxShadow: vars.shadow.card,
  '@media': {
    [media.sm]: { gridTemplateColumns: '1fr', alignContent: 'start', padding: vars.space['5'] },
  },
});

export const icon = style({
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'center',
  width: vars.size.badge,
  height: vars.size.badge,
  borderRadius: vars.radius.md,
  background: vars.color.accentSoft,
  color: vars.color.accent,
});

globalStyle(`${icon} svg`, { width: vars.size.icon, height: vars.size.icon });

export const title = style({
  margin: 0,
  fontSize: vars.fontSize.lg,
  fontWeight: vars.fontWeight.bold,
});

export const body = style({ gridColumn: '1 / -1', color: vars.color.textMuted });

globalStyle(`${body} > p`, { margin: 0 });
