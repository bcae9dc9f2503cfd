import { style } from '@vanilla-extract/css';
import { media, vars } from '../../styles/theme.css';

export const root = style({
  margin: `0 0 ${vars.space['4']}`,
  maxWidth: vars.size.prose,
});

export const row = style({
  display: 'grid',
  gap: vars.space['1'],
  padding: `${vars.space['2']} 0`,
  borderBottom: `${vars.size.border} solid ${vars.color.border}`,
  '@media': {
    [media.sm]: { gridTemplateColumns: 'minmax(0, 1fr) minmax(0, 2fr)', gap: vars.space['4'] },
  },
});

export const label = style({ fontWeight: vars.fontWeight.semibold, color: vars.color.navy });

export const value = style({ margin: 0, overflowWrap: 'anywhere' });

export const note = style({ margin: `0 0 ${vars.space['4']}`, maxWidth: vars.size.prose });
