import { globalStyle, style } from '@vanilla-extract/css';
import { media, vars } from '../../styles/theme.css';

export const root = style({
  background: `linear-gradient(160deg, ${vars.color.navy} 0%, ${vars.color.navyLight} 100%)`,
  color: vars.color.navyText,
});

export const inner = style({
  maxWidth: vars.size.content,
  margin: '0 auto',
  padding: `${vars.space['8']} ${vars.space['4']}`,
  '@media': { [media.sm]: { padding: `${vars.space['9']} ${vars.space['5']}` } },
});

// Markdown inside the hero (# heading, lead paragraph) switches to light-on-navy.
globalStyle(`${inner} h1`, { color: vars.color.white, maxWidth: '22ch' });
globalStyle(`${inner} p`, { fontSize: vars.fontSize.lg, color: vars.color.navyText, maxWidth: vars.size.prose });
globalStyle(`${inner} strong`, { color: vars.color.white });
