/** content/brand.json, validated by its schema at import. */
import data from '../../content/brand.json';
import { brandSchema } from '../content-schema/site-schema.ts';
import { loadDataFile } from './load.ts';

export const brand = loadDataFile('content/brand.json', brandSchema, data);
