import { style } from '@vanilla-extract/css';
import { media, vars } from '../../styles/theme.css';

export const root = style({
  background: vars.color.navy,
  color: vars.color.navyText,
  fontSize: vars.fontSize.sm,
  borderTop: `${vars.size.border} solid ${vars.color.navyLight}`,
});

export const inner = style({
  display: 'grid',
  gap: vars.space['6'],
  maxWidth: vars.size.content,
  margin: '0 auto',
  padding: `${vars.space['7']} ${vars.space['4']} ${vars.space['6']}`,
  '@media': {
    [media.sm]: { gridTemplateColumns: '1fr 1fr', padding: `${vars.space['8']} ${vars.space['5']} ${vars.space['6']}` },
    [media.lg]: { gridTemplateColumns: '2fr 1fr 1fr' },
  },
});

export const about = style({
  '@media': { [media.sm]: { gridColumn: '1 / -1' }, [media.lg]: { gridColumn: 'auto' } },
});

export const brand = style({
  margin: `0 0 ${vars.space['2']}`,
  color: vars.color.white,
  fontSize: vars.fontSize.lg,
  fontWeight: vars.fontWeight.bold,
});

export const blurb = style({ margin: 0, maxWidth: vars.size.blurb });

export const column = style({});

export const title = style({
  margin: `0 0 ${vars.space['2']}`,
  color: vars.color.white,
  fontSize: vars.fontSize.sm,
  fontWeight: vars.fontWeight.semibold,
  textTransform: 'uppercase',
  letterSpacing: '0.06em',
});

export const list = style({ margin: 0, padding: 0, listStyle: 'none' });

export const link = style({
  display: 'inline-flex',
  alignItems: 'center',
  minHeight: vars.size.target,
  color: vars.color.navyText,
  textDecoration: 'none',
  ':hover': { color: vars.color.white, textDecoration: 'underline' },
  selectors: { '&:focus-visible': { outlineColor: vars.color.white } },
});

export const copyright = style({
  maxWidth: vars.size.content,
  margin: '0 auto',
  padding: `${vars.space['4']} ${vars.space['4']} ${vars.space['6']}`,
  borderTop: `${vars.size.border} solid ${vars.color.navyLight}`,
  fontSize: vars.fontSize.xs,
  '@media': { [media.sm]: { paddingLeft: vars.space['5'], paddingRight: vars.space['5'] } },
});
