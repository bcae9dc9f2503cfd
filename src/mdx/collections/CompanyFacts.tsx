/**
 * Legal-notice widgets fed by content/site.ts: company facts stay in one place, the one
 * to update before going live, while the legal text around them stays in MDX.
 */
import { site } from '../../../content/site.ts';
import { CompanyFacts as FactList, FactLink, telHref } from '../../components/CompanyFacts/CompanyFacts.tsx';

const { company, legalLabels: labels } = site;

/** `<CompanyFacts />` in MDX: the site publisher's identity. */
export function CompanyFacts() {
  return (
    <FactList
      facts={[
        { label: labels.name, value: company.name },
        { label: labels.legalForm, value: company.legalForm },
        { label: labels.shareCapital, value: company.shareCapital },
        { label: labels.registration, value: company.registration },
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
        { label: labels.hostWebsite, value: company.host.website, href: company.host.website },
      ]}
    />
  );
}

/** `<CompanyEmail />` in MDX, inside a sentence: the contact address as a mailto link. */
export function CompanyEmail() {
  return <FactLink href={`mailto:${company.email}`}>{company.email}</FactLink>;
}
