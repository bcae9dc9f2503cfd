import { fallbackVar, globalStyle } from '@vanilla-extract/css';
import { recipe } from '@vanilla-extract/recipes';
import { band } from '../../styles/band.css';
import { media, vars } from '../../styles/theme.css';

export const actions = recipe({
  base: {
    display: 'flex',
    flexWrap: 'wrap',
    gap: vars.space['3'],
    marginTop: vars.space['6'],
    // Without `align`, the row follows the band it sits in (centred in a CallToAction).
    justifyContent: fallbackVar(band.actionsAlign, 'flex-start'),
  },
  variants: {
    align: {
      start: { justifyContent: 'flex-start' },
      center: { justifyContent: 'center' },
    },
  },
});

// On phones each button takes a full row: a large, easy target, and no label squeezed onto two lines.
globalStyle(`${actions.classNames.base} > *`, {
  flex: '1 1 100%',
  '@media': { [media.sm]: { flex: '0 0 auto' } },
});
