import { style } from '@vanilla-extract/css';
import { controlBox } from '../../styles/control.css';
import { media, vars } from '../../styles/theme.css';

// On a wide screen the choice and the rate's note stand beside the table, which takes the rest of the width.
export const root = style({
  display: 'grid',
  gap: vars.space['4'],
  alignItems: 'start',
  maxWidth: vars.size.prose,
  marginBottom: vars.space['5'],
  '@media': {
    [media.lg]: {
      maxWidth: 'none',
      gridTemplateColumns: `${vars.size.cardMin} minmax(0, 1fr)`,
      gridTemplateRows: 'auto 1fr',
      columnGap: vars.space['6'],
    },
  },
});

/** The table of the chosen state, right of the choice on a wide screen. */
export const chosen = style({ '@media': { [media.lg]: { gridColumn: 2, gridRow: '1 / span 2' } } });

export const field = style({ display: 'grid', gap: vars.space['2'], maxWidth: vars.size.cardMin });

export const label = style({ fontWeight: vars.fontWeight.semibold, color: vars.color.navy });

export const select = controlBox;

export const table = style({
  width: '100%',
  borderCollapse: 'collapse',
  fontSize: vars.fontSize.sm,
  background: vars.color.background,
  borderRadius: vars.radius.md,
  boxShadow: vars.shadow.card,
});

export const caption = style({
  captionSide: 'top',
  textAlign: 'left',
  padding: `0 0 ${vars.space['2']}`,
  fontSize: vars.fontSize.lg,
  fontWeight: vars.fontWeight.semibold,
  color: vars.tone.heading,
});

// Narrow gutters on a phone: three columns share 375 px.
const cell = {
  padding: vars.space['2'],
  borderBottom: `${vars.size.border} solid ${vars.color.border}`,
  verticalAlign: 'top',
  '@media': { [media.sm]: { padding: `${vars.space['2']} ${vars.space['3']}` } },
} as const;

export const head = style({ ...cell, textAlign: 'left', color: vars.color.navy, borderBottomWidth: vars.size.borderThick });

export const headAmount = style([head, { textAlign: 'right' }]);

export const rowHead = style({ ...cell, textAlign: 'left', fontWeight: 'normal', color: vars.color.text });

export const amount = style({ ...cell, textAlign: 'right', whiteSpace: 'nowrap', fontVariantNumeric: 'tabular-nums' });

export const total = style({ fontWeight: vars.fontWeight.bold, color: vars.tone.heading, borderBottom: 'none' });

/** The euro figure under the dollar one. */
export const eur = style({ display: 'block', color: vars.color.textMuted });

export const detail = style({ display: 'block', color: vars.color.textMuted, fontSize: vars.fontSize.xs });

export const pending = style({ fontStyle: 'italic', whiteSpace: 'normal' });

export const link = style({
  color: vars.color.focus,
  textDecoration: 'underline',
  textUnderlineOffset: '0.15em',
  ':hover': { color: vars.color.navy },
});

export const note = style({
  margin: 0,
  color: vars.color.textMuted,
  fontSize: vars.fontSize.sm,
  '@media': { [media.lg]: { gridColumn: 1 } },
});

/** The name of each state in the comparison. */
export const stateName = style({ fontWeight: vars.fontWeight.semibold, color: vars.tone.heading });

/** Each state's folded table, one under the other on a phone, two abreast on a wide screen. */
export const folds = style({
  display: 'grid',
  gap: vars.space['3'],
  alignItems: 'start',
  gridTemplateColumns: `repeat(auto-fit, minmax(min(100%, 30rem), 1fr))`,
  marginBottom: vars.space['5'],
});

export const fold = style({
  border: `${vars.size.border} solid ${vars.color.border}`,
  borderRadius: vars.radius.md,
  background: vars.color.background,
  selectors: { '&[open]': { paddingBottom: vars.space['3'] } },
});

// The browser's own disclosure triangle says « this opens »; the whole line is the target.
export const summary = style({
  minHeight: vars.size.target,
  padding: `${vars.space['3']} ${vars.space['4']}`,
  color: vars.color.navy,
  fontWeight: vars.fontWeight.semibold,
  cursor: 'pointer',
  borderRadius: vars.radius.md,
});
