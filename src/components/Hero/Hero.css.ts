import { globalStyle, style } from '@vanilla-extract/css';
import { media, vars } from '../../styles/theme.css';

export const root = style({
  // A soft glow of lighter navy on the right keeps wide screens from looking empty, at no byte cost.
  background: `radial-gradient(ellipse at 90% 10%, ${vars.color.navyLight} 0%, transparent 60%), linear-gradient(160deg, ${vars.color.navy} 0%, ${vars.color.navyLight} 100%)`,
  borderBottom: `${vars.size.rule} solid ${vars.color.accent}`,
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
globalStyle(`${inner} p`, {
  fontSize: vars.fontSize.md,
  color: vars.color.navyText,
  maxWidth: vars.size.prose,
  '@media': { [media.sm]: { fontSize: vars.fontSize.lg } },
});
globalStyle(`${inner} strong`, { color: vars.color.white });
// The default blue focus ring is too dark to see on navy.
globalStyle(`${inner} :focus-visible`, { outlineColor: vars.color.white });
