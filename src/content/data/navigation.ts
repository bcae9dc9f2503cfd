/** content/navigation.json, validated at import by its schema in the content manifest. */
import data from '../../../content/navigation.json';
import { loadDataFile } from './load.ts';

export const navigation = loadDataFile('navigation', data);
