/** content/audience.json, validated at import by its schema in the content manifest. */
import data from '../../../content/audience.json';
import { loadDataFile } from './load.ts';

export const audience = loadDataFile('audience', data);
