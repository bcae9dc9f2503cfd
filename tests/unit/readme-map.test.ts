/**
 * The docs follow the tree: README.md's map names every top-level folder and every folder of src/ two levels down,
 * the docs stay short enough to be read (README, CONTRIBUTING, docs/ and the hosts' READMEs: 70 KB at most), and
 * every repository path they quote, every relative link and every `npm run` script they name exists. So a move or a
 * rename breaks this test, not the reader. Reads the disk only; a folder git ignores (.gitignore) is no folder of
 * the repository.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '..', '..');
const read = (file: string) => readFileSync(path.join(root, file), 'utf8');

/** Plain names of .gitignore (`/dist/`, `node_modules/`), the folders made by tools, plus git's own. */
const ignored = new Set([
  '.git',
  ...read('.gitignore')
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line && !/^[#!]/.test(line) && !line.includes('*'))
    .map((line) => line.replace(/^\/|\/$/g, '')),
]);

const foldersOf = (folder: string) =>
  readdirSync(path.join(root, folder), { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && !ignored.has(entry.name))
    .map((entry) => (folder ? `${folder}/${entry.name}` : entry.name));

const topEntries = new Set(readdirSync(root).filter((name) => !ignored.has(name)));
const topFolders = foldersOf('');
const srcFolders = foldersOf('src').flatMap((folder) => [folder, ...foldersOf(folder)]);

const readme = read('README.md');

/** Each line of the fenced block under « ## Map » that starts at the margin names one folder, written in full. */
function mapEntries(text: string): Set<string> {
  const block = /^## Map\n[\s\S]*?^```\n([\s\S]*?)^```$/m.exec(text)?.[1] ?? '';
  return new Set(
    block
      .split('\n')
      .filter((line) => /^\S/.test(line))
      .map((line) => (line.split(/\s/)[0] ?? '').replace(/\/$/, '')),
  );
}

const docs = [
  'README.md',
  'CONTRIBUTING.md',
  ...readdirSync(path.join(root, 'docs'))
    .filter((name) => name.endsWith('.md'))
    .map((name) => `docs/${name}`),
  ...foldersOf('src/hosts')
    .map((folder) => `${folder}/README.md`)
    .filter((file) => existsSync(path.join(root, file))),
];

/** Inline code outside fenced blocks, cut into words: `node --import tsx src/hosts/node/start.ts` gives the path too. */
function quotedWords(text: string): string[] {
  const prose = text.replace(/^```[\s\S]*?^```$/gm, '');
  return [...prose.matchAll(/`([^`\n]+)`/g)].flatMap((match) => (match[1] ?? '').split(/[\s"',()[\]]+/));
}

/** A word is a repository path when it is written in full from a folder or file at the root of the repository. */
const isRepositoryPath = (word: string) =>
  /^[\w.@-]+(\/[\w.@-]+)*\/?$/.test(word) && word.includes('/') && topEntries.has(word.split('/')[0] ?? '');

describe('README.md’s map', () => {
  const entries = mapEntries(readme);

  it('is found, under « ## Map »', () => {
    expect(entries.size).toBeGreaterThan(0);
  });

  it.each(topFolders)('names the top-level folder %s/', (folder) => {
    expect(entries.has(folder), `${folder}/ is missing from the map of README.md`).toBe(true);
  });

  it.each(srcFolders)('names %s/', (folder) => {
    expect(entries.has(folder), `${folder}/ is missing from the map of README.md`).toBe(true);
  });
});

describe('the docs', () => {
  it('come to 70 KB at most: README, CONTRIBUTING, docs/ and the hosts’ READMEs', () => {
    const sizes = docs.map((file) => `${file}: ${statSync(path.join(root, file)).size}`);
    const total = docs.reduce((sum, file) => sum + statSync(path.join(root, file)).size, 0);
    expect(total, sizes.join('\n')).toBeLessThanOrEqual(70_000);
  });

  it('include each host’s README', () => {
    expect(docs.filter((file) => file.startsWith('src/hosts/'))).toEqual(
      foldersOf('src/hosts').map((folder) => `${folder}/README.md`),
    );
  });

  it.each(docs)('%s quotes only paths that exist', (file) => {
    const missing = quotedWords(read(file)).filter((word) => isRepositoryPath(word) && !existsSync(path.join(root, word)));
    expect(missing, `${file} quotes paths that no longer exist`).toEqual([]);
  });

  it.each(docs)('%s links only to files that exist', (file) => {
    const links = [...read(file).matchAll(/\]\(([^)\s#]+)(?:#[^)]*)?\)/g)].map((match) => match[1] ?? '');
    const missing = links.filter((link) => !/^[a-z]+:/.test(link) && !existsSync(path.join(root, path.dirname(file), link)));
    expect(missing, `${file} links to files that do not exist`).toEqual([]);
  });

  it.each(docs)('%s names only npm scripts that exist', (file) => {
    const scripts = Object.keys(JSON.parse(read('package.json')).scripts as Record<string, string>);
    const named = [...read(file).matchAll(/npm run ([\w:-]+)/g)].map((match) => match[1] ?? '');
    expect(named.filter((name) => !scripts.includes(name))).toEqual([]);
  });
});

describe('the path check itself', () => {
  it('tells a repository path from a word that only looks like one', () => {
    expect(['src/api/store/choose.ts', 'tests/unit/', '.github/workflows/ci.yml'].filter(isRepositoryPath)).toHaveLength(3);
    expect(
      ['dist/about.html', 'leads/', 'content/<name>.json', 'LEADS_DIR/notifications/', 'owner/name'].filter(isRepositoryPath),
    ).toEqual([]);
  });

  it('reads a map whose continuation lines are indented', () => {
    const entries = mapEntries('## Map\n\n```\nsrc/api/     request time\n             on any host\nops/         commands\n```\n');
    expect([...entries]).toEqual(['src/api', 'ops']);
  });
});
