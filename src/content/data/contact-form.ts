/** content/contact-form.json, validated at import by its schema in the content manifest. */
import data from '../../../content/contact-form.json';
import { loadDataFile } from './load.ts';

export const contactForm = loadDataFile('contact-form', data);
