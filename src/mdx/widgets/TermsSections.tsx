import { type CollectionModule, toEntries } from '../../content-schema/collection.ts';
import { NumberedSections } from '../../components/NumberedSections/NumberedSections.tsx';

const entries = toEntries(import.meta.glob<CollectionModule<'terms'>>('/content/terms/*.mdx', { eager: true }));

/** `<TermsSections />` in MDX: the sections of content/terms/, numbered by `order`. */
export function TermsSections() {
  return (
    <NumberedSections
      numbered
      sections={entries.map(({ slug, data, Body }) => ({ id: slug, title: data.title, body: <Body /> }))}
    />
  );
}
