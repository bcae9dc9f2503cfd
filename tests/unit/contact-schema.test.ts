import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { contactForm } from '../../src/content/data/contact-form.ts';
import { contactFormCopySchema } from '../../src/content/schema/contact-form-schema.ts';
import { type ContactFieldName, contactFields } from '../../src/contact/contact-fields.ts';
import { createContactSchema, validateContact } from '../../src/contact/contact-schema.ts';
import { present } from '../fixtures/present.ts';
import { validLead } from '../fixtures/visitor.ts';

const schema = createContactSchema(contactForm.errors);

const valid = validLead();

/** The message shown for `field` when it holds `value` and every other field is valid, or null. */
function errorFor(field: ContactFieldName, value: string): string | null {
  const result = validateContact(schema, { ...valid, [field]: value });
  return result.success ? null : (result.errors[field] ?? null);
}

const email = (length: number) => `${'a'.repeat(length - '@example.com'.length)}@example.com`;

describe('contact form copy', () => {
  it('is valid against its schema', () => {
    expect(v.safeParse(contactFormCopySchema, contactForm).issues).toBeUndefined();
  });

  it('uses the exact specified wording', () => {
    expect(contactForm.submit).toEqual({ idle: 'Envoyer le message', submitting: 'Envoi en cours...' });
    expect(contactForm.toasts.invalid).toEqual({
      title: 'Erreur de validation',
      text: 'Veuillez corriger les erreurs dans le formulaire.',
    });
    expect(contactForm.toasts.sent).toEqual({
      title: 'Message envoyé\u202f!',
      text: 'Nous vous contacterons dans les plus brefs délais.',
    });
  });
});

