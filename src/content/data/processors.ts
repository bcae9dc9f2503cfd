/** content/processors.json, validated at import by its schema in the content manifest. */
import data from '../../../content/processors.json';
import { loadDataFile } from './load.ts';

export const processors = loadDataFile('processors', data);
