import { keyframes, style } from '@vanilla-extract/css';
import { recipe } from '@vanilla-extract/recipes';
import { media, vars } from '../../styles/theme.css';

const enter = keyframes({
  from: { opacity: 0, transform: `translateY(calc(-1 * ${vars.space['2']}))` },
  to: { opacity: 1, transform: 'none' },
});

// Top of the screen, where a phone keyboard never covers it, but under the sticky header so the menu
// stays reachable; clicks pass through the empty area.
export const region = style({
  position: 'fixed',
  zIndex: 100,
  top: `calc(${vars.size.headerHeight} + ${vars.space['2']})`,
  left: vars.space['4'],
  right: vars.space['4'],
  display: 'flex',
  flexDirection: 'column',
  alignItems: 'center',
  gap: vars.space['2'],
  pointerEvents: 'none',
  '@media': { [media.sm]: { left: 'auto', alignItems: 'flex-end' } },
});

export const toast = recipe({
  base: {
    pointerEvents: 'auto',
    width: '100%',
    maxWidth: vars.size.toast,
    display: 'flex',
    flexDirection: 'column',
    gap: vars.space['1'],
    padding: `${vars.space['3']} ${vars.space['4']}`,
    borderRadius: vars.radius.md,
    borderLeft: `${vars.space['1']} solid`,
    boxShadow: vars.shadow.raised,
    fontSize: vars.fontSize.sm,
    lineHeight: vars.lineHeight.tight,
    overflowWrap: 'anywhere',
    animation: `${enter} 160ms ease-out`,
  },
  variants: {
    tone: {
      // Destructive: white on the danger red (6.6:1).
      error: { background: vars.color.danger, color: vars.color.white, borderColor: vars.color.danger },
      success: { background: vars.color.successSoft, color: vars.color.text, borderColor: vars.color.success },
    },
  },
});

export const title = style({ fontWeight: vars.fontWeight.bold, fontSize: vars.fontSize.md });

export const text = style({ lineHeight: vars.lineHeight.body });
