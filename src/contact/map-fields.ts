/**
 * One value per field of the table (./contact-fields.ts), in its order. Apart from the table so that a test that
 * hands every module a table with an extra field (`vi.mock` of ./contact-fields.ts) reaches this map too; and
 * below the content schemas, which build the wording of each field with it.
 */
import { type ContactField, type ContactFieldName, contactFields } from './contact-fields.ts';

export function mapFields<T>(value: (field: ContactField) => T): Record<ContactFieldName, T> {
  return Object.fromEntries(contactFields.map((field) => [field.name, value(field)])) as Record<ContactFieldName, T>;
}
