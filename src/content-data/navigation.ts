/** content/navigation.json, validated by its schema at import. */
import data from '../../content/navigation.json';
import { navigationSchema } from '../content-schema/site-schema.ts';
import { loadDataFile } from './load.ts';

export const navigation = loadDataFile('content/navigation.json', navigationSchema, data);
