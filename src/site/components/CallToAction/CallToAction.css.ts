import { style } from '@vanilla-extract/css';
import { band } from '../../styles/band.css';
import { container } from '../../styles/container.css';
import { onDark } from '../../styles/tone.css';
import { media, vars } from '../../styles/theme.css';

// Lighter navy than the footer that follows it, so the closing band does not melt into the footer.
export const root = style([onDark, { background: vars.color.navyLight }]);

export const inner = style([
  container({ width: 'prose' }),
  {
    paddingTop: vars.space['8'],
    paddingBottom: vars.space['8'],
    textAlign: 'center',
    vars: { [band.actionsAlign]: 'center' },
    '@media': { [media.sm]: { paddingTop: vars.space['9'], paddingBottom: vars.space['9'] } },
  },
]);
