// @vitest-environment node
/**
 * `npm run diff -- HEAD~1` end to end, in a temporary git repository: this working tree committed as it is, then
 * a commit that edits one FAQ answer. The report must name /faq, show the new sentence and the misspelt word it
 * adds, and name no other page.
 *
 * It builds the site twice in its own repository and reads no dist/ of this one: it runs with the unit tests, beside
 * the other files that wait on a build.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { copyWorkingTree, provideDependencies } from '../../tools/diff/build.ts';

// « banquaires » for « bancaires »: the report lists it under /faq, without stopping the builds.
const sentence = 'Ce montant ne comprend pas les frais banquaires.';
const repo = mkdtempSync(path.join(os.tmpdir(), 'propllc-diff-test-'));

function git(...args: string[]): string {
  const result = spawnSync('git', args, { cwd: repo, encoding: 'utf8' });
  if (result.status !== 0) throw new Error(`git ${args.join(' ')}: ${result.stderr}`);
  return result.stdout;
}

let run: { status: number | null; stdout: string; stderr: string };
let report: string;

beforeAll(async () => {
  await copyWorkingTree(process.cwd(), repo);
  await provideDependencies(process.cwd(), repo, () => {});
  git('init', '--quiet');
  git('config', 'user.email', 'editeur@example.org');
  git('config', 'user.name', 'Éditeur');
  git('add', '--all');
  git('commit', '--quiet', '--message', 'Site as it is');

  // One FAQ answer gets one more sentence.
  const faq = path.join(repo, 'content', 'faq');
  const file = path.join(
    faq,
    readdirSync(faq)
      .filter((name) => name.endsWith('.mdx'))
      .sort()[0] as string,
  );
  writeFileSync(file, `${readFileSync(file, 'utf8').trimEnd()} ${sentence}\n`);
  git('commit', '--quiet', '--all', '--message', 'FAQ: one answer edited');

  const env = { ...process.env };
  // The temporary repository is where the command is typed.
  delete env.INIT_CWD;
  const result = spawnSync('npm', ['run', '--silent', 'diff', '--', 'HEAD~1', '--out', 'report.md'], {
    cwd: repo,
    env,
    encoding: 'utf8',
  });
  run = { status: result.status, stdout: result.stdout, stderr: result.stderr };
  report = existsSync(path.join(repo, 'report.md')) ? readFileSync(path.join(repo, 'report.md'), 'utf8') : '';
}, 480_000);

afterAll(() => {
  rmSync(repo, { recursive: true, force: true });
});

describe('npm run diff -- HEAD~1 after a commit that edits one FAQ answer', () => {
  test('runs, exits with 0, prints the report and writes it to --out', () => {
    expect(run.stderr).not.toMatch(/failed/);
    expect(run.status).toBe(0);
    expect(report).toMatch(/^## Relecture/);
    expect(run.stdout).toBe(report);
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

  test('leaves no build and no worktree behind', () => {
    expect(existsSync(path.join(repo, 'dist'))).toBe(false);
    expect(existsSync(path.join(repo, 'build'))).toBe(false);
    expect(git('worktree', 'list').trim().split('\n')).toHaveLength(1);
  });
});
