import { type CollectionModule, toEntries } from '../../../content/data/collection.ts';
import { DocumentSections } from '../../components/DocumentSections/DocumentSections.tsx';

const entries = toEntries(import.meta.glob<CollectionModule<'legal'>>('/content/legal/*.mdx', { eager: true }));

/** `<LegalSections />` in MDX: the sections of content/legal/, in `order`. */
export function LegalSections() {
  return (
    <DocumentSections
      numbering="none"
      sections={entries.map(({ slug, data, Body }) => ({ id: slug, title: data.title, body: <Body /> }))}
    />
  );
}
