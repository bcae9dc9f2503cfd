/**
 * The `_headers` file of Netlify and Cloudflare Pages: a path pattern on its own line, then indented
 * `Name: value` lines. `*` matches anything (`/*` every path). Read the way Cloudflare reads it:
 * - a pattern written twice keeps only its last rule (Cloudflare stores `rules[path]`; Netlify also
 *   lets the later rule win), which is why src/site/security-headers.ts declares its rules by pattern;
 * - several patterns can match one path: their headers add up, and a header set by more than one
 *   rule gets the values joined with ", " (for a CSP, two policies: avoided, one rule carries it).
 */
import type { HeaderRuleDeclaration } from '../../site/security-headers.ts';

export interface HeaderRule {
  pattern: string;
  headers: [name: string, value: string][];
}

export function parseHeaders(text: string): HeaderRule[] {
  const rules: HeaderRule[] = [];
  for (const [index, line] of text.split(/\r?\n/).entries()) {
    if (line.trim() === '' || line.trimStart().startsWith('#')) continue;
    if (!/^\s/.test(line)) {
      const pattern = line.trim();
      const earlier = rules.findIndex((rule) => rule.pattern === pattern);
      if (earlier >= 0) rules.splice(earlier, 1);
      rules.push({ pattern, headers: [] });
      continue;
    }
    const current = rules.at(-1);
    const colon = line.indexOf(':');
    if (!current || colon < 0) throw new Error(`_headers line ${index + 1}: expected "  Name: value" under a path`);
    current.headers.push([line.slice(0, colon).trim(), line.slice(colon + 1).trim()]);
  }
  return rules;
}

function patternToRegExp(pattern: string): RegExp {
  const source = pattern
    .split('*')
    .map((part) => part.replace(/[.+?^${}()|[\]\\]/g, '\\$&'))
    .join('.*');
  return new RegExp(`^${source}$`);
}

/** Headers for a request path (header names lower-cased). */
export function headersFor(rules: readonly HeaderRule[], pathname: string): Map<string, string> {
  const result = new Map<string, string>();
  for (const rule of rules) {
    if (!patternToRegExp(rule.pattern).test(pathname)) continue;
    for (const [name, value] of rule.headers) {
      const key = name.toLowerCase();
      const previous = result.get(key);
      result.set(key, previous === undefined ? value : `${previous}, ${value}`);
    }
  }
  return result;
}

/** The `_headers` text of declared rules, each preceded by its note as a comment; `heading` opens the file. */
export function formatHeaders(rules: Readonly<Record<string, HeaderRuleDeclaration>>, heading: readonly string[] = []): string {
  const comment = (text: string) => `# ${text}\n`;
  const blocks = Object.entries(rules).map(([pattern, { note, unset = [], headers }]) => {
    const unsetLines = unset.map((name) => `  ! ${name}\n`);
    const lines = Object.entries(headers).map(([name, value]) => {
      // A line break would end the rule early and start a line the hosts read as a path.
      if (/[\r\n]/.test(`${name}${value}`)) throw new Error(`_headers ${pattern}: line break in ${JSON.stringify(name)}`);
      return `  ${name}: ${value}\n`;
    });
    return `${note === undefined ? '' : comment(note)}${pattern}\n${unsetLines.join('')}${lines.join('')}`;
  });
  return [heading.map(comment).join(''), ...blocks].filter((block) => block !== '').join('\n');
}
