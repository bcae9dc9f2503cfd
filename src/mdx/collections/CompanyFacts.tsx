/**
 * Legal-notice widgets fed by content/site.ts: company facts stay in one place, the one
 * to update before going live, while the legal text around them stays in MDX.
 */
import { site } from '../../../content/site.ts';
import { CompanyFacts as FactList, FactLink, telHref, type Fact } from '../../components/CompanyFacts/CompanyFacts.tsx';
import { contactEndpoint } from '../../forms/contact-delivery.ts';

const { company, processors, legalLabels: labels } = site;

/** `<CompanyFacts />` in MDX: the site publisher's identity. */
export function CompanyFacts() {
  return (
    <FactList
      facts={[
        { label: labels.name, value: company.name },
        { label: labels.legalForm, value: company.legalForm },
        { label: labels.shareCapital, value: company.shareCapital },
        { label: labels.registration, value: company.registration },
        { label: labels.vatNumber, value: company.vatNumber },
        { label: labels.address, value: company.address },
        { label: labels.email, value: company.email, href: `mailto:${company.email}` },
        { label: labels.phone, value: company.phone, href: telHref(company.phone) },
        { label: labels.publicationDirector, value: company.publicationDirector },
      ]}
    />
  );
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

/**
 * The subcontractors that receive visitors' data (GDPR notice): the host, and the contact delivery
 * service only when the site is built with one (`withDelivery`); without it, the form sends nothing.
 */
export function ProcessorList({ withDelivery }: { withDelivery: boolean }) {
  const list: Processor[] = [{ name: company.host.name, website: company.host.website, ...processors.host }];
  if (withDelivery) list.push(processors.contactDelivery);
  return (
    <>
      {list.map((processor) => (
        <FactList key={processor.name} facts={processorFacts(processor)} />
      ))}
    </>
  );
}

/** `<ProcessorFacts />` in MDX: the subcontractors, as this build delivers the contact form (VITE_CONTACT_ENDPOINT). */
export function ProcessorFacts() {
  return <ProcessorList withDelivery={contactEndpoint !== undefined} />;
}

/** `<CompanyEmail />` in MDX, inside a sentence: the contact address as a mailto link. */
export function CompanyEmail() {
  return <FactLink href={`mailto:${company.email}`}>{company.email}</FactLink>;
}
