import { style } from '@vanilla-extract/css';
import { container } from '../../styles/container.css';
import { media, vars } from '../../styles/theme.css';
import { onDark } from '../../styles/tone.css';

export const root = style([
  onDark,
  {
    background: vars.color.navy,
    fontSize: vars.fontSize.sm,
    borderTop: `${vars.size.border} solid ${vars.color.navyLight}`,
  },
]);

export const inner = style([
  container({ width: 'content' }),
  {
    display: 'grid',
    gap: vars.space['6'],
    paddingTop: vars.space['7'],
    paddingBottom: vars.space['6'],
    '@media': {
      [media.sm]: { gridTemplateColumns: '1fr 1fr', paddingTop: vars.space['8'] },
      [media.lg]: { gridTemplateColumns: '2fr 1fr 1fr' },
    },
  },
]);

export const about = style({
  '@media': { [media.sm]: { gridColumn: '1 / -1' }, [media.lg]: { gridColumn: 'auto' } },
});

export const brand = style({
  margin: `0 0 ${vars.space['2']}`,
  color: vars.tone.heading,
  fontSize: vars.fontSize.lg,
  fontWeight: vars.fontWeight.bold,
});

export const blurb = style({ margin: 0, maxWidth: vars.size.blurb });

export const title = style({
  margin: `0 0 ${vars.space['2']}`,
  fontSize: vars.fontSize.sm,
  fontWeight: vars.fontWeight.semibold,
  textTransform: 'uppercase',
  letterSpacing: '0.06em',
});

export const link = style({
  display: 'inline-flex',
  alignItems: 'center',
  minHeight: vars.size.target,
  color: vars.tone.text,
  textDecoration: 'none',
  ':hover': { color: vars.tone.heading, textDecoration: 'underline' },
});

export const copyright = style([
  container({ width: 'content' }),
  {
    marginTop: 0,
    marginBottom: 0,
    paddingTop: vars.space['4'],
    paddingBottom: vars.space['6'],
    borderTop: `${vars.size.border} solid ${vars.color.navyLight}`,
    fontSize: vars.fontSize.xs,
  },
]);
