/**
 * The editor's forms for the data files of the content manifest (`company.json`…), generated from their valibot
 * schemas: a group of fields per object, a list per array, a text field per text, each with the schema's title
 * (or the field's name when it has none) and description. Keystatic saves them as JSON, which keeps the
 * no-break spaces of the phone numbers and amounts as they are.
 */
import { fields, singleton } from '@keystatic/core';
import * as v from 'valibot';
import { dataFiles } from '../src/content/content.config.ts';
import { previewField } from './preview-field.ts';

type Schema = v.GenericSchema;
type Described = v.SchemaWithPipe<[Schema, v.TitleAction<unknown, string>, v.DescriptionAction<unknown, string>]>;

const labelOf = (schema: Schema, key: string) => v.getTitle(schema as Described) ?? key;
const descriptionOf = (schema: Schema) => v.getDescription(schema as Described);

/** The first text of an item, to name it in a list (a link by its text). */
function itemLabel(value: unknown): string {
  if (typeof value === 'string') return value;
  const first = Object.values((value ?? {}) as Record<string, { value?: unknown }>).find((entry) => typeof entry?.value === 'string');
  return (first?.value as string | undefined) || '…';
}

// Keystatic's field types are precise per kind; this builds them from a schema known only at run time.
// biome-ignore lint/suspicious/noExplicitAny: the field's type depends on the schema, known only at run time.
function dataField(schema: Schema, key: string): any {
  const label = labelOf(schema, key);
  const description = descriptionOf(schema);
  const isOptional = schema.type === 'optional';
  const inner = isOptional ? (schema as v.OptionalSchema<Schema, undefined>).wrapped : schema;
  switch (inner.type) {
    case 'strict_object':
    case 'object': {
      const entries = (inner as unknown as v.ObjectSchema<v.ObjectEntries, undefined>).entries;
      return fields.object(
        Object.fromEntries(Object.entries(entries).map(([name, entry]) => [name, dataField(entry as Schema, name)])),
        { label, description },
      );
    }
    case 'array': {
      const item = (inner as unknown as v.ArraySchema<Schema, undefined>).item;
      return fields.array(dataField(item, label), {
        label,
        description,
        itemLabel: (props: object) => itemLabel((props as { fields?: unknown }).fields ?? (props as { value?: unknown }).value),
      });
    }
    case 'string':
      return fields.text({ label, description, validation: isOptional ? undefined : { isRequired: true } });
    case 'picklist': {
      const options = (inner as unknown as v.PicklistSchema<string[], undefined>).options;
      return fields.select({
        label,
        description,
        options: options.map((value) => ({ label: value, value })),
        defaultValue: options[0]!,
      });
    }
    case 'number':
      return fields.number({ label, description });
    case 'boolean':
      return fields.checkbox({ label, description });
    default:
      throw new Error(`Data field "${key}": no editor field for a valibot "${inner.type}" schema`);
  }
}

export function dataSingletons() {
  return Object.fromEntries(
    Object.entries(dataFiles).map(([name, file]) => [
      name,
      singleton({
        label: `${name}.json`,
        path: name,
        format: { data: 'json' },
        schema: {
          ...('page' in file ? { apercu: previewField(file.page) } : {}),
          ...Object.fromEntries(Object.entries(file.schema.entries).map(([key, entry]) => [key, dataField(entry as Schema, key)])),
        },
      }),
    ]),
  );
}
