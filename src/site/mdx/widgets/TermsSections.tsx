import { type CollectionModule, toEntries } from '../../../content/data/collection.ts';
import { DocumentSections } from '../../components/DocumentSections/DocumentSections.tsx';

const entries = toEntries(import.meta.glob<CollectionModule<'terms'>>('/content/terms/*.mdx', { eager: true }));

/** `<TermsSections />` in MDX: the sections of content/terms/, numbered by `order`. */
export function TermsSections() {
  return (
    <DocumentSections
      numbering="decimal"
      sections={entries.map(({ slug, data, Body }) => ({ id: slug, title: data.title, body: <Body /> }))}
    />
  );
}
