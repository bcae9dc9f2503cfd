import { globalStyle, style } from '@vanilla-extract/css';
import { media, vars } from '../../styles/theme.css';

// Lighter navy than the footer that follows it, so the closing band does not melt into the footer.
export const root = style({
  background: vars.color.navyLight,
  color: vars.color.navyText,
});

export const inner = style({
  maxWidth: vars.size.prose,
  margin: '0 auto',
  padding: `${vars.space['8']} ${vars.space['4']}`,
  textAlign: 'center',
  '@media': { [media.sm]: { padding: `${vars.space['9']} ${vars.space['5']}` } },
});

globalStyle(`${inner} h2`, { color: vars.color.white });
globalStyle(`${inner} p`, { marginLeft: 'auto', marginRight: 'auto' });
globalStyle(`${inner} > div`, { justifyContent: 'center' });
// The default blue focus ring is too dark to see on navy.
globalStyle(`${inner} :focus-visible`, { outlineColor: vars.color.white });
