import { globalStyle, style } from '@vanilla-extract/css';
import { media, vars } from '../../styles/theme.css';

export const root = style({
  margin: `${vars.space['6']} 0`,
  // Little side padding on phones: every pixel of width goes to the diagram's text size.
  padding: `${vars.space['5']} ${vars.space['2']}`,
  border: `${vars.size.border} solid ${vars.color.border}`,
  borderRadius: vars.radius.lg,
  background: vars.color.background,
  boxShadow: vars.shadow.card,
  // The drawings follow the figure's own width, not the screen's: beside a hero's text it stays narrow.
  containerType: 'inline-size',
  '@media': { [media.sm]: { padding: vars.space['6'] } },
});

/** Width from which the horizontal drawing keeps its text near body size (about a 1024 px screen's full column). */
const roomForWide = '(min-width: 56rem)';

// The vertical drawing until the horizontal one has room to keep its text at body size.
export const narrow = style({
  width: '100%',
  maxWidth: vars.size.flowNarrow,
  margin: '0 auto',
  '@container': { [roomForWide]: { display: 'none' } },
});

export const wide = style({
  display: 'none',
  width: '100%',
  '@container': { [roomForWide]: { display: 'block' } },
});

export const box = style({
  fill: vars.color.surface,
  stroke: vars.color.navy,
  strokeWidth: vars.diagram.line,
});

// The drawing is inline SVG: its text inherits the page's font, and only sets its size and weight.
export const label = style({
  fill: vars.color.navy,
  fontSize: vars.diagram.label,
  fontWeight: vars.fontWeight.bold,
});

export const detail = style({
  fill: vars.color.textMuted,
  fontSize: vars.diagram.detail,
});

export const arrow = style({ fill: 'none', stroke: vars.color.accent, strokeWidth: vars.diagram.arrow });

export const arrowHead = style({ fill: vars.color.accent });

export const arrowLabel = style({
  fill: vars.color.accentHover,
  fontSize: vars.diagram.detail,
  fontWeight: vars.fontWeight.semibold,
});

export const caption = style({
  maxWidth: vars.size.prose,
  margin: `${vars.space['5']} auto 0`,
  color: vars.color.textMuted,
  fontSize: vars.fontSize.sm,
  textAlign: 'center',
});

globalStyle(`${caption} > p`, { margin: 0 });
