/**
 * The data files of the content manifest (src/content/content.config.ts): each read as JSON (a syntax error becomes a
 * French message with its line), then validated by its valibot schema (file, line and field named); the links
 * of the site's menus must be pages of the registry.
 */
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { findNodeAtLocation, type Node, parse, type ParseError, parseTree, printParseErrorCode } from 'jsonc-parser';
import * as v from 'valibot';
import { dataFiles } from '../../../../src/content/content.config.ts';
import { pages } from '../../../../src/site/registry.ts';
import { dataMessages, describeDataIssue, unknownInternalLink } from '../../../../src/content/schema/messages.ts';

const pagePaths = pages.map((page) => page.path);

const lineAt = (text: string, offset: number) => text.slice(0, offset).split('\n').length;

/** The French message for the first syntax error of a JSON file (the others usually follow from it). */
function jsonSyntaxProblem(relative: string, text: string, error: ParseError): string {
  // A missing comma is noticed at the next field: point at the end of the line that lacks it.
  // A comma in excess is noticed at the closing brace: point at the comma.
  const code = printParseErrorCode(error.error);
  const before = text.slice(0, error.offset).trimEnd();
  const pointBack = (code === 'CommaExpected' && before.endsWith('"')) || (/Expected$/.test(code) && before.endsWith(','));
  const offset = pointBack ? before.length - 1 : error.offset;
  return `${relative}:${lineAt(text, offset)} → ${dataMessages.invalidJson(dataMessages.jsonSyntaxMistakes[code] ?? dataMessages.unexpectedCharacter)}`;
}

export type DataFile = { relative: string; text: string; data: unknown; tree: Node | undefined };

/**
 * Reads `content/<name>`: its text and value, or the French message for its first syntax error;
 * undefined when the file does not exist (a fixture holds only the files its case is about).
 */
export async function readDataFile(root: string, name: string): Promise<DataFile | { problem: string } | undefined> {
  const file = path.join(root, 'content', name);
  if (!existsSync(file)) return undefined;
  const relative = `content/${name}`;
  const text = await readFile(file, 'utf8');
  const errors: ParseError[] = [];
  const data: unknown = parse(text, errors, { disallowComments: true, allowTrailingComma: false, allowEmptyContent: false });
  const first = errors[0];
  if (first) return { problem: jsonSyntaxProblem(relative, text, first) };
  return { relative, text, data, tree: parseTree(text) };
}

/** Line of a field (`host.phone`, `nav.links.1.to`) in a JSON file, or of its closest parent written there. */
export function lineOfField(file: Pick<DataFile, 'text' | 'tree'>, field: string | readonly (string | number)[]): number | undefined {
  if (!file.tree) return undefined;
  const keys = typeof field === 'string' ? field.split('.') : field;
  const segments = keys.map((key) => (typeof key === 'string' && /^\d+$/.test(key) ? Number(key) : key));
  for (let length = segments.length; length > 0; length--) {
    const node = findNodeAtLocation(file.tree, segments.slice(0, length));
    // A property's value: its line is the one where the field's name is written.
    if (node) return lineAt(file.text, node.parent?.type === 'property' ? node.parent.offset : node.offset);
  }
  return undefined;
}

function issuePath(issue: v.BaseIssue<unknown>): (string | number)[] {
  return (issue.path ?? []).map((item) => (typeof item.key === 'number' ? item.key : String(item.key)));
}

/** Every data file: syntax, schema, and for the menus, links to pages of the registry. */
export async function checkDataFiles(root: string): Promise<string[]> {
  const problems: string[] = [];
  for (const [name, { schema }] of Object.entries(dataFiles)) {
    const file = await readDataFile(root, `${name}.json`);
    if (!file) continue;
    if ('problem' in file) {
      problems.push(file.problem);
      continue;
    }
    const result = v.safeParse(schema, file.data);
    if (!result.success) {
      problems.push(...result.issues.map((issue) => describeDataIssue(file.relative, issue, lineOfField(file, issuePath(issue)))));
      continue;
    }
    if (name === 'navigation') problems.push(...menuLinkProblems(file));
  }
  return problems;
}

/** The menu's and footer's links must lead to pages of the registry. */
function menuLinkProblems(file: DataFile): string[] {
  const { nav, footer } = v.parse(dataFiles.navigation.schema, file.data);
  const links = [
    ...nav.links.map((link, index) => [`nav.links.${index}.to`, link.to] as const),
    ['nav.cta.to', nav.cta.to] as const,
    ...footer.legalLinks.map((link, index) => [`footer.legalLinks.${index}.to`, link.to] as const),
  ];
  return links.flatMap(([field, target]) => {
    const problem = unknownInternalLink(target, pagePaths);
    const line = lineOfField(file, field);
    return problem ? [`${file.relative}${line ? `:${line}` : ''} → « ${field} » : ${problem}`] : [];
  });
}
