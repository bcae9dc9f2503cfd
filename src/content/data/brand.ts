/** content/brand.json, validated at import by its schema in the content manifest. */
import data from '../../../content/brand.json';
import { loadDataFile } from './load.ts';

export const brand = loadDataFile('brand', data);
