/**
 * The <ContactForm /> widget of content/pages/contact.mdx. It is an island (src/site/islands/): the only
 * part of the site hydrated in the browser, by Preact's React-compatible API (vite.client.config.ts). This glue gives it its copy
 * (content/contact-form.json), the contact email of content/company.json and, when the site runs its own
 * receiver, the address the form posts to without JavaScript, as JSON-able props. MDX-facing widgets
 * (this folder) read the data files; the component itself (src/site/components/ContactForm/) gets every word as props.
 */
import { company } from '../../../content/data/company.ts';
import { contactForm } from '../../../content/data/contact-form.ts';
import { interfaceText } from '../../../content/data/interface.ts';
import { navigation } from '../../../content/data/navigation.ts';
import { propfirms } from '../../../content/data/propfirms.ts';
import { contactEndpoint, formPostAction } from '../../../contact/contact-delivery.ts';
import { Island } from '../../islands/Island.tsx';
import { ContactFormIsland, type ContactFormIslandProps } from '../../components/ContactForm/ContactFormIsland.tsx';

const email = company.email;

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
  propfirms: propfirms.propfirms.map((propfirm) => propfirm.name),
};

const errorCopy = {
  title: interfaceText.error.title,
  text: interfaceText.error.text,
  home: interfaceText.error.home,
  contact: { label: interfaceText.error.contact, to: navigation.nav.cta.to },
};

export function ContactForm() {
  return <Island name="contact-form" component={ContactFormIsland} props={props} errorCopy={errorCopy} />;
}
