/** content/contact-ways.json, validated at import by its schema in the content manifest. */
import data from '../../../content/contact-ways.json';
import { loadDataFile } from './load.ts';

export const contactWaysCopy = loadDataFile('contact-ways', data);
