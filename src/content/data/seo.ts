/** content/seo.json, validated at import by its schema in the content manifest. */
import data from '../../../content/seo.json';
import { loadDataFile } from './load.ts';

export const seo = loadDataFile('seo', data);
