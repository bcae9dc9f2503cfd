import { globalStyle } from '@vanilla-extract/css';
import { media, vars } from './theme.css';

globalStyle('*, *::before, *::after', { boxSizing: 'border-box' });

globalStyle('html', {
  // Keeps anchored and focused content clear of the sticky header.
  scrollPaddingTop: `calc(${vars.size.headerHeight} + ${vars.space['4']})`,
  WebkitTextSizeAdjust: '100%',
  textSizeAdjust: '100%',
});

globalStyle('body', {
  margin: 0,
  fontFamily: vars.font.body,
  fontSize: vars.fontSize.md,
  lineHeight: vars.lineHeight.body,
  color: vars.tone.text,
  background: vars.color.background,
  WebkitFontSmoothing: 'antialiased',
});

globalStyle('h1, h2, h3, h4', {
  lineHeight: vars.lineHeight.tight,
  color: vars.tone.heading,
  textWrap: 'balance',
});

globalStyle('p, li', { textWrap: 'pretty' });

globalStyle('img, svg', { display: 'block', maxWidth: '100%', height: 'auto' });

globalStyle(':focus-visible', {
  outline: `${vars.size.focusRing} solid ${vars.tone.focus}`,
  outlineOffset: '2px',
});

globalStyle('*', {
  '@media': {
    [media.reducedMotion]: {
      animationDuration: '0.01ms !important',
      transitionDuration: '0.01ms !important',
    },
  },
});
