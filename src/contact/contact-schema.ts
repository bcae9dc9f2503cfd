/**
 * The one validation schema of the contact form, built from the field table (./contact-fields.ts). Line
 * breaks are normalised to `\n` and values are trimmed before any rule runs, so "   " is empty and " Jo "
 * counts 2 characters; the normalised, trimmed values are what gets sent.
 * Messages come from content/contact-form.json (passed in, so this file holds no copy).
 */
import * as v from 'valibot';
import type { ContactFormCopy } from '../content/schema/contact-form-schema.ts';
import {
  acceptsText,
  type ContactField,
  type ContactFieldName,
  contactFields,
  type ContactValues,
  errorKey,
} from './contact-fields.ts';
import { mapFields } from './map-fields.ts';

export type ContactErrors = Partial<Record<ContactFieldName, string>>;

/** A pattern as the browser applies it to a whole value. */
const patternRegExp = (pattern: string) => new RegExp(`^(?:${pattern})$`, 'v');

/**
 * On top of the WHATWG "valid e-mail address" rule (valibot's `rfcEmail`, what `<input type="email">`
 * checks), which lets through `jean..dupont@exemple.fr` and `jean@localhost`: the local part is dot
 * atoms (no leading, trailing or doubled dot) and the domain has at least one dot. Apostrophes, `+`,
 * subdomains and punycode (`xn--`) domains stay valid.
 */
const emailShape = /^[^.@]+(?:\.[^.@]+)*@[^@]+\.[^@]+$/;

// A missing field (not a string) is treated as empty, so it gets its field's "too short" message.
// Line breaks become `\n` before anything is counted: a textarea's `maxlength` counts a line break as one
// character, and the browser then posts it as CRLF (two), so a message the form allowed would be refused.
const trimmed = v.pipe(
  v.optional(v.string(), ''),
  v.transform((value) => value.replace(/\r\n?/g, '\n')),
  v.trim(),
);

/**
 * A field's rules; the first one broken gives the message (a letter in a phone number, an escape character
 * in a name say « invalide » whatever the length).
 */
function fieldSchema(field: ContactField, messages: ContactFormCopy['errors']) {
  const invalid = () => messages[errorKey(field, 'Invalid')];
  // First, whatever the field: a control character or a bidi override (a line break in a one-line field).
  const rules: v.PipeItem<string, string, v.BaseIssue<unknown>>[] = [v.check((value) => acceptsText(field, value), invalid())];
  if (field.type === 'email') rules.push(v.rfcEmail(invalid()), v.regex(emailShape, invalid()));
  if (field.characters) rules.push(v.regex(field.characters, invalid()));
  if (field.min !== undefined) rules.push(v.minLength(field.min, messages[errorKey(field, 'TooShort')]));
  rules.push(v.maxLength(field.max, messages[errorKey(field, 'TooLong')]));
  if (field.pattern) rules.push(v.regex(patternRegExp(field.pattern), invalid()));
  return v.pipe(trimmed, ...rules);
}

export function createContactSchema(messages: ContactFormCopy['errors']) {
  return v.object(mapFields((field) => fieldSchema(field, messages)));
}

export type ContactSchema = ReturnType<typeof createContactSchema>;

export type ContactValidation =
  | { success: true; values: ContactValues }
  | { success: false; errors: ContactErrors; firstInvalid: ContactFieldName };

/** Validates raw form values: trimmed values, or one message per invalid field (the first rule it breaks). */
export function validateContact(schema: ContactSchema, input: Partial<Record<ContactFieldName, unknown>>): ContactValidation {
  const result = v.safeParse(schema, input);
  if (result.success) return { success: true, values: result.output };
  const errors: ContactErrors = {};
  for (const issue of result.issues) {
    const key = issue.path?.[0]?.key;
    const field = contactFields.find(({ name }) => name === key);
    if (field && errors[field.name] === undefined) errors[field.name] = issue.message;
  }
  const firstInvalid = contactFields.find(({ name }) => errors[name] !== undefined)?.name ?? 'name';
  return { success: false, errors, firstInvalid };
}
