import { style } from '@vanilla-extract/css';
import { recipe } from '@vanilla-extract/recipes';
import { textLink } from '../../styles/link.css';
import { media, vars } from '../../styles/theme.css';

// Below `md` every row is a card (the propfirm, its answer, its conditions): three columns side by side would
// not fit a phone. From `md` on, a table.
export const table = style({
  display: 'block',
  width: '100%',
  margin: `${vars.space['5']} 0`,
  borderCollapse: 'collapse',
  fontSize: vars.fontSize.sm,
  '@media': { [media.md]: { display: 'table' } },
});

export const caption = style({
  display: 'block',
  marginBottom: vars.space['3'],
  color: vars.color.navy,
  fontWeight: vars.fontWeight.semibold,
  fontSize: vars.fontSize.md,
  textAlign: 'left',
  '@media': { [media.md]: { display: 'table-caption' } },
});

// On phones the column titles are said by each card (the answer's label); kept for screen readers.
export const head = style({
  position: 'absolute',
  width: '1px',
  height: '1px',
  overflow: 'hidden',
  clipPath: 'inset(50%)',
  whiteSpace: 'nowrap',
  '@media': { [media.md]: { position: 'static', width: 'auto', height: 'auto', overflow: 'visible', clipPath: 'none' } },
});

export const headCell = style({
  padding: vars.space['3'],
  textAlign: 'left',
  color: vars.color.navy,
  borderBottom: `${vars.size.borderThick} solid ${vars.color.border}`,
});

export const body = style({ display: 'grid', gap: vars.space['4'], '@media': { [media.md]: { display: 'table-row-group' } } });

export const row = style({
  display: 'grid',
  gap: vars.space['2'],
  padding: vars.space['4'],
  border: `${vars.size.border} solid ${vars.color.border}`,
  borderRadius: vars.radius.md,
  background: vars.color.background,
  '@media': { [media.md]: { display: 'table-row', padding: 0, border: 'none', borderRadius: 0 } },
});

export const cell = style({
  display: 'block',
  padding: 0,
  textAlign: 'left',
  verticalAlign: 'top',
  '@media': {
    [media.md]: {
      display: 'table-cell',
      padding: vars.space['3'],
      borderBottom: `${vars.size.border} solid ${vars.color.border}`,
    },
  },
});

export const name = style([cell, { color: vars.color.navy, fontSize: vars.fontSize.md, fontWeight: vars.fontWeight.bold }]);

export const answerCell = style([
  cell,
  {
    selectors: { '&::before': { content: 'attr(data-label) " "', fontWeight: vars.fontWeight.semibold } },
    '@media': { [media.md]: { selectors: { '&::before': { content: 'none' } }, whiteSpace: 'nowrap' } },
  },
]);

// The answer is said in words; the colour only repeats it.
export const answer = recipe({
  base: {
    display: 'inline-block',
    padding: `0 ${vars.space['2']}`,
    borderRadius: vars.radius.sm,
    fontWeight: vars.fontWeight.semibold,
  },
  variants: {
    answer: {
      oui: { color: vars.color.success, background: vars.color.successSoft },
      non: { color: vars.color.danger, background: vars.color.dangerSoft },
      unconfirmed: { color: vars.color.accentHover, background: vars.color.accentSoft },
    },
  },
});

export const text = style({ margin: `0 0 ${vars.space['2']}` });

export const links = style({
  display: 'flex',
  flexWrap: 'wrap',
  gap: `${vars.space['1']} ${vars.space['4']}`,
  margin: 0,
});

export const link = style([textLink, { overflowWrap: 'anywhere' }]);
