import { type FormEvent, type SyntheticEvent, useEffect, useRef, useState } from 'react';
import { flushSync } from 'react-dom';
import type { ContactFormCopy } from '../../../content/schema/contact-form-schema.ts';
import type { SendContact } from '../../../contact/contact-delivery.ts';
import { type ContactFieldName, contactFields, errorKey, honeypotName } from '../../../contact/contact-fields.ts';
import { type ContactErrors, type ContactSchema, validateContact } from '../../../contact/contact-schema.ts';
import { notify } from '../Toasts/Toasts.tsx';
import * as styles from './ContactForm.css';
import { propfirmPrefill } from './propfirm-prefill.ts';

export interface ContactFormViewProps {
  /** All the form's words; `{email}` already replaced by the contact address. */
  copy: ContactFormCopy;
  /** The contact address, linked from the note under the fields. */
  email: string;
  /**
   * The site's own receiver (`/api/contact`). Given, the pre-rendered form posts there by itself
   * (`method="post"`), so it sends without JavaScript and before hydration; once hydrated, the
   * submission is handled here. Absent (simulation, or a service on another site), the form needs
   * its JavaScript to send: the button waits for it.
   */
  action?: string;
  schema: ContactSchema;
  /** Delivers a valid message; rejects when it could not be delivered. */
  send: SendContact;
  /** The propfirms of the table whose links (`?propfirm=<name>`) start the message. */
  propfirms?: readonly string[];
}

const fieldId = (field: ContactFieldName | typeof honeypotName) => `contact-${field}`;
const errorId = (field: ContactFieldName) => `contact-${field}-error`;

/** Renders `text` with each `{email}` as a mailto link. */
function withEmailLink(text: string, email: string) {
  return text.split('{email}').flatMap((part, index) =>
    index === 0
      ? [part]
      : [
          // biome-ignore lint/suspicious/noArrayIndexKey: the pieces of one fixed sentence, never reordered.
          <a key={index} href={`mailto:${email}`} className={styles.link}>
            {email}
          </a>,
          part,
        ],
  );
}

/**
 * The contact form. Fields are uncontrolled: what a visitor types before the JavaScript has loaded
 * is kept, and nothing they type is ever rendered back as markup.
 */
export function ContactFormView({ copy, email, action, schema, send, propfirms = [] }: ContactFormViewProps) {
  const sending = useRef(false);
  const formRef = useRef<HTMLFormElement>(null);
  // When the visitor first used the form (focus or input in a field, not the button), for the time taken
  // sent with the message. Kept in memory only, never in the browser's storage.
  const firstUse = useRef<number | undefined>(undefined);
  const markFirstUse = ({ target }: SyntheticEvent<HTMLFormElement>) => {
    if (target instanceof HTMLInputElement || target instanceof HTMLTextAreaElement) firstUse.current ??= performance.now();
  };
  const [errors, setErrors] = useState<ContactErrors>({});
  const [submitting, setSubmitting] = useState(false);
  // False in the pre-rendered HTML: the page then relies on the browser's own checks
  // (required, type, minlength, maxlength, pattern), and either posts by itself (`action`) or
  // tells visitors without JavaScript how to reach us.
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);

  // Arrived from a propfirm's row of the table: the message names it, unless the visitor has already typed one.
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, with the address the page was opened at.
  useEffect(() => {
    const start = propfirmPrefill(window.location.search, propfirms, copy.propfirmPrefill);
    const message = formRef.current?.elements.namedItem('message');
    if (start !== undefined && message instanceof HTMLTextAreaElement && message.value === '') message.value = start;
  }, []);

  const clearError = (field: ContactFieldName) => {
    if (errors[field] !== undefined) setErrors(({ [field]: _cleared, ...rest }) => rest);
  };

  const handleSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    if (sending.current) return;
    const data = new FormData(form);
    const raw = Object.fromEntries(contactFields.map(({ name }) => [name, data.get(name) ?? '']));
    const result = validateContact(schema, raw);

    if (!result.success) {
      // Render the messages and aria-invalid first, so the focused field is announced with its error.
      flushSync(() => setErrors(result.errors));
      form.querySelector<HTMLElement>(`#${fieldId(result.firstInvalid)}`)?.focus();
      notify('error', copy.toasts.invalid);
      return;
    }

    setErrors({});
    // Nothing measured (typed before the script ran, then sent without touching a field): nothing sent.
    const elapsedMs = firstUse.current === undefined ? undefined : Math.round(performance.now() - firstUse.current);
    sending.current = true;
    setSubmitting(true);
    const honeypot = data.get(honeypotName);
    try {
      // A filled trap field is posted like any message: the receiver keeps it apart (quarantine) and the operator
      // is told; the visitor, person or bot, gets the same answer as anyone.
      await send(result.values, { elapsedMs, ...(typeof honeypot === 'string' && honeypot !== '' ? { honeypot } : {}) });
      form.reset();
      // The next message is timed from its own first use.
      firstUse.current = undefined;
      notify('success', copy.toasts.sent);
    } catch {
      notify('error', copy.toasts.failed);
    } finally {
      sending.current = false;
      setSubmitting(false);
    }
  };

  return (
    <form
      ref={formRef}
      className={styles.root}
      method={action ? 'post' : undefined}
      action={action}
      noValidate={hydrated}
      onSubmit={handleSubmit}
      onFocus={markFirstUse}
      onInput={markFirstUse}
    >
      {contactFields.map((field) => {
        const { name } = field;
        const error = errors[name];
        const common = {
          id: fieldId(name),
          name,
          required: true,
          minLength: field.min,
          // Without JavaScript the browser enforces the limit; with it, the schema's message explains it.
          maxLength: hydrated ? undefined : field.max,
          // The schema's own pattern; its message is the browser's hint until the schema's takes over.
          ...(field.pattern ? { pattern: field.pattern, title: hydrated ? undefined : copy.errors[errorKey(field, 'Invalid')] } : {}),
          placeholder: copy.fields[name].placeholder,
          'aria-invalid': error ? true : undefined,
          'aria-describedby': error ? errorId(name) : undefined,
          className: styles.control({ invalid: Boolean(error) }),
          onChange: () => clearError(name),
        } as const;
        return (
          <div key={name} className={styles.field}>
            <label htmlFor={fieldId(name)} className={styles.label}>
              {copy.fields[name].label}
            </label>
            {field.type === 'textarea' ? (
              <textarea rows={field.rows} {...common} />
            ) : (
              <input type={field.type} autoComplete={field.autoComplete} {...common} />
            )}
            {error ? (
              <p id={errorId(name)} className={styles.error}>
                {error}
              </p>
            ) : null}
          </div>
        );
      })}

      <div className={styles.honeypot}>
        <label htmlFor={fieldId(honeypotName)}>{copy.fields.honeypot}</label>
        <input id={fieldId(honeypotName)} name={honeypotName} type="text" tabIndex={-1} autoComplete="off" />
      </div>

      {/* With the receiver the form always sends, so its note (the email, as another way) stays true. */}
      {action ? (
        <p className={styles.note}>{withEmailLink(copy.noScriptPost, email)}</p>
      ) : hydrated ? null : (
        <p className={styles.note}>{withEmailLink(copy.noScript, email)}</p>
      )}

      <button type="submit" className={styles.submit} disabled={(!action && !hydrated) || submitting}>
        {submitting ? copy.submit.submitting : copy.submit.idle}
      </button>
    </form>
  );
}
