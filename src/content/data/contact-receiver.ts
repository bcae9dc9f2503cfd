/** content/contact-receiver.json, validated at import by its schema in the content manifest. */
import data from '../../../content/contact-receiver.json';
import { loadDataFile } from './load.ts';

export const contactReceiver = loadDataFile('contact-receiver', data);
