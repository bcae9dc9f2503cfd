/** content/authors.json, validated at import by its schema in the content manifest. */
import data from '../../../content/authors.json';
import { loadDataFile } from './load.ts';

export const authors = loadDataFile('authors', data);
