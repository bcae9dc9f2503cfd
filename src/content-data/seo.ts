/** content/seo.json, validated by its schema at import. */
import data from '../../content/seo.json';
import { seoSchema } from '../content-schema/seo-schema.ts';
import { loadDataFile } from './load.ts';

export const seo = loadDataFile('content/seo.json', seoSchema, data);
