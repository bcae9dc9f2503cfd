// @vitest-environment node
/**
 * `npm run diff -- HEAD~1` end to end (tools/diff/command.ts, run in this process), in a temporary git repository
 * whose commits hold a small built site (tests/fixtures/diff-sites/avant) beside the project's content/: the first
 * as it is, the second with one FAQ answer edited. The command's two builds are stood for by that site as each side
 * has it: the diff is a report for reviewers, not a site anybody deploys, and building the real site twice would
 * prove nothing more about it. The report must name /faq, show the new sentence and the misspelt word it adds, and
 * name no other page; the command leaves no worktree and no temporary folder behind.
 */
import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { diffCommand } from '../../tools/diff/command.ts';

const root = path.resolve(import.meta.dirname, '../..');
// « banquaires » for « bancaires »: the report lists it under /faq.
const sentence = 'Ce montant ne comprend pas les frais banquaires.';
const repo = mkdtempSync(path.join(os.tmpdir(), 'propllc-diff-test-'));

function git(...args: string[]): string {
  const result = spawnSync('git', args, { cwd: repo, encoding: 'utf8' });
  if (result.status !== 0) throw new Error(`git ${args.join(' ')}: ${result.stderr}`);
  return result.stdout;
}

let code: number;
let stdout = '';
let stderr = '';
let report = '';
/** The folders the command built in: its base revision's worktree and its copy of the working tree. */
const built: string[] = [];

beforeAll(async () => {
  // The content the proofreading reads its trade words and grammar silences from, and the site as built.
  cpSync(path.join(root, 'content'), path.join(repo, 'content'), { recursive: true });
  cpSync(path.join(root, 'tests/fixtures/diff-sites/avant'), path.join(repo, 'site'), { recursive: true });
  // Installed dependencies of the same lockfile: each side links them instead of running `npm ci` (none are needed).
  cpSync(path.join(root, 'package-lock.json'), path.join(repo, 'package-lock.json'));
  mkdirSync(path.join(repo, 'node_modules'));
  git('init', '--quiet');
  git('config', 'user.email', 'editeur@example.org');
  git('config', 'user.name', 'Éditeur');
  git('add', '--all');
  git('commit', '--quiet', '--message', 'Site as it is');

  // One FAQ answer gets one more sentence.
  const faq = path.join(repo, 'site', 'faq', 'index.html');
  const before = readFileSync(faq, 'utf8');
  const after = before.replace('Comptez 3 à 4 semaines au total.', `Comptez 3 à 4 semaines au total. ${sentence}`);
  expect(after).not.toBe(before);
  writeFileSync(faq, after);
  git('commit', '--quiet', '--all', '--message', 'FAQ: one answer edited');

  code = await diffCommand(['HEAD~1', '--out', 'report.md'], {
    // The temporary repository is where the command is typed.
    env: {},
    cwd: repo,
    write: (text) => (stdout += text),
    log: (line) => (stderr += `${line}\n`),
    build: async (dir) => {
      built.push(dir);
      return path.join(dir, 'site');
    },
  });
  report = existsSync(path.join(repo, 'report.md')) ? readFileSync(path.join(repo, 'report.md'), 'utf8') : '';
}, 120_000);

afterAll(() => {
  rmSync(repo, { recursive: true, force: true });
});

describe('npm run diff -- HEAD~1 after a commit that edits one FAQ answer', () => {
  test('runs, exits with 0, prints the report and writes it to --out', () => {
    expect(stderr).not.toMatch(/failed/);
    expect(code).toBe(0);
    expect(report).toMatch(/^## Relecture/);
    expect(stdout).toBe(report);
  });

  test('builds the base revision and the working tree, each in a folder of its own', () => {
    expect(built).toHaveLength(2);
    expect(new Set(built).size).toBe(2);
    expect(report).toContain('FAQ: one answer edited');
  });

  test('names /faq only, with the new sentence inserted in its answer', () => {
    expect([...report.matchAll(/^### `([^`]+)`/gm)].map((match) => match[1])).toEqual(['/faq']);
    expect(report).toMatch(/^- 1 page au texte modifié\s:\s`\/faq`$/m);
    expect(report).toMatch(/^#### Question « .+ »$/m);
    expect(report).toContain(`<ins>${sentence}</ins>`);
    expect(report).not.toMatch(/nouvelle page|page supprimée|mise en forme modifiée/);
  });

  test('lists the misspelt word the edit adds under /faq', () => {
    const faq = report.slice(report.indexOf('### `/faq`'));
    expect(faq).toMatch(/^#### Orthographe et grammaire\s:\sfautes ajoutées$/m);
    expect(faq).toMatch(/^- « banquaires »\s:\smot inconnu\. Vouliez-vous dire « bancaires »/m);
  });

  test('leaves no worktree and no folder of its own behind', () => {
    for (const dir of built) expect(existsSync(dir), dir).toBe(false);
    expect(git('worktree', 'list').trim().split('\n')).toHaveLength(1);
    expect(git('status', '--porcelain', '--untracked-files=all')).toBe('?? report.md\n');
  });
});

describe('npm run diff without a base', () => {
  test('prints its usage and exits with 2', async () => {
    let log = '';
    expect(await diffCommand([], { env: {}, cwd: repo, write: () => {}, log: (line) => (log += line) })).toBe(2);
    expect(log).toBe('Usage: npm run diff -- <base-ref> [--out FILE] [--screenshots DIR] [--preview-url URL]');
  });
});
