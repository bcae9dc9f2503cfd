import { type CollectionModule, toEntries } from '../../content-schema/collection.ts';
import { NumberedSections } from '../../components/NumberedSections/NumberedSections.tsx';

const entries = toEntries(import.meta.glob<CollectionModule<'legal'>>('/content/legal/*.mdx', { eager: true }));

/** `<LegalSections />` in MDX: the sections of content/legal/, in `order`. */
export function LegalSections() {
  return (
    <NumberedSections
      numbered={false}
      sections={entries.map(({ slug, data, Body }) => ({ id: slug, title: data.title, body: <Body /> }))}
    />
  );
}
