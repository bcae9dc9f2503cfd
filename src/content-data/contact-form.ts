/** content/contact-form.json, validated by its schema at import. */
import data from '../../content/contact-form.json';
import { contactFormCopySchema } from '../content-schema/contact-form-schema.ts';
import { loadDataFile } from './load.ts';

export const contactForm = loadDataFile('content/contact-form.json', contactFormCopySchema, data);
