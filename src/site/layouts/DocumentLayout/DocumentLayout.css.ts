import { style } from '@vanilla-extract/css';
import { media, vars } from '../../styles/theme.css';

export const root = style({
  maxWidth: `calc(${vars.size.prose} + 2 * ${vars.space['5']})`,
  margin: '0 auto',
  padding: `${vars.space['7']} ${vars.space['4']} ${vars.space['8']}`,
  '@media': { [media.sm]: { padding: `${vars.space['8']} ${vars.space['5']} ${vars.space['9']}` } },
});
