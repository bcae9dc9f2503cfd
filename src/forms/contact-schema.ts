/**
 * The one validation schema of the contact form. Line breaks are normalised to `\n` and values are
 * trimmed before any rule runs, so "   " is empty and " Jo " counts 2 characters; the normalised,
 * trimmed values are what gets sent.
 * Messages come from content/contact-form.json (passed in, so this file holds no copy).
 * Lengths are counted like the browser's own `minlength`/`maxlength` (UTF-16 code units).
 */
import * as v from 'valibot';
import type { ContactFormCopy } from '../content-schema/contact-form-schema.ts';

/** Also written into the HTML (`minlength`/`maxlength`) for visitors without JavaScript. */
export const contactLimits = {
  name: { min: 2, max: 100 },
  email: { max: 255 },
  phone: { min: 10, max: 20 },
  message: { min: 10, max: 1000 },
} as const;

/**
 * Patterns of the fields, written as an HTML `pattern` attribute is: the browser anchors it
 * (`^(?:…)$`) and compiles it with the `v` flag, and `patternRegExp` does the same for the schema,
 * so the page without JavaScript and the schema accept the same values. A phone number: only digits,
 * spaces and + ( ) . -, with at least `phoneMinDigits` digits (the shortest international numbers have
 * 8 with their country code: fewer is punctuation, not a number). Leading and trailing spaces are
 * allowed: the browser checks the raw value, the schema the trimmed one.
 * (Email has no pattern: `type="email"` is the browser's own check; see docs/operations.md.)
 */
const phoneMinDigits = 8;
export const contactPatterns = {
  phone: String.raw`\s*[ +.\-\(\)]*(?:[0-9][ +.\-\(\)]*){${phoneMinDigits},}\s*`,
} as const;

/** A pattern as the browser applies it to a whole value. */
const patternRegExp = (pattern: string) => new RegExp(`^(?:${pattern})$`, 'v');

export const contactFieldNames = ['name', 'email', 'phone', 'message'] as const;
export type ContactFieldName = (typeof contactFieldNames)[number];
export type ContactValues = Record<ContactFieldName, string>;
export type ContactErrors = Partial<Record<ContactFieldName, string>>;

/**
 * On top of the WHATWG "valid e-mail address" rule (valibot's `rfcEmail`, what `<input type="email">`
 * checks), which lets through `jean..dupont@exemple.fr` and `jean@localhost`: the local part is dot
 * atoms (no leading, trailing or doubled dot) and the domain has at least one dot. Apostrophes, `+`,
 * subdomains and punycode (`xn--`) domains stay valid.
 */
const emailShape = /^[^.@]+(?:\.[^.@]+)*@[^@]+\.[^@]+$/;

/** What people type in a phone number: digits, spaces and + ( ) . - only. */
const phoneCharacters = /^[\d +().-]*$/;

export function createContactSchema(messages: ContactFormCopy['errors']) {
  const { name, email, phone, message } = contactLimits;
  // A missing field (not a string) is treated as empty, so it gets its field's "too short" message.
  // Line breaks become `\n` before anything is counted: a textarea's `maxlength` counts a line break as one
  // character, and the browser then posts it as CRLF (two), so a message the form allowed would be refused.
  const trimmed = v.pipe(
    v.optional(v.string(), ''),
    v.transform((value) => value.replace(/\r\n?/g, '\n')),
    v.trim(),
  );
  return v.object({
    name: v.pipe(trimmed, v.minLength(name.min, messages.nameTooShort), v.maxLength(name.max, messages.nameTooLong)),
    email: v.pipe(
      trimmed,
      v.rfcEmail(messages.emailInvalid),
      v.regex(emailShape, messages.emailInvalid),
      v.maxLength(email.max, messages.emailTooLong),
    ),
    // The first broken rule gives the message: a letter or a symbol says "invalide" whatever the length.
    phone: v.pipe(
      trimmed,
      v.regex(phoneCharacters, messages.phoneInvalid),
      v.minLength(phone.min, messages.phoneTooShort),
      v.maxLength(phone.max, messages.phoneTooLong),
      v.regex(patternRegExp(contactPatterns.phone), messages.phoneInvalid),
    ),
    message: v.pipe(trimmed, v.minLength(message.min, messages.messageTooShort), v.maxLength(message.max, messages.messageTooLong)),
  });
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
    const field = contactFieldNames.find((name) => name === key);
    if (field && errors[field] === undefined) errors[field] = issue.message;
  }
  const firstInvalid = contactFieldNames.find((name) => errors[name] !== undefined) ?? 'name';
  return { success: false, errors, firstInvalid };
}
