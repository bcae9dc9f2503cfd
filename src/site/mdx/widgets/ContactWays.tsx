/**
 * `<ContactWays />` in MDX: every configured way to reach us, from the company's phone and email
 * (content/company.json) and the settings of content/contact-ways.json; an empty setting hides its link.
 */
import { company } from '../../../content/data/company.ts';
import { contactWaysCopy } from '../../../content/data/contact-ways.ts';
import type { ContactWaysCopy } from '../../../content/schema/contact-ways-schema.ts';
import { contactWays } from '../../../contact/contact-ways.ts';
import { ContactWays as WayList, type ContactWayLink } from '../../components/ContactWays/ContactWays.tsx';

/** The links for these settings, with their labels. */
export function contactWayLinks(copy: ContactWaysCopy, contact: { phone: string; email: string }): ContactWayLink[] {
  return contactWays({
    phone: contact.phone,
    email: contact.email,
    whatsappNumber: copy.whatsappNumber,
    whatsappMessage: copy.whatsappMessage,
    telegram: copy.telegram,
    booking: copy.booking,
  }).map((way) => ({ ...way, label: copy.labels[way.kind] }));
}

export function ContactWays() {
  return <WayList ways={contactWayLinks(contactWaysCopy, company)} />;
}
