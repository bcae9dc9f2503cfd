/**
 * `tsx editor/normalise.ts [--check]`
 *
 * Rewrites every MDX file of content/ in the form the visual editor (editor/) saves it: its frontmatter layout
 * (js-yaml), bullets, quotes and escapes, widgets over several lines. Done once, so that a later edit made
 * in the editor changes only the edited lines. It runs Keystatic's own parser and serializer, with the
 * editor's own fields. With --check it writes nothing and lists the files that are not in that form
 * (exit code 1), for instance after an edit made by hand.
 */
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
// Keystatic writes frontmatter with js-yaml's `dump`: the same writer, so that both write a value alike.
import { dump } from 'js-yaml';
import { makeConfig } from './keystatic.config.ts';
import { normaliseMessages } from '../src/content/schema/messages.ts';
import { readFrontmatter } from '../src/site/mdx/frontmatter.ts';
import { storageSettingsFrom } from './storage.ts';
import { widgetComponents } from './widget-components.ts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const content = path.join(root, 'content');

// Node resolves `@keystatic/core` to a server build whose editor functions are stubs; the browser build
// holds the real MDX parser and serializer, and needs no DOM for them.
const browserBuild = fileURLToPath(import.meta.resolve('@keystatic/core')).replace(/\.node\.js$/, '.js');
const { fields } = (await import(browserBuild)) as typeof import('@keystatic/core');

interface ContentField {
  parse(
    value: unknown,
    args: {
      content: Uint8Array;
      other: Map<string, Uint8Array>;
      external: Map<string, Map<string, Uint8Array>>;
      slug: string | undefined;
    },
  ): unknown;
  serialize(value: unknown, args: { slug: string | undefined }): { content: Uint8Array | undefined };
}
const body = fields.mdx({ label: 'body', components: widgetComponents, options: { image: false } }) as unknown as ContentField;

/**
 * Keystatic cannot open a widget written on one line with its text (`<Card title="…">Texte</Card>`):
 * it is first put over three lines, which MDX reads as the same widget around a paragraph.
 */
export function widgetsOverSeveralLines(source: string): string {
  return source.replace(
    /^([ \t]*)<([A-Z]\w*)((?:\s[^>]*)?)>(.+)<\/\2>[ \t]*$/gm,
    (_line, indent: string, name: string, attributes: string, text: string) =>
      `${indent}<${name}${attributes}>\n${indent}  ${text.trim()}\n${indent}</${name}>`,
  );
}

/** The fields each folder's frontmatter has, in the order the editor writes them. */
function frontmatterKeys(): Record<string, string[]> {
  const config = makeConfig(storageSettingsFrom({}));
  // `apercu` (the « Aperçu » link) and `body` are no frontmatter fields.
  const keys = (schema: Record<string, unknown>) => Object.keys(schema).filter((key) => key !== 'body' && key !== 'apercu');
  const pageSchema = Object.values(config.singletons ?? {})[0]!.schema;
  return {
    pages: keys(pageSchema),
    ...Object.fromEntries(Object.entries(config.collections ?? {}).map(([name, collection]) => [name, keys(collection.schema)])),
  };
}

/**
 * Keystatic does not read MDX comments (`{/* À PROUVER : … *\/}`, the release check's marker): a file that
 * holds one opens in the editor only once it is gone. The rest of the file is still put in the editor's form,
 * the comment kept as written, in its place.
 */
const commentLine = /^\{\/\*[\s\S]*?\*\/\}[ \t]*$/gm;
const placeholder = (index: number) => `CMSNORMALISECOMMENT${index}`;

export function normalise(source: string, folder: string, slug: string, keys: string[]): string {
  const frontmatter = readFrontmatter(source);
  if (!frontmatter) throw new Error('no frontmatter');
  const [error] = frontmatter.document.errors;
  if (error) throw error;
  const data = frontmatter.data as Record<string, unknown>;
  const unknown = Object.keys(data).filter((key) => !keys.includes(key));
  if (unknown.length > 0) throw new Error(`fields the editor does not know: ${unknown.join(', ')}`);
  const ordered = Object.fromEntries(keys.filter((key) => data[key] !== undefined).map((key) => [key, data[key]]));
  const encoder = new TextEncoder();
  const comments: string[] = [];
  const text = frontmatter.body.replace(commentLine, (comment) => placeholder(comments.push(comment) - 1));
  const state = body.parse(undefined, {
    content: encoder.encode(widgetsOverSeveralLines(text)),
    other: new Map(),
    external: new Map(),
    slug: folder === 'pages' ? undefined : slug,
  });
  const serialized = body.serialize(state, { slug: folder === 'pages' ? undefined : slug });
  // As Keystatic saves an entry: `---`, the frontmatter as js-yaml dumps it, `---`, the body.
  const written = new TextDecoder().decode(serialized.content ?? new Uint8Array());
  const restored = comments.reduce((result, comment, index) => result.replace(placeholder(index), () => comment), written);
  return `---\n${dump(ordered)}---\n${restored}`;
}

function main() {
  const check = process.argv.includes('--check');
  const keys = frontmatterKeys();
  const changed: string[] = [];
  for (const folder of Object.keys(keys)) {
    for (const file of readdirSync(path.join(content, folder)).filter((name) => name.endsWith('.mdx'))) {
      const full = path.join(content, folder, file);
      const source = readFileSync(full, 'utf8');
      let result: string;
      try {
        result = normalise(source, folder, file.replace(/\.mdx$/, ''), keys[folder]!);
      } catch (error) {
        console.error(normaliseMessages.unreadable(`content/${folder}/${file}`, (error as Error).message));
        process.exitCode = 1;
        continue;
      }
      if (result === source) continue;
      changed.push(`content/${folder}/${file}`);
      if (!check) writeFileSync(full, result);
    }
  }
  if (changed.length === 0) console.log(normaliseMessages.clean);
  else if (check) console.error(normaliseMessages.drift(changed));
  else console.log(normaliseMessages.rewritten(changed));
  if (check && changed.length > 0) process.exitCode = 1;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) main();
