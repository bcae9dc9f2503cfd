import { globalStyle, style } from '@vanilla-extract/css';
import { plainList } from '../../styles/list.css';
import { media, vars } from '../../styles/theme.css';

export const root = style([
  plainList,
  {
    display: 'grid',
    gap: vars.space['5'],
    margin: `${vars.space['6']} 0 0`,
    counterReset: 'step',
    '@media': {
      [media.lg]: { gridTemplateColumns: `repeat(auto-fit, minmax(${vars.size.cardMin}, 1fr))` },
    },
  },
]);

export const step = style({
  position: 'relative',
  counterIncrement: 'step',
  // Room on the left for the number badge on phones; on wide screens it sits above the title.
  paddingLeft: `calc(${vars.size.badge} + ${vars.space['4']})`,
  '::before': {
    content: 'counter(step)',
    position: 'absolute',
    top: 0,
    left: 0,
    display: 'flex',
    alignItems: 'center',
    justifyContent: 'center',
    width: vars.size.badge,
    height: vars.size.badge,
    borderRadius: vars.radius.full,
    background: vars.color.navy,
    color: vars.color.white,
    fontWeight: vars.fontWeight.bold,
  },
  '@media': {
    [media.lg]: {
      paddingLeft: 0,
      paddingTop: `calc(${vars.size.badge} + ${vars.space['4']})`,
    },
  },
});

export const title = style({
  margin: `0 0 ${vars.space['2']}`,
  paddingTop: vars.space['2'],
  fontSize: vars.fontSize.lg,
  fontWeight: vars.fontWeight.bold,
  '@media': { [media.lg]: { paddingTop: 0 } },
});

export const body = style({ color: vars.color.textMuted });

globalStyle(`${body} > p`, { margin: `0 0 ${vars.space['2']}` });
globalStyle(`${body} > :last-child`, { marginBottom: 0 });
