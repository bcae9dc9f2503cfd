import { style } from '@vanilla-extract/css';
import { recipe } from '@vanilla-extract/recipes';
import { container } from '../../styles/container.css';
import { media, vars } from '../../styles/theme.css';

export const root = recipe({
  base: {},
  variants: {
    tone: {
      plain: { background: vars.color.background },
      muted: { background: vars.color.surface },
      accent: { background: vars.color.accentSoft },
    },
  },
});

export const inner = style([
  container({ width: 'content' }),
  {
    paddingTop: vars.space['7'],
    paddingBottom: vars.space['7'],
    '@media': { [media.sm]: { paddingTop: vars.space['8'], paddingBottom: vars.space['8'] } },
  },
]);
