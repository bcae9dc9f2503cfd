import { style } from '@vanilla-extract/css';

/**
 * A list laid out as a grid of cards, steps or figures: no bullets, no indent.
 * A zero-width marker instead of `none`: Safari drops list semantics from lists without markers.
 */
export const plainList = style({
  margin: 0,
  padding: 0,
  listStyleType: '"\\200B"',
});
