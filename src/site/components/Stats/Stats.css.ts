import { globalStyle, style } from '@vanilla-extract/css';
import { plainList } from '../../styles/list.css';
import { media, vars } from '../../styles/theme.css';

export const root = style([
  plainList,
  {
    display: 'grid',
    gap: vars.space['4'],
    margin: `${vars.space['6']} 0`,
    '@media': {
      [media.md]: { gridTemplateColumns: `repeat(auto-fit, minmax(${vars.size.statMin}, 1fr))`, gap: vars.space['5'] },
    },
  },
]);

export const stat = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space['1'],
  padding: `${vars.space['4']} ${vars.space['5']}`,
  borderTop: `${vars.size.rule} solid ${vars.color.accent}`,
  borderRadius: vars.radius.sm,
  background: vars.color.background,
  boxShadow: vars.shadow.card,
});

export const value = style({
  color: vars.color.navy,
  fontSize: vars.fontSize.xl,
  fontWeight: vars.fontWeight.bold,
  lineHeight: vars.lineHeight.tight,
  letterSpacing: '-0.01em',
  textWrap: 'balance',
  '@media': { [media.lg]: { fontSize: vars.fontSize['2xl'] } },
});

export const label = style({ color: vars.color.textMuted });

// Markdown in the label may come as a paragraph.
globalStyle(`${label} > p`, { margin: 0 });
