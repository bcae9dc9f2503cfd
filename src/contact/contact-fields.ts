/**
 * The contact form's fields, declared once. The schema (./contact-schema.ts), the form's inputs, the
 * receiver's labels and pages, the email and the webhook, the lead stores and the operator's inbox all map
 * over this table, and `ContactValues` derives from it: a field cannot be dropped on the way.
 *
 * Adding a field: an entry here; its wording in content/contact-form.json (`fields.<name>`, and one
 * message per rule it has in `errors`: `npm run check` names each missing key), and a shorter inbox header in
 * `columns.<name>` of ops/leads/lines.ts if the label is long; in D1, a migration
 * src/hosts/cloudflare/migrations/000N_<name>.sql (`ALTER TABLE leads ADD COLUMN <name> TEXT NOT NULL DEFAULT '';`,
 * which tests/integration/lead-store.test.ts asks for); a sample in `validLead()` (tests/fixtures/visitor.ts) only if its
 * rules need one; and a test of what is particular to it (tests/unit/contact-fields.test.tsx shows an added field
 * reaching every consumer). Every field is required. No French here: words come from content/.
 */

/** What a field needs, from its HTML attributes to the rules the schema applies. */
interface ContactFieldSpec {
  /**
   * The input's `name`, the value's key everywhere (JSON, webhook, lead files, D1 column), and the key of
   * its wording: `fields.<name>` and `errors.<name>TooShort|Invalid|TooLong` in content/contact-form.json.
   */
  readonly name: string;
  /** The input's `type`, or `textarea` for text on several lines (shown apart in the email and the inbox). */
  readonly type: 'text' | 'email' | 'tel' | 'textarea';
  readonly autoComplete?: string;
  /** A textarea's height. */
  readonly rows?: number;
  /** Lengths counted like the browser's `minlength`/`maxlength` (UTF-16 code units), also written into the HTML. */
  readonly min?: number;
  readonly max: number;
  /**
   * The characters the value may hold, checked after the rule every field has (see `acceptsText`): a letter in
   * a phone number is « invalide » whatever its length.
   */
  readonly characters?: RegExp;
  /**
   * An HTML `pattern` attribute, with the field's `Invalid` message as the browser's hint. The schema
   * compiles it as browsers do (whole value, `v` flag), so the page without JavaScript and the schema
   * accept the same values. Leading and trailing spaces must be allowed: the browser checks the raw value,
   * the schema the trimmed one.
   */
  readonly pattern?: string;
}

/**
 * A phone number: only digits, spaces and + ( ) . -, with at least this many digits (the shortest
 * international numbers have 8 with their country code: fewer is punctuation, not a number).
 */
const phoneMinDigits = 8;

/**
 * The fields, in the form's order. Email has no pattern: `type="email"` is the browser's check, and the
 * schema adds its own on top (see docs/operations.md).
 */
const table = [
  { name: 'name', type: 'text', autoComplete: 'name', min: 2, max: 100 },
  { name: 'email', type: 'email', autoComplete: 'email', max: 255 },
  {
    name: 'phone',
    type: 'tel',
    autoComplete: 'tel',
    min: 10,
    max: 20,
    characters: /^[\d +().-]*$/,
    pattern: String.raw`\s*[ +.\-\(\)]*(?:[0-9][ +.\-\(\)]*){${phoneMinDigits},}\s*`,
  },
  { name: 'message', type: 'textarea', rows: 6, min: 10, max: 1000 },
] as const satisfies readonly ContactFieldSpec[];

type TableEntry = (typeof table)[number];
export type ContactFieldName = TableEntry['name'];
export type ContactValues = Record<ContactFieldName, string>;

export type ContactField = ContactFieldSpec & { readonly name: ContactFieldName };

/**
 * The table as code maps over it (without its literal types). Code that maps over the fields imports this
 * and keeps no list of its own, so that a test can hand every module one table with an extra field.
 */
export const contactFields: readonly ContactField[] = table;

/**
 * Visitor text stays data: what a terminal, a mail client or a spreadsheet would act on never gets in. Every
 * field refuses control characters (C0 but tab and line feed, DEL, C1) and the bidirectional overrides and
 * isolates (U+202A–U+202E, U+2066–U+2069), which reorder what the operator reads; a one-line field also
 * refuses line breaks (U+2028 and U+2029 included), which would fake a field in the email. Values are checked
 * after CR LF and CR became LF (./contact-schema.ts), so a CR is a line break here.
 */
// biome-ignore lint/suspicious/noControlCharactersInRegex: these characters are exactly what the rule refuses.
const refusedEverywhere = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/;
const lineBreak = /[\n\r\u2028\u2029]/;

/** Whether a field may hold this (normalised) value's characters: the rule every field has, before its own. */
export const acceptsText = (field: ContactFieldSpec, value: string): boolean =>
  !refusedEverywhere.test(value) && (field.type === 'textarea' || !lineBreak.test(value));

/**
 * A rule a field may break; its message is `errors.<name><rule>` in content/contact-form.json. Every field has
 * `Invalid` (characters it refuses, see `acceptsText`) and `TooLong`.
 */
type Rule = 'TooShort' | 'Invalid' | 'TooLong';

type ErrorKeysOf<F> = F extends { readonly name: infer N extends string }
  ? (F extends { readonly min: number } ? `${N}TooShort` : never) | `${N}Invalid` | `${N}TooLong`
  : never;
/** The keys of `errors` in content/contact-form.json: one per rule of each field. */
export type ContactErrorKey = ErrorKeysOf<TableEntry>;

const hasRule = (field: ContactFieldSpec, rule: Rule) => (rule === 'TooShort' ? field.min !== undefined : true);

/** The key of a field's message for a rule it has. */
export const errorKey = (field: ContactField, rule: Rule) => `${field.name}${rule}` as ContactErrorKey;

/** The rules a field has, in the order their messages are written. */
export const errorKeysOf = (field: ContactField): ContactErrorKey[] =>
  (['TooShort', 'Invalid', 'TooLong'] as const).filter((rule) => hasRule(field, rule)).map((rule) => errorKey(field, rule));

/** The trap field only bots fill in: a name form-filling bots like to complete. */
export const honeypotName = 'website';

/**
 * The form script's measure of the time a visitor took, in milliseconds from the form's first use (first focus or
 * input in a field) to its sending: posted beside the fields to the site's own receiver only, read there apart as
 * a spam signal (src/api/contact/spam/elapsed.ts) and never stored as a field of the lead.
 */
export const elapsedName = '_elapsed';
