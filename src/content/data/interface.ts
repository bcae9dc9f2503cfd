/** content/interface.json, validated at import by its schema in the content manifest. */
import data from '../../../content/interface.json';
import { loadDataFile } from './load.ts';

export const interfaceText = loadDataFile('interface', data);
