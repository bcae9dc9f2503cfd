/**
 * The comments follow the tree, as the docs do (tests/unit/readme-map.test.ts): every path a comment quotes exists,
 * a relative one (`./readme-map.test.ts`, `../fixtures/visitor.ts`) from the comment's own folder, a repository one (`src/…`,
 * `tests/…`, `.github/…`) from the root. So a move or a rename breaks this test, not the next reader. Reads the disk
 * only: the source folders and the root's config files, without what tools make (node_modules, dist, .react-router)
 * or the fixtures' content/ (an editor's files, mistakes included). A path with a glob (`*`) or a placeholder
 * (`<host>`, `{name}`, `…`) names no one file and is not checked.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '..', '..');

/** Where the code is: these folders, and the config files at the root. */
const sourceFolders = ['src', 'ops', 'tools', 'editor', 'tests', 'functions', 'netlify'];
const sourceFile = /\.(ts|tsx|mts|cts|js|jsx|mjs|cjs)$/;
/** Folders made by tools, wherever they are. */
const generated = new Set(['node_modules', 'dist', 'dist-cms', '.react-router', '.wrangler', 'test-results', 'playwright-report']);
/** Folders of files that are not code: an editor's content, in the check's fixtures. */
const notCode = (folder: string) => /^tests\/fixtures\/.+\/content$/.test(folder);

function filesUnder(folder: string): string[] {
  return readdirSync(path.join(root, folder), { withFileTypes: true }).flatMap((entry) => {
    const file = `${folder}/${entry.name}`;
    if (entry.isDirectory()) return generated.has(entry.name) || notCode(file) ? [] : filesUnder(file);
    return sourceFile.test(entry.name) ? [file] : [];
  });
}

const sourceFiles = (): string[] => [
  ...readdirSync(root, { withFileTypes: true })
    .filter((entry) => entry.isFile() && /\.(ts|mjs)$/.test(entry.name))
    .map((entry) => entry.name),
  ...sourceFolders.flatMap(filesUnder),
];

