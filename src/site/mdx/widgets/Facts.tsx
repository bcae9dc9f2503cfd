/**
 * Legal-notice widgets fed by content/company.json and content/processors.json: company facts stay in one place, the one
 * to update before going live, while the legal text around them stays in MDX.
 */
import { company } from '../../../content/data/company.ts';
import { interfaceText } from '../../../content/data/interface.ts';
import { processors } from '../../../content/data/processors.ts';
import { type PublisherFact, publisherFacts } from '../../../content/data/publisher-facts.ts';
import { CompanyFacts as FactList, FactLink, FactNote, type Fact } from '../../components/CompanyFacts/CompanyFacts.tsx';
import { telHref } from '../../../contact/contact-ways.ts';
import { type ContactRecipients, contactRecipients, contactStore } from '../../../contact/contact-recipients.ts';
import { isProvidedStore, type LeadStoreKind, leadStores } from '../../../contact/lead-stores.ts';
import { frenchDays, frenchYears } from '../../../content/french-date.ts';

const labels = interfaceText.legalLabels;

declare const __CONTACT_ACK__: boolean | undefined;

/** This build's receiver acknowledges each message (vite.config.ts); false where nothing defines it (unit tests). */
const acknowledgementSent: boolean = typeof __CONTACT_ACK__ === 'boolean' ? __CONTACT_ACK__ : false;

/** The email and the phone number are links. */
const linkOf = ({ key, value }: PublisherFact) => (key === 'email' ? `mailto:${value}` : key === 'phone' ? telHref(value) : undefined);

/** `<CompanyFacts />` in MDX: the site publisher's identity (src/content/data/publisher-facts.ts lists its facts). */
export function CompanyFacts() {
  return <FactList facts={publisherFacts.map((fact) => ({ label: fact.label, value: fact.value, href: linkOf(fact) }))} />;
}

/** `<HostFacts />` in MDX: the hosting provider. */
export function HostFacts() {
  return (
    <FactList
      facts={[
        { label: labels.hostName, value: company.host.name },
        { label: labels.hostAddress, value: company.host.address },
        { label: labels.hostPhone, value: company.host.phone, href: telHref(company.host.phone) },
        { label: labels.hostWebsite, value: company.host.website, href: company.host.website },
      ]}
    />
  );
}

interface Processor {
  name: string;
  website: string;
  role: string;
  country: string;
  safeguard: string;
}

const processorFacts = ({ name, website, role, country, safeguard }: Processor): Fact[] => [
  { label: labels.processorName, value: name, href: website },
  { label: labels.processorRole, value: role },
  { label: labels.processorCountry, value: country },
  { label: labels.processorSafeguard, value: safeguard },
];

/** The processor that receives the form's messages, for each way this build delivers them. */
const deliveryProcessor: Record<ContactRecipients, Processor | undefined> = {
  none: undefined,
  local: undefined,
  external: processors.contactDelivery,
  email: processors.emailDelivery,
  webhook: processors.webhookDelivery,
};

/**
 * The subcontractors that receive visitors' data (GDPR notice): the host, then whoever receives the
 * contact form's messages in this build (nobody else when the form only simulates the sending; a
 * sentence when the site's own server stores them), then whoever stores them before that (CONTACT_STORE).
 */
export function ProcessorList({
  recipients,
  store,
  acknowledged = false,
}: {
  recipients: ContactRecipients;
  store?: LeadStoreKind;
  /** This build's receiver sends visitors an acknowledgement (`build.acknowledgementSent` of src/contact/settings.ts). */
  acknowledged?: boolean;
}) {
  const delivery = deliveryProcessor[recipients];
  const list: Processor[] = [{ name: company.host.name, website: company.host.website, ...processors.host }];
  if (delivery) list.push(delivery);
  if (store && isProvidedStore(store)) list.push(processors.leadStores[store]);
  // The site's own server keeps them: alone (no other recipient) or before handing them over.
  const onServer = store !== undefined && leadStores[store].keeper === 'server';
  const serverNote =
    recipients === 'local' && (store === undefined || onServer)
      ? processors.localDelivery
      : onServer && delivery
        ? processors.filesStore
        : undefined;
  return (
    <>
      {list.map((processor) => (
        <FactList key={`${processor.name} ${processor.role}`} facts={processorFacts(processor)} />
      ))}
      {serverNote ? <FactNote>{serverNote}</FactNote> : null}
      {acknowledged ? <FactNote>{processors.acknowledgement}</FactNote> : null}
    </>
  );
}

/** `<ProcessorFacts />` in MDX: the subcontractors, as this build delivers and stores the contact form's messages (src/contact/contact-recipients.ts). */
export function ProcessorFacts() {
  return <ProcessorList recipients={contactRecipients} store={contactStore} acknowledged={acknowledgementSent} />;
}

/** `<LeadRetention />` in MDX, inside a sentence: how long the form's messages are kept, the period `npm run leads -- --purge` applies. */
export function LeadRetention() {
  return <>{frenchYears(processors.leadRetentionYears)}</>;
}

/** `<SpamRetention />` in MDX, inside a sentence: how long messages kept apart as spam are kept (« 30 jours »). */
export function SpamRetention() {
  return <>{frenchDays(processors.spamRetentionDays)}</>;
}

/** `<CompanyEmail />` in MDX, inside a sentence: the contact address as a mailto link. */
export function CompanyEmail() {
  return <FactLink href={`mailto:${company.email}`}>{company.email}</FactLink>;
}
