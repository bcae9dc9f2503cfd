/**
 * The <ContactForm /> widget of content/pages/contact.mdx: glue between the form and its copy
 * (content/contact-form.ts, the contact email of content/site.ts) and the delivery chosen at build time.
 * The toaster lives here, so only /contact loads the toast and validation code.
 */
import { contactForm } from '../../../content/contact-form.ts';
import { site } from '../../../content/site.ts';
import type { ContactFormCopy } from '../../content/contact-form-schema.ts';
import { sendContact } from '../../forms/contact-delivery.ts';
import { createContactSchema } from '../../forms/contact-schema.ts';
import { Toaster } from '../Toasts/Toasts.tsx';
import { ContactFormView } from './ContactFormView.tsx';

const email = site.company.email;

const copy: ContactFormCopy = {
  ...contactForm,
  toasts: {
    ...contactForm.toasts,
    failed: { ...contactForm.toasts.failed, text: contactForm.toasts.failed.text.replaceAll('{email}', email) },
  },
};

const schema = createContactSchema(contactForm.errors);

export function ContactForm() {
  return (
    <>
      <ContactFormView copy={copy} email={email} schema={schema} send={sendContact} />
      <Toaster />
    </>
  );
}
