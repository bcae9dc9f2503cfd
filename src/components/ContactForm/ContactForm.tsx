/**
 * The <ContactForm /> widget of content/pages/contact.mdx. It is an island (src/islands/): the only
 * part of the site hydrated by React in the browser. This glue gives it its copy
 * (content/contact-form.ts), the contact email of content/site.ts and, when the site runs its own
 * receiver, the address the form posts to without JavaScript, as JSON-able props.
 */
import { contactForm } from '../../../content/contact-form.ts';
import { site } from '../../../content/site.ts';
import { contactEndpoint, formPostAction } from '../../forms/contact-delivery.ts';
import { Island } from '../../islands/Island.tsx';
import { ContactFormIsland, type ContactFormIslandProps } from './ContactFormIsland.tsx';

const email = site.company.email;

const props: ContactFormIslandProps = {
  copy: {
    ...contactForm,
    toasts: {
      ...contactForm.toasts,
      failed: { ...contactForm.toasts.failed, text: contactForm.toasts.failed.text.replaceAll('{email}', email) },
    },
  },
  email,
  action: formPostAction(contactEndpoint),
};

const errorCopy = {
  title: site.error.title,
  text: site.error.text,
  home: site.error.home,
  contact: { label: site.error.contact, to: site.nav.cta.to },
};

export function ContactForm() {
  return <Island name="contact-form" component={ContactFormIsland} props={props} errorCopy={errorCopy} />;
}
