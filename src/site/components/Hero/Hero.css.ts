import { style } from '@vanilla-extract/css';
import { band } from '../../styles/band.css';
import { container } from '../../styles/container.css';
import { onDark } from '../../styles/tone.css';
import { media, vars } from '../../styles/theme.css';

export const root = style([
  onDark,
  {
    // A soft glow of lighter navy on the right keeps wide screens from looking empty, at no byte cost.
    background: `radial-gradient(ellipse at 90% 10%, ${vars.color.navyLight} 0%, transparent 60%), linear-gradient(160deg, ${vars.color.navy} 0%, ${vars.color.navyLight} 100%)`,
    borderBottom: `${vars.size.rule} solid ${vars.color.accent}`,
  },
]);

export const inner = style([
  container({ width: 'content' }),
  {
    paddingTop: vars.space['8'],
    paddingBottom: vars.space['8'],
    // The lead paragraph inherits a larger size; headings and buttons set their own.
    fontSize: vars.fontSize.md,
    vars: { [band.titleMeasure]: '22ch' },
    '@media': {
      [media.sm]: { paddingTop: vars.space['9'], paddingBottom: vars.space['9'], fontSize: vars.fontSize.lg },
    },
  },
]);
