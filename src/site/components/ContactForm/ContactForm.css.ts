import { style } from '@vanilla-extract/css';
import { recipe } from '@vanilla-extract/recipes';
import { button } from '../../styles/button.css';
import { controlBox } from '../../styles/control.css';
import { textLink } from '../../styles/link.css';
import { vars } from '../../styles/theme.css';

export const root = style({
  display: 'grid',
  gap: vars.space['5'],
  maxWidth: vars.size.prose,
  // The page's note on what happens to the data follows the form: keep it apart from the button.
  margin: `0 0 ${vars.space['5']}`,
});

export const field = style({ display: 'grid', gap: vars.space['2'] });

export const label = style({ fontWeight: vars.fontWeight.semibold, color: vars.color.navy });

export const control = recipe({
  base: [
    controlBox,
    {
      resize: 'vertical',
      '::placeholder': { color: vars.color.textMuted, opacity: 1 },
    },
  ],
  variants: {
    invalid: {
      true: {
        borderColor: vars.color.danger,
        boxShadow: `inset 0 0 0 ${vars.size.border} ${vars.color.danger}`,
        background: vars.color.dangerSoft,
      },
      false: {},
    },
  },
});

export const error = style({
  margin: 0,
  color: vars.color.danger,
  fontSize: vars.fontSize.sm,
  fontWeight: vars.fontWeight.semibold,
});

// Out of sight and out of the accessibility tree; bots reading the markup still see a field to fill.
export const honeypot = style({ display: 'none' });

export const note = style({
  margin: 0,
  padding: vars.space['3'],
  borderRadius: vars.radius.sm,
  background: vars.color.surface,
  color: vars.color.text,
  fontSize: vars.fontSize.sm,
});

// An email address is one long word: let it break rather than widen the note.
export const link = style([textLink, { overflowWrap: 'anywhere' }]);

// The form's grid would stretch the button across the column.
export const submit = style([button({ variant: 'primary' }), { justifySelf: 'start' }]);
