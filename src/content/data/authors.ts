/** content/authors.json, validated at import by its schema in the content manifest. */
import data from '../../../content/authors.json';
import { loadDataFile } from './load.ts';

export const authors = loadDataFile('authors', data);

/** The author a guide names; the content check has made sure it is in content/authors.json. */
export function authorOf(id: string) {
  const author = authors.auteurs.find((entry) => entry.id === id);
  if (!author) throw new Error(`content/authors.json: no author « ${id} »`);
  return author;
}
