/** content/company.json, validated at import by its schema in the content manifest. */
import data from '../../../content/company.json';
import { loadDataFile } from './load.ts';

export const company = loadDataFile('company', data);
