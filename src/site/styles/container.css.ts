import { recipe } from '@vanilla-extract/recipes';
import { media, vars } from './theme.css';

/**
 * The page's column: centred, with the same side gutters in every band so that header, sections
 * and footer line up. Only the sides: each band sets its own vertical padding.
 */
export const container = recipe({
  base: {
    marginLeft: 'auto',
    marginRight: 'auto',
    paddingLeft: vars.space['4'],
    paddingRight: vars.space['4'],
    '@media': { [media.sm]: { paddingLeft: vars.space['5'], paddingRight: vars.space['5'] } },
  },
  variants: {
    width: {
      /** Header, sections, footer: the full layout width. */
      content: { maxWidth: vars.size.content },
      /** A band of a few centred lines, read at a glance. */
      prose: { maxWidth: vars.size.prose },
    },
  },
  defaultVariants: { width: 'content' },
});
