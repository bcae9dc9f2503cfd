import { type CollectionModule, toEntries } from '../../../content/data/collection.ts';
import { FaqAccordion } from '../../components/FaqAccordion/FaqAccordion.tsx';

const entries = toEntries(import.meta.glob<CollectionModule<'faq'>>('/content/faq/*.mdx', { eager: true }));

/** `<Faq />` in MDX: every question of content/faq/, in `order`. */
export function Faq() {
  return <FaqAccordion items={entries.map(({ slug, data, Body }) => ({ id: slug, question: data.question, answer: <Body /> }))} />;
}
