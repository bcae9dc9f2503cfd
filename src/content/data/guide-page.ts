/** content/guide-page.json, validated at import by its schema in the content manifest. */
import data from '../../../content/guide-page.json';
import { loadDataFile } from './load.ts';

export const guidePage = loadDataFile('guide-page', data);
