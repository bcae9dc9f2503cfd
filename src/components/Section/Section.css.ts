import { style } from '@vanilla-extract/css';
import { recipe } from '@vanilla-extract/recipes';
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

export const inner = style({
  maxWidth: vars.size.content,
  margin: '0 auto',
  padding: `${vars.space['7']} ${vars.space['4']}`,
  '@media': { [media.sm]: { padding: `${vars.space['8']} ${vars.space['5']}` } },
});
