/** content/interface.json, validated by its schema at import. */
import data from '../../content/interface.json';
import { interfaceSchema } from '../content-schema/site-schema.ts';
import { loadDataFile } from './load.ts';

export const interfaceText = loadDataFile('content/interface.json', interfaceSchema, data);
