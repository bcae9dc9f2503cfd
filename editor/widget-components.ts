/**
 * The editor's blocks, generated from the widget schemas (src/site/mdx/widgets/index.ts): one Keystatic content
 * component per widget, one form field per setting, with the schema's title, description and choices.
 * Nothing here is written by hand per widget, so the editor cannot drift from what `npm run check` accepts.
 */
import { fields } from '@keystatic/core';
import { block, inline, repeating, wrapper, type ContentComponent } from '@keystatic/core/content-components';
import { createElement, Fragment, type ReactNode } from 'react';
import * as v from 'valibot';
import { widgets, type WidgetSpec } from '../src/site/mdx/widgets/index.ts';

type Setting = v.GenericSchema;

/** The setting's own schema, under `v.optional(…)` when it has one. */
function unwrap(schema: Setting): { inner: Setting; optional: boolean } {
  if (schema.type === 'optional') return { inner: (schema as v.OptionalSchema<Setting, undefined>).wrapped, optional: true };
  return { inner: schema, optional: false };
}

function titleOf(schema: Setting, key: string): string {
  return v.getTitle(schema as v.SchemaWithPipe<[Setting, v.TitleAction<unknown, string>]>) ?? key;
}

function descriptionOf(schema: Setting): string | undefined {
  return v.getDescription(schema as v.SchemaWithPipe<[Setting, v.DescriptionAction<unknown, string>]>);
}

/**
 * A select whose empty choice writes no attribute at all: an optional setting left at its default stays
 * out of the file (`<Section>` rather than `<Section tone="plain">`), as editors write it by hand.
 */
function optionalSelect(label: string, description: string | undefined, values: readonly string[]) {
  const none = '';
  const select = fields.select({
    label,
    description,
    options: [{ label: '—', value: none }, ...values.map((value) => ({ label: value, value }))],
    defaultValue: none,
  });
  return {
    ...select,
    parse(value: Parameters<typeof select.parse>[0]) {
      return value === undefined ? none : select.parse(value);
    },
    serialize(value: string) {
      return { value: value === none ? undefined : value };
    },
  } as typeof select;
}

/** One Keystatic form field for one setting of a widget. */
function settingField(key: string, schema: Setting) {
  const { inner, optional } = unwrap(schema);
  const label = titleOf(inner, key);
  const description = descriptionOf(inner);
  switch (inner.type) {
    case 'picklist': {
      const values = (inner as unknown as v.PicklistSchema<readonly string[], undefined>).options;
      if (optional) return optionalSelect(label, description, values);
      return fields.select({
        label,
        description,
        options: values.map((value) => ({ label: value, value })),
        defaultValue: values[0]!,
      });
    }
    case 'string':
      return fields.text({ label, description, validation: optional ? undefined : { isRequired: true } });
    case 'boolean':
      return fields.checkbox({ label, description });
    case 'number':
      return optional
        ? fields.number({ label, description })
        : fields.number({ label, description, validation: { isRequired: true } });
    default:
      throw new Error(`Widget setting "${key}": no editor field for a valibot "${inner.type}" schema`);
  }
}

function settingFields(spec: WidgetSpec) {
  return Object.fromEntries(Object.entries(spec.settings.entries).map(([key, schema]) => [key, settingField(key, schema as Setting)]));
}

/**
 * Self-closing widgets written inside a sentence (`écrivez-nous à <CompanyEmail />.`), as the widget list says
 * (`inSentence`): Keystatic needs to know them as inline, apart from those that stand on a line of their own.
 */
export const inlineWidgets: readonly string[] = Object.entries(widgets as Record<string, WidgetSpec>)
  .filter(([, spec]) => spec.inSentence)
  .map(([name]) => name);

/**
 * A line above the block's text with its settings as written (`Titre : Séparation des finances · Icône : wallet`),
 * so that an editor sees a card's title or a button's address without opening its settings.
 */
export function settingsSummary(spec: WidgetSpec, value: Record<string, unknown>): string {
  return Object.entries(spec.settings.entries)
    .filter(([key]) => value[key] !== undefined && value[key] !== '')
    .map(([key, schema]) => `${titleOf(unwrap(schema as Setting).inner, key)} : ${String(value[key])}`)
    .join(' · ');
}

function contentView(spec: WidgetSpec) {
  return ({ value, children }: { value: Record<string, unknown>; children?: ReactNode }) => {
    const summary = settingsSummary(spec, value);
    return createElement(Fragment, null, summary ? createElement('small', null, summary) : null, children);
  };
}

/**
 * `none` → a block (a self-closing tag on its own line), or an inline element for a widget written inside a
 * sentence; `inline` and `block` → a wrapper, which Keystatic writes over several lines with its text in a
 * paragraph (the site unwraps a lone paragraph of an inline widget); a list of widgets → a repeating block that
 * offers only those.
 */
function widgetComponent(spec: WidgetSpec): ContentComponent {
  const hasSettings = Object.keys(spec.settings.entries).length > 0;
  const common = {
    label: spec.label,
    description: spec.description,
    schema: settingFields(spec),
    ...(hasSettings ? { ContentView: contentView(spec) } : {}),
  };
  if (spec.children === 'none') return spec.inSentence ? inline(common) : block(common);
  if (typeof spec.children === 'object') return repeating({ ...common, children: [...spec.children.widgets] });
  return wrapper(common);
}

export const widgetComponents: Record<string, ContentComponent> = Object.fromEntries(
  Object.entries(widgets).map(([name, spec]) => [name, widgetComponent(spec)]),
);
