/**
 * The publisher's facts the legal notice lists (LCEN, art. 6-III), in their order: each a field of
 * content/company.json under its label in content/interface.json (`legalLabels`). The <CompanyFacts /> widget
 * renders this list, and the tests read it: a fact added here is shown and checked without another list.
 */
import { company } from './company.ts';
import { interfaceText } from './interface.ts';

const keys = [
  'name',
  'legalForm',
  'shareCapital',
  'registration',
  'vatNumber',
  'address',
  'email',
  'phone',
  'publicationDirector',
] as const;

export interface PublisherFact {
  readonly key: (typeof keys)[number];
  readonly label: string;
  readonly value: string;
}

export const publisherFacts: readonly PublisherFact[] = keys.map((key) => ({
  key,
  label: interfaceText.legalLabels[key],
  value: company[key],
}));