describe('contact schema', () => {
  it('accepts a valid message and returns the values trimmed', () => {
    const result = validateContact(schema, {
      name: '  Jeanne Martin ',
      email: ' jeanne.martin@example.com\n',
      phone: '\t+33 6 12 34 56 78 ',
      message: `  ${valid.message}  `,
    });
    expect(result).toEqual({ success: true, values: valid });
  });

  it.each([
    // [field, value, expected message or null]
    ['name', 'J', 'Le nom doit contenir au moins 2 caractères'],
    ['name', 'Jo', null],
    ['name', '', 'Le nom doit contenir au moins 2 caractères'],
    ['name', '    ', 'Le nom doit contenir au moins 2 caractères'],
    ['name', '   J   ', 'Le nom doit contenir au moins 2 caractères'],
    ['name', '   Jo   ', null],
    ['name', 'a'.repeat(99), null],
    ['name', 'a'.repeat(100), null],
    ['name', 'a'.repeat(101), 'Le nom est trop long'],
    ['name', ` ${'a'.repeat(100)} `, null],
    ['email', '', 'Adresse email invalide'],
    ['email', '   ', 'Adresse email invalide'],
    ['email', 'jeanne', 'Adresse email invalide'],
    ['email', 'jeanne@', 'Adresse email invalide'],
    ['email', 'jeanne@example', 'Adresse email invalide'],
    ['email', 'je anne@example.com', 'Adresse email invalide'],
    ['email', '  jeanne@example.com  ', null],
    ['email', email(254), null],
    ['email', email(255), null],
    ['email', email(256), 'L’email est trop long'],
    ['email', ` ${email(255)} `, null],
    ['phone', '061234567', 'Numéro de téléphone invalide'],
    ['phone', '0612345678', null],
    ['phone', '          ', 'Numéro de téléphone invalide'],
    ['phone', ' 061234567 ', 'Numéro de téléphone invalide'],
    ['phone', ' 0612345678 ', null],
    ['phone', '0'.repeat(19), null],
    ['phone', '0'.repeat(20), null],
    ['phone', '0'.repeat(21), 'Numéro de téléphone trop long'],
    ['phone', `  ${'0'.repeat(20)}  `, null],
    ['phone', '+1 (555) 123-4567', null],
    ['phone', '06.12.34.56.78', null],
    ['phone', '06-12-34-56-78', null],
    ['phone', 'abcdefghijkl', 'Numéro de téléphone invalide'],
    ['phone', '06 12 34 56 7a', 'Numéro de téléphone invalide'],
    ['phone', '33+612345678', null],
    ['phone', '---------1', 'Numéro de téléphone invalide'],
    ['message', '123456789', 'Le message doit contenir au moins 10 caractères'],
    ['message', '1234567890', null],
    ['message', '\n\n\n\n\n\n\n\n\n\n\n', 'Le message doit contenir au moins 10 caractères'],
    ['message', '   123456789   ', 'Le message doit contenir au moins 10 caractères'],
    ['message', 'm'.repeat(999), null],
    ['message', 'm'.repeat(1000), null],
    ['message', 'm'.repeat(1001), 'Le message est trop long'],
    ['message', ` ${'m'.repeat(1000)}\n`, null],
  ] as const)('%s = %j → %s', (field, value, expected) => {
    expect(errorFor(field, value)).toBe(expected);
  });

  /**
   * Visitor text stays data: a name holding an OSC 52 sequence would set the operator's clipboard when
   * `npm run leads` prints it, a line break in a one-line field would fake a field in the email, a bidi
   * override reorders what the operator reads. Each gets the field's own « invalide » message.
   */
  const nameInvalid = contactForm.errors.nameInvalid;
  const messageInvalid = contactForm.errors.messageInvalid;
  it.each([
    ['name', 'Jeanne\u001b]52;c;ZWNobyBwd25lZA==\u0007', nameInvalid],
    ['name', 'Jeanne\u001b[1AMartin', nameInvalid],
    ['name', 'Jeanne\nTéléphone : 01 99 00 00 00', nameInvalid],
    ['name', 'Jeanne\r\nMartin', nameInvalid],
    ['name', 'Jeanne\rMartin', nameInvalid],
    ['name', 'Jeanne\u2028Martin', nameInvalid],
    ['name', 'Jeanne\u0085Martin', nameInvalid],
    ['name', 'Jeanne\u009b1AMartin', nameInvalid],
    ['name', 'Jeanne\u007fMartin', nameInvalid],
    ['name', 'Jeanne\u0000Martin', nameInvalid],
    ['name', 'Jeanne \u202enitraM', nameInvalid],
    ['name', 'Jeanne \u2066Martin\u2069', nameInvalid],
    ['name', 'Jeanne\tMartin', null],
    ['name', 'Jeanne Martin\n', null],
    ['name', 'Zoë O’Brien-Åström', null],
    ['name', 'J\u001b', nameInvalid],
    ['email', 'jeanne@example.com\nBcc: x@example.com', 'Adresse email invalide'],
    ['email', 'jeanne\u202e@example.com', 'Adresse email invalide'],
    ['phone', '06 12 34 56 78\n06', 'Numéro de téléphone invalide'],
    ['phone', '06\u001b12345678', 'Numéro de téléphone invalide'],
    ['message', 'Bonjour,\nUne question :\tles délais ?\r\nMerci.', null],
    ['message', 'Bonjour,\u2028deuxième ligne.', null],
    ['message', 'Bonjour \u001b]52;c;ZWNobyBwd25lZA==\u0007 à vous', messageInvalid],
    ['message', 'Bonjour \u001b[2J à vous, merci', messageInvalid],
    ['message', 'Bonjour, \u202eà vous, merci', messageInvalid],
    ['message', 'Bonjour \u0008\u0008 à vous, merci', messageInvalid],
  ] as const)('%s = %j → %s (characters)', (field, value, expected) => {
    expect(errorFor(field, value)).toBe(expected);
  });

  /**
   * Addresses and numbers as people really type them, and the junk that must not pass.
   * Email: the WHATWG "valid e-mail address" rule plus a dot in the domain and no stray dot in the local part.
   * Phone: after trimming, only digits, spaces and + ( ) . -, 10 to 20 characters.
   */
  const emailInvalid = 'Adresse email invalide';
  it.each([
    ['jeanne.martin@example.com', null],
    ["o'brien@exemple.fr", null],
    ["d'artagnan.charles@exemple.fr", null],
    ['jean+propfirm@exemple.fr', null],
    ['jean@xn--caf-dma.fr', null],
    ['ivan@exemple.xn--p1ai', null],
    ['marie@mail.bureau.exemple.co.uk', null],
    ['JEAN.DUPONT@EXEMPLE.FR', null],
    ['jean_dupont-2@sous-domaine.exemple.fr', null],
    ['j@exemple.fr', null],
    ['1990@exemple.fr', null],
    ['  jeanne@example.com\n', null],
    ['', emailInvalid],
    ['jeanne', emailInvalid],
    ['jeanne@', emailInvalid],
    ['@exemple.fr', emailInvalid],
    ['jeanne@example', emailInvalid],
    ['jeanne@localhost', emailInvalid],
    ['je anne@example.com', emailInvalid],
    ['jeanne@exa mple.com', emailInvalid],
    ['jean..dupont@exemple.fr', emailInvalid],
    ['.jean@exemple.fr', emailInvalid],
    ['jean.@exemple.fr', emailInvalid],
    ['jean@exemple..fr', emailInvalid],
    ['jean@exemple.fr.', emailInvalid],
    ['jean@@exemple.fr', emailInvalid],
    ['jean@-exemple.fr', emailInvalid],
    ['jean@exemple,fr', emailInvalid],
    ['jean@exemple.fr jean@autre.fr', emailInvalid],
    ['jean<b>@exemple.fr', emailInvalid],
  ] as const)('email %j → %s', (value, expected) => {
    expect(errorFor('email', value)).toBe(expected);
  });

  const phoneInvalid = 'Numéro de téléphone invalide';
  it.each([
    ['+33 6 12 34 56 78', null],
    ['06 12 34 56 78', null],
    ['0612345678', null],
    ['06.12.34.56.78', null],
    ['06-12-34-56-78', null],
    ['+33 (0)6 12 34 56 78', null],
    ['+33612345678', null],
    ['0033 6 12 34 56 78', null],
    ['+1 (555) 010-0199', null],
    ['+44 20 7946 0958', null],
    ['+32 2 555 12 12', null],
    ['+212 6 12 34 56 78', null],
    ['\t06 12 34 56 78\n', null],
    ['abcdefghij', phoneInvalid],
    ['06 12 34 ab cd', phoneInvalid],
    ['06 12 34 56 78 poste 12', phoneInvalid],
    ['06 12 34 56 78 / 07 12', phoneInvalid],
    ['06_12_34_56_78', phoneInvalid],
    ['06\t12\t34\t56\t78', phoneInvalid],
    ['06 12 34 56 78#', phoneInvalid],
    ['+33 6 12 34 56 7☎', phoneInvalid],
    ['----------', phoneInvalid],
    ['(((  )))+.-', phoneInvalid],
    ['+33 (0) 6 1', phoneInvalid],
    ['', phoneInvalid],
    ['061234567', phoneInvalid],
    ['0'.repeat(21), 'Numéro de téléphone trop long'],
    ['+33 6 12 34 56 78 90 12', 'Numéro de téléphone trop long'],
  ] as const)('phone %j → %s', (value, expected) => {
    expect(errorFor('phone', value)).toBe(expected);
  });

  it('reports every invalid field at once, one message each, and names the first invalid field', () => {
    const result = validateContact(schema, { name: '', email: '', phone: '', message: '' });
    expect(result).toEqual({
      success: false,
      firstInvalid: 'name',
      errors: {
        name: 'Le nom doit contenir au moins 2 caractères',
        email: 'Adresse email invalide',
        phone: 'Numéro de téléphone invalide',
        message: 'Le message doit contenir au moins 10 caractères',
      },
    });
    const partial = validateContact(schema, { ...valid, phone: '1', message: '' });
    expect(partial.success === false && partial.firstInvalid).toBe('phone');
  });

  it('treats a missing field as empty', () => {
    expect(validateContact(schema, { name: valid.name })).toMatchObject({
      success: false,
      firstInvalid: 'email',
    });
  });

  it('counts emoji and right-to-left text as text, and refuses a long run of control characters without choking', () => {
    expect(errorFor('name', '😀😀')).toBeNull();
    expect(errorFor('name', 'مرحبا')).toBeNull();
    expect(errorFor('message', '<script>alert(1)</script>')).toBeNull();
    expect(errorFor('message', '\u0000\u0007\u202E'.repeat(3_334))).toBe(contactForm.errors.messageInvalid);
  });

  it('applies the phone pattern written into the HTML as the browser does: whole value, `v` flag', () => {
    // What a browser does with a `pattern` attribute (HTML: "compiling a pattern attribute").
    const pattern = present(contactFields.find((field) => field.name === 'phone')?.pattern, 'the phone pattern');
    const browser = new RegExp(`^(?:${pattern})$`, 'v');
    for (const value of ['+33 6 12 34 56 78', ' 0612345678 ', '+1 (555) 123-4567', '06 12 34 56 7a', 'abcdefghijkl', '---------1']) {
      expect(browser.test(value), value).toBe(errorFor('phone', value) === null);
    }
  });

  it('matches the limits written into the HTML for visitors without JavaScript', () => {
    const limits = Object.fromEntries(contactFields.map(({ name, min, max }) => [name, min === undefined ? { max } : { min, max }]));
    expect(limits).toEqual({
      name: { min: 2, max: 100 },
      email: { max: 255 },
      phone: { min: 10, max: 20 },
      message: { min: 10, max: 1000 },
    });
  });
});
