import { style } from '@vanilla-extract/css';
import { vars } from './theme.css';

/** A link inside running text: blue and underlined, so it never depends on colour alone. */
export const textLink = style({
  color: vars.color.focus,
  textDecoration: 'underline',
  textUnderlineOffset: '0.15em',
  ':hover': { color: vars.color.navy },
});
