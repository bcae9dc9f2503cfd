/** content/tarifs.json, validated at import by its schema in the content manifest. */
import data from '../../../content/tarifs.json';
import { loadDataFile } from './load.ts';

export const tarifs = loadDataFile('tarifs', data);