/** The repository's own top-level folders: those on disk that .gitignore leaves in (so not leads/, dist/). */
const ignoredAtRoot = new Set(
  readFileSync(path.join(root, '.gitignore'), 'utf8')
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line && !/^[#!]/.test(line) && !line.includes('*'))
    .map((line) => line.replace(/^\/|\/$/g, '')),
);
const topFolders = new Set(
  readdirSync(root, { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && entry.name !== '.git' && !ignoredAtRoot.has(entry.name))
    .map((entry) => entry.name),
);

interface Comment {
  /** The line the comment starts on, from 1. */
  line: number;
  text: string;
}

/** Words after which a `/` starts a regular expression rather than a division. */
const beforeExpression = new Set([
  'return',
  'typeof',
  'case',
  'do',
  'else',
  'in',
  'of',
  'void',
  'yield',
  'await',
  'delete',
  'throw',
  'new',
  'instanceof',
]);

/**
 * The `//` and `/* … *\/` comments of a TypeScript or JavaScript source. A scanner, not a parser: it steps over
 * strings, template literals (and the code of their `${}`) and regular expressions, so that `'https://…'` or
 * `/\/\//` is no comment; a string or a regex left open stops at the end of its line, so a JSX text's apostrophe
 * costs one line at most.
 */
function commentsOf(source: string): Comment[] {
  const comments: Comment[] = [];
  /** The brace depth at which each open `${` of a template literal closes. */
  const templates: number[] = [];
  let depth = 0;
  /** The last token of code: a punctuation character, a word, or 'value' after a literal. */
  let last = '';
  let line = 1;
  let counted = 0;
  const lineOf = (offset: number) => {
    for (; counted < offset; counted++) if (source[counted] === '\n') line++;
    return line;
  };
  const endOfLine = (from: number) => {
    const end = source.indexOf('\n', from);
    return end === -1 ? source.length : end;
  };
  /** From inside a template literal: the offset after its closing backtick, or after a `${` (then pushed). */
  const template = (from: number) => {
    for (let i = from; i < source.length; i++) {
      if (source[i] === '\\') i++;
      else if (source[i] === '`') return i + 1;
      else if (source[i] === '$' && source[i + 1] === '{') {
        templates.push(depth);
        depth++;
        return i + 2;
      }
    }
    return source.length;
  };
  const quoted = (from: number, quote: string) => {
    for (let i = from; i < source.length; i++) {
      if (source[i] === '\\') i++;
      else if (source[i] === quote) return i + 1;
      else if (source[i] === '\n') return i;
    }
    return source.length;
  };
  /** The offset after a regular expression starting at `from`, or -1 when none closes on its line. */
  const regex = (from: number) => {
    let inClass = false;
    for (let i = from + 1; i < source.length; i++) {
      const c = source[i];
      if (c === '\\') i++;
      else if (c === '\n') return -1;
      else if (c === '[') inClass = true;
      else if (c === ']') inClass = false;
      else if (c === '/' && !inClass) {
        let end = i + 1;
        while (/\w/.test(source[end] ?? '')) end++;
        return end;
      }
    }
    return -1;
  };

  let i = source.startsWith('#!') ? endOfLine(0) : 0;
  while (i < source.length) {
    const c = source[i]!;
    const next = source[i + 1];
    if (c === '/' && next === '/') {
      const end = endOfLine(i);
      comments.push({ line: lineOf(i), text: source.slice(i + 2, end) });
      i = end;
    } else if (c === '/' && next === '*') {
      const close = source.indexOf('*/', i + 2);
      const end = close === -1 ? source.length : close;
      comments.push({ line: lineOf(i), text: source.slice(i + 2, end) });
      i = end + 2;
    } else if (c === "'" || c === '"') {
      i = quoted(i + 1, c);
      last = 'value';
    } else if (c === '`') {
      i = template(i + 1);
      last = 'value';
    } else if (
      c === '/' &&
      (last === '' || /^[(,=:[!&|?{};+\-*%<>~^]$/.test(last) || beforeExpression.has(last)) &&
      // `</p>` closes a JSX element.
      !(last === '<' && /[\w>]/.test(next ?? ''))
    ) {
      const end = regex(i);
      last = end === -1 ? '/' : 'value';
      i = end === -1 ? i + 1 : end;
    } else if (/[\w$]/.test(c)) {
      let end = i + 1;
      while (/[\w$]/.test(source[end] ?? '')) end++;
      last = source.slice(i, end);
      i = end;
    } else {
      if (c === '{') depth++;
      else if (c === '}') {
        depth--;
        if (templates.length > 0 && templates.at(-1) === depth) {
          templates.pop();
          i = template(i + 1);
          last = 'value';
          continue;
        }
      }
      if (!/\s/.test(c)) last = c;
      i++;
    }
  }
  return comments;
}

/** What may end a path in a sentence (`see src/site/registry.ts.`, `(tests/unit/)`, `« docs/ »`), then an anchor or a line. */
const trailing = /[.,;:)»!?]+$/;
const anchorOrLine = /(#.*|:\d+(?::\d+)?(?:-\d+)?)$/;
/** A glob, or a placeholder standing for some name. */
const notOneFile = /[*<>{}…$]|\.\.\./;
const pathShape = /^[\w.@-]+(\/[\w.@-]+)*\/?$/;

/** The paths a comment's text quotes, as written (cleaned of punctuation), each with its offset in the text. */
function quotedPaths(text: string): { path: string; offset: number }[] {
  return [...text.matchAll(/[^\s`'"’‘«»()[\]|,;=]+/g)].flatMap((match) => {
    let word = match[0];
    if (notOneFile.test(word)) return [];
    for (let before = ''; before !== word; ) {
      before = word;
      word = word.replace(anchorOrLine, '').replace(trailing, '');
    }
    if (!pathShape.test(word)) return [];
    const relative = /^\.\.?\//.test(word) && word.replace(/^(\.\.?\/)+/, '') !== '';
    const repository = word.includes('/') && topFolders.has(word.split('/')[0]!);
    return relative || repository ? [{ path: word, offset: match.index }] : [];
  });
}

/** `file:line → path` for each path quoted in `file`'s comments that is not on disk. */
function brokenReferences(file: string, source: string): string[] {
  return commentsOf(source).flatMap((comment) =>
    quotedPaths(comment.text).flatMap(({ path: quoted, offset }) => {
      const from = /^\.\.?\//.test(quoted) ? path.dirname(path.join(root, file)) : root;
      if (existsSync(path.join(from, quoted))) return [];
      const line = comment.line + (comment.text.slice(0, offset).match(/\n/g)?.length ?? 0);
      return [`${file}:${line} → ${quoted}`];
    }),
  );
}

describe('the comments', () => {
  const files = sourceFiles();
  const broken = files.flatMap((file) => brokenReferences(file, readFileSync(path.join(root, file), 'utf8')));

  it('are read from every source folder and the root’s config files', () => {
    for (const expected of ['vitest.config.ts', 'src/site/registry.ts', 'tools/test/run.ts', 'tests/unit/comment-paths.test.ts']) {
      expect(files, `${expected} should be scanned`).toContain(expected);
    }
    expect(files.filter((file) => /(^|\/)(node_modules|dist)\//.test(file) || /^tests\/fixtures\/.+\/content\//.test(file))).toEqual(
      [],
    );
  });

  it('quote only paths that exist', () => {
    expect(
      broken,
      `these comments quote paths that are not on disk (file:line → path); point each at the file that now holds what the comment says, or reword it:\n${broken.join('\n')}\n`,
    ).toEqual([]);
  });
});

describe('the comment scanner itself', () => {
  const sample = [
    "const url = 'https://example.com/src/missing.ts'; // see ./missing-here.ts and src/site/registry.ts.",
    'const pattern = /\\/\\/ src\\/not-a-comment\\.ts/g;',
    // biome-ignore lint/suspicious/noTemplateCurlyInString: the source of a template literal, for the scanner to read
    'const label = `// ../in-a-template.ts ${value /* ../in-its-code.ts */}`;',
    '/**',
    ' * Two lines down: `tests/unit/gone.test.ts:12`, (docs/architecture.md#imports),',
    ' * src/hosts/<host>/README.md, content/*.json and src/…/x.ts name no one file.',
    ' */',
    'const ratio = a / b; // ../after-a-division.ts',
    'const text = "l\'accueil // ../in-a-string.ts";',
    'return <p>Texte</p>; // tools/gone/',
  ].join('\n');

  it('finds the paths in comments, and none in a string, a template or a regex', () => {
    const quoted = commentsOf(sample).flatMap((comment) => quotedPaths(comment.text).map(({ path: found }) => found));
    expect(quoted).toEqual([
      './missing-here.ts',
      'src/site/registry.ts',
      '../in-its-code.ts',
      'tests/unit/gone.test.ts',
      'docs/architecture.md',
      '../after-a-division.ts',
      'tools/gone/',
    ]);
  });

  it('reports each missing one as file:line → path', () => {
    expect(brokenReferences('tests/unit/sample.ts', sample)).toEqual([
      'tests/unit/sample.ts:1 → ./missing-here.ts',
      'tests/unit/sample.ts:3 → ../in-its-code.ts',
      'tests/unit/sample.ts:5 → tests/unit/gone.test.ts',
      'tests/unit/sample.ts:8 → ../after-a-division.ts',
      'tests/unit/sample.ts:10 → tools/gone/',
    ]);
  });
});
