import { style } from '@vanilla-extract/css';
import { container } from '../../styles/container.css';
import { plainList } from '../../styles/list.css';
import { media, vars } from '../../styles/theme.css';
import { onDark } from '../../styles/tone.css';

export const root = style([
  onDark,
  {
    position: 'sticky',
    top: 0,
    zIndex: 10,
    background: vars.color.navy,
    color: vars.color.white,
    boxShadow: vars.shadow.card,
  },
]);

export const bar = style([
  container({ width: 'content' }),
  {
    position: 'relative',
    display: 'flex',
    alignItems: 'center',
    justifyContent: 'space-between',
    gap: vars.space['4'],
    minHeight: vars.size.headerHeight,
  },
]);

export const brand = style({
  display: 'inline-flex',
  alignItems: 'center',
  minHeight: vars.size.target,
  color: vars.color.white,
  fontSize: vars.fontSize.lg,
  fontWeight: vars.fontWeight.bold,
  letterSpacing: '-0.01em',
  textDecoration: 'none',
});

export const toggle = style({
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'center',
  width: vars.size.target,
  height: vars.size.target,
  padding: 0,
  border: `${vars.size.border} solid ${vars.color.navyLight}`,
  borderRadius: vars.radius.sm,
  background: 'transparent',
  color: vars.color.white,
  cursor: 'pointer',
  '@media': { [media.md]: { display: 'none' } },
});

// Under 48em the links are a popover under the bar, in the top layer while open (the browser hides it
// otherwise); from 48em they sit in the bar, whatever the popover's state. Author styles override the
// browser's popover styles (position, inset, size, margin, border, colours) whatever their specificity.
export const menu = style({
  margin: 0,
  padding: vars.space['4'],
  border: 'none',
  borderTop: `${vars.size.border} solid ${vars.color.navyLight}`,
  background: vars.color.navy,
  color: vars.color.white,
  boxShadow: vars.shadow.raised,
  selectors: {
    '&:popover-open': {
      position: 'fixed',
      inset: `${vars.size.headerHeight} 0 auto 0`,
      width: '100%',
      maxHeight: `calc(100dvh - ${vars.size.headerHeight})`,
      overflowY: 'auto',
      display: 'flex',
      flexDirection: 'column',
      gap: vars.space['3'],
    },
  },
  '@media': {
    [media.md]: {
      // Also when a menu opened on a narrow window stays open as the window widens.
      selectors: { '&:popover-open': { position: 'static', flexDirection: 'row', width: 'auto', overflowY: 'visible' } },
      position: 'static',
      inset: 'auto',
      width: 'auto',
      height: 'auto',
      maxHeight: 'none',
      overflow: 'visible',
      display: 'flex',
      flexDirection: 'row',
      alignItems: 'center',
      gap: vars.space['3'],
      padding: 0,
      background: 'transparent',
      border: 'none',
      boxShadow: 'none',
    },
  },
});

// The toggle shows ☰ while the menu is closed and ✕ while it is open, from the popover's own state
// (:has(:popover-open)), so the icon is right with or without the site script.
export const iconOpen = style({
  selectors: { [`${root}:has(:popover-open) &`]: { display: 'none' } },
});

export const iconClose = style({
  display: 'none',
  selectors: { [`${root}:has(:popover-open) &`]: { display: 'block' } },
});

export const links = style([
  plainList,
  {
    display: 'flex',
    flexDirection: 'column',
    gap: vars.space['1'],
    '@media': { [media.md]: { flexDirection: 'row', gap: 0 }, [media.lg]: { gap: vars.space['1'] } },
  },
]);

export const link = style({
  display: 'flex',
  alignItems: 'center',
  minHeight: vars.size.target,
  padding: `0 ${vars.space['3']}`,
  borderRadius: vars.radius.sm,
  color: vars.color.navyText,
  fontSize: vars.fontSize.sm,
  fontWeight: vars.fontWeight.semibold,
  textDecoration: 'none',
  // Between 48em and 64em the bar is just wide enough for one line of links, in a smaller size: keep each on one line.
  whiteSpace: 'nowrap',
  '@media': {
    [media.md]: { padding: `0 ${vars.space['1']}`, fontSize: vars.fontSize.xs },
    [media.lg]: { padding: `0 ${vars.space['3']}`, fontSize: vars.fontSize.sm },
  },
  ':hover': { color: vars.color.white, background: vars.color.navyLight },
  selectors: {
    // The current page: white text on a lighter navy chip, plus an underline so colour is not the only cue.
    '&[aria-current="page"]': {
      color: vars.color.white,
      background: vars.color.navyLight,
      textDecoration: 'underline',
      textDecorationThickness: vars.size.borderThick,
      textUnderlineOffset: '0.4em',
    },
  },
});
