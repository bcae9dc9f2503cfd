/** content/company.json, validated by its schema at import. */
import data from '../../content/company.json';
import { companySchema } from '../content-schema/site-schema.ts';
import { loadDataFile } from './load.ts';

export const company = loadDataFile('content/company.json', companySchema, data);
