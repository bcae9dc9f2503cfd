/**
 * Checks every use of a widget in MDX against its schema (src/site/mdx/widgets/index.ts): unknown settings,
 * values outside the allowed list, missing required settings, content where none is allowed. Without it a
 * misspelt `icon="walet"` passes MDX silently and breaks pre-rendering with an English stack trace, and a
 * misspelt `titel` is simply ignored. Reports every problem of the file at once, with line and fix in French.
 */
import type { Root } from 'mdast';
import type { MdxJsxFlowElement, MdxJsxTextElement } from 'mdast-util-mdx-jsx';
import * as v from 'valibot';
import { visit } from 'unist-util-visit';
import type { VFile } from 'vfile';
import { closest, ContentError, ContentErrors } from '../../content/schema/errors.ts';
import { widgetMessages as say } from '../../content/schema/messages.ts';
import { relativeContentPath } from './remark-frontmatter-schema.ts';
import { choiceWords, isWidgetName, widgets, type WidgetSpec } from './widgets/index.ts';

type Element = MdxJsxFlowElement | MdxJsxTextElement;

function isOptional(schema: v.GenericSchema): boolean {
  return schema.type === 'optional';
}

function unwrap(schema: v.GenericSchema): v.GenericSchema {
  return isOptional(schema) ? (schema as v.OptionalSchema<v.GenericSchema, undefined>).wrapped : schema;
}

/** The French name of a setting, as the editor shows it: its schema's title, or its own name. */
function titleOf(schema: v.GenericSchema, setting: string): string {
  return v.getTitle(unwrap(schema) as v.SchemaWithPipe<[v.GenericSchema, v.TitleAction<unknown, string>]>) ?? setting;
}

/** The values of a fixed-list setting (`picklist`), if it is one. */
function choicesOf(schema: v.GenericSchema): readonly string[] | undefined {
  const inner = unwrap(schema) as v.GenericSchema & { pipe?: readonly v.GenericSchema[] };
  const base = (inner.pipe?.[0] ?? inner) as v.GenericSchema & { options?: readonly string[] };
  return base.type === 'picklist' ? base.options : undefined;
}

/** Whether a child is only layout (blank text, or the blank lines MDX keeps between blocks). */
function isBlank(node: Element['children'][number]): boolean {
  return node.type === 'text' && node.value.trim() === '';
}

function describeChild(node: Element['children'][number]): string {
  if ((node.type === 'mdxJsxFlowElement' || node.type === 'mdxJsxTextElement') && node.name) return `<${node.name}>`;
  return 'du texte';
}

function checkWidgetUse(node: Element, spec: WidgetSpec, name: string): { problem: string; line: number | undefined }[] {
  const problems: { problem: string; line: number | undefined }[] = [];
  const line = node.position?.start.line;
  const entries = spec.settings.entries as Record<string, v.GenericSchema>;
  const known = Object.keys(entries);
  const given = new Set<string>();

  for (const attribute of node.attributes) {
    const at = attribute.position?.start.line ?? line;
    if (attribute.type === 'mdxJsxExpressionAttribute') {
      problems.push({ problem: say.spread(name), line: at });
      continue;
    }
    const setting = attribute.name;
    given.add(setting);
    const shown = typeof attribute.value === 'string' ? `${setting}="${attribute.value}"` : setting;
    const tag = `<${name} ${shown}>`;
    const schema = entries[setting];
    if (!schema) {
      problems.push({ problem: say.unknownSetting(tag, name, setting, closest(setting, known), known), line: at });
      continue;
    }
    if (typeof attribute.value !== 'string') {
      problems.push({ problem: say.notQuoted(`<${name} ${setting}=…>`, setting), line: at });
      continue;
    }
    const choices = choicesOf(schema);
    if (choices && !choices.includes(attribute.value)) {
      const words = choiceWords(schema) ?? { unknown: `une valeur connue de « ${setting} »`, choices: 'Valeurs possibles' };
      problems.push({ problem: say.wrongChoice(tag, attribute.value, closest(attribute.value, choices), words, choices), line: at });
      continue;
    }
    if (!choices && attribute.value.trim() === '') {
      problems.push({ problem: say.emptyValue(tag, setting, titleOf(schema, setting)), line: at });
      continue;
    }
    if (!v.is(unwrap(schema), attribute.value))
      problems.push({ problem: say.wrongValue(tag, setting, titleOf(schema, setting)), line: at });
  }

  for (const [setting, schema] of Object.entries(entries)) {
    if (!given.has(setting) && !isOptional(schema))
      problems.push({ problem: say.missingSetting(name, setting, titleOf(schema, setting)), line });
  }

  const children = node.children.filter((child) => !isBlank(child));
  if (spec.children === 'none' && children.length > 0) {
    problems.push({ problem: say.noChildren(name), line });
  } else if (typeof spec.children === 'object') {
    const allowed = spec.children.widgets;
    for (const child of children) {
      const childName = child.type === 'mdxJsxFlowElement' || child.type === 'mdxJsxTextElement' ? child.name : undefined;
      if (childName && allowed.includes(childName)) continue;
      // A paragraph that holds only allowed widgets (MDX wraps a widget written on one line in one).
      if (
        child.type === 'paragraph' &&
        child.children.every(
          (inner) =>
            isBlank(inner as Element['children'][number]) ||
            (inner.type === 'mdxJsxTextElement' && allowed.includes(inner.name ?? '')),
        )
      )
        continue;
      const found =
        child.type === 'paragraph'
          ? describeChild(child.children.find((inner) => !isBlank(inner as Element['children'][number])) ?? child)
          : describeChild(child);
      problems.push({ problem: say.onlyWidgets(name, allowed, found), line: child.position?.start.line ?? line });
    }
  }
  return problems;
}

export function remarkWidgetSettings() {
  return (tree: Root, file: VFile) => {
    const errors: ContentError[] = [];
    const relative = relativeContentPath(file);
    visit(tree, (node) => {
      if (node.type !== 'mdxJsxFlowElement' && node.type !== 'mdxJsxTextElement') return;
      const name = node.name;
      // Unknown widgets are remark-widgets' to report, with their own message.
      if (!name || !isWidgetName(name)) return;
      for (const { problem, line } of checkWidgetUse(node, widgets[name], name))
        errors.push(new ContentError(relative, problem, line));
    });
    if (errors.length === 1) throw errors[0];
    if (errors.length > 1) throw new ContentErrors(errors);
  };
}
