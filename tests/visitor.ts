/**
 * The one test visitor of every unit, built and end-to-end test: a valid value for each field of the table
 * (src/forms/contact-fields.ts), built from the table, so that a field added there is filled here and no test
 * that does not test it changes. A test that checks one field's value passes it as an override
 * (`validLead({ email: 'paul@example.com' })`).
 * Plain TypeScript over the table and the form's wording: Vitest, tsx and Playwright's Node loader all run it.
 */
import type { ContactField, ContactFieldName, ContactValues } from '../src/forms/contact-fields.ts';
import { contactForm } from '../src/content-data/contact-form.ts';
import { mapFields } from '../src/forms/map-fields.ts';

/** A valid value for each kind of field, by its autocomplete token, then by its input type. */
const byAutoComplete: Record<string, string> = {
  name: 'Jeanne Martin',
  email: 'jeanne.martin@example.com',
  tel: '+33 6 12 34 56 78',
  organization: 'Martin Conseil',
};
const byType: Record<ContactField['type'], string> = {
  text: 'Valeur de test',
  email: byAutoComplete.email!,
  tel: byAutoComplete.tel!,
  textarea: 'Je voudrais encaisser mes payouts sur une LLC.',
};

/** A value within the field's lengths: padded with letters up to its minimum, cut at its maximum. */
function sample(field: ContactField): string {
  const value = (field.autoComplete && byAutoComplete[field.autoComplete]) || byType[field.type];
  return value.padEnd(field.min ?? 0, 'a').slice(0, field.max);
}

/** A visitor's valid message, every field of the table filled, with `overrides` on top. */
export function validLead(overrides: Partial<ContactValues> = {}): ContactValues {
  return { ...mapFields(sample), ...overrides };
}

/** What a visitor reads beside each input: its label (content/contact-form.json), by field name. */
export const fieldLabels = (): Record<ContactFieldName, string> => mapFields((field) => contactForm.fields[field.name].label);

/** The inputs of the form as a visitor finds them: by their labels, matched whole (« Message » is part of other texts). */
export function contactInputs<L>(page: { getByLabel(text: string, options: { exact: true }): L }): Record<ContactFieldName, L> {
  const labels = fieldLabels();
  return mapFields((field) => page.getByLabel(labels[field.name], { exact: true }));
}

/** Types `values` (the valid visitor by default) into the form, field by field, as a visitor would. */
export async function fillContactForm(
  page: { getByLabel(text: string, options: { exact: true }): { fill(value: string): Promise<void> } },
  values: ContactValues = validLead(),
): Promise<void> {
  const inputs = contactInputs(page);
  for (const [name, input] of Object.entries(inputs)) await input.fill(values[name as ContactFieldName]);
}
