/** content/propfirms.json, validated at import by its schema in the content manifest. */
import data from '../../../content/propfirms.json';
import { loadDataFile } from './load.ts';

export const propfirms = loadDataFile('propfirms', data);
