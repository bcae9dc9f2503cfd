/** content/contact-receiver.json, validated by its schema at import. */
import data from '../../content/contact-receiver.json';
import { contactReceiverSchema } from '../content-schema/contact-receiver-schema.ts';
import { loadDataFile } from './load.ts';

export const contactReceiver = loadDataFile('content/contact-receiver.json', contactReceiverSchema, data);
