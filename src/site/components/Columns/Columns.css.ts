import { style } from '@vanilla-extract/css';
import { recipe } from '@vanilla-extract/recipes';
import { media, vars } from '../../styles/theme.css';

export const root = style({
  display: 'grid',
  gap: vars.space['6'],
  alignItems: 'start',
  '@media': {
    // From 1024 px the page is wide enough for the text column to keep its measure beside a second one.
    [media.lg]: { gridTemplateColumns: 'minmax(0, 3fr) minmax(0, 2fr)', gap: vars.space['7'] },
  },
});

export const column = recipe({
  base: { minWidth: 0 },
  variants: {
    tone: {
      plain: {},
      muted: {
        padding: vars.space['4'],
        borderRadius: vars.radius.lg,
        background: vars.color.surface,
        '@media': { [media.sm]: { padding: vars.space['5'] } },
      },
    },
  },
});
