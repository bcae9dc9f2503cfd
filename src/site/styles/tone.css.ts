import { assignVars, style } from '@vanilla-extract/css';
import { vars } from './theme.css';

/**
 * Put on a navy band (header, hero, closing call to action, footer): headings, text and the focus
 * ring switch to light colours for everything inside, Markdown included, because they read the
 * `vars.tone` slots instead of fixed colours. The band sets its own background.
 */
export const onDark = style({
  vars: assignVars(vars.tone, {
    heading: vars.color.white,
    text: vars.color.navyText,
    // The page's blue ring is too dark to see on navy.
    focus: vars.color.white,
  }),
  color: vars.tone.text,
});
