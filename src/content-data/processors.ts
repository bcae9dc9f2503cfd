/** content/processors.json, validated by its schema at import. */
import data from '../../content/processors.json';
import { processorsSchema } from '../content-schema/site-schema.ts';
import { loadDataFile } from './load.ts';

export const processors = loadDataFile('content/processors.json', processorsSchema, data);
