/**
 * The contact form as an island: the form and its toasts, from JSON-able props only (its copy and the
 * contact email), so the pre-rendered HTML and the browser render the same tree. Validation, toasts
 * and delivery load with this island, on /contact only.
 */
import { useMemo } from 'react';
import type { ContactFormCopy } from '../../../content/schema/contact-form-schema.ts';
import { sendContact } from '../../../contact/contact-delivery.ts';
import { createContactSchema } from '../../../contact/contact-schema.ts';
import { Toaster } from '../Toasts/Toasts.tsx';
import { ContactFormView } from './ContactFormView.tsx';

export interface ContactFormIslandProps {
  /** All the form's words; `{email}` already replaced by the contact address. */
  copy: ContactFormCopy;
  email: string;
  /** The site's own receiver (`/api/contact`): the form also posts there without JavaScript. */
  action?: string;
  /** The propfirms of the table, whose links name one in the message. */
  propfirms: readonly string[];
}

export function ContactFormIsland({ copy, email, action, propfirms }: ContactFormIslandProps) {
  const schema = useMemo(() => createContactSchema(copy.errors), [copy.errors]);
  return (
    <>
      <ContactFormView copy={copy} email={email} action={action} schema={schema} send={sendContact} propfirms={propfirms} />
      <Toaster />
    </>
  );
}
