/**
 * Builds two revisions of the site side by side, each in its own temporary folder, so that neither the
 * developer's dist/ nor build/ is touched:
 * - the base revision in a git worktree (`git worktree add --detach`);
 * - the working tree (committed or not) as a copy of the files git tracks or would track.
 * Each folder gets the developer's dependencies when its package-lock.json is the same, else its own `npm ci`.
 */
import { spawn } from 'node:child_process';
import { cpSync, existsSync, lstatSync, mkdirSync, readdirSync, readFileSync, symlinkSync } from 'node:fs';
import path from 'node:path';

export interface RunResult {
  code: number;
  output: string;
}

export function run(command: string, args: string[], options: { cwd: string; env?: NodeJS.ProcessEnv }): Promise<RunResult> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd: options.cwd, env: options.env ?? process.env, stdio: ['ignore', 'pipe', 'pipe'] });
    const chunks: Buffer[] = [];
    child.stdout.on('data', (chunk: Buffer) => chunks.push(chunk));
    child.stderr.on('data', (chunk: Buffer) => chunks.push(chunk));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code: code ?? 1, output: Buffer.concat(chunks).toString('utf8') }));
  });
}

async function git(cwd: string, ...args: string[]): Promise<string> {
  const result = await run('git', args, { cwd });
  if (result.code !== 0) throw new Error(`git ${args.join(' ')} failed:\n${result.output.trim()}`);
  return result.output.trim();
}

export async function repositoryRoot(cwd: string): Promise<string> {
  return git(cwd, 'rev-parse', '--show-toplevel');
}

/** The commit a ref names (`main`, `HEAD~1`, `origin/main`, a hash), or an error naming the ref. */
export async function resolveCommit(root: string, ref: string): Promise<string> {
  const result = await run('git', ['rev-parse', '--verify', '--quiet', `${ref}^{commit}`], { cwd: root });
  if (result.code !== 0) throw new Error(`"${ref}" names no commit of this repository.`);
  return result.output.trim();
}

export async function describeCommit(root: string, commit: string): Promise<string> {
  const [hash = '', subject = ''] = (await git(root, 'log', '-1', '--format=%h%n%s', commit)).split('\n');
  return `${hash} « ${subject.length > 60 ? `${subject.slice(0, 59)}…` : subject} »`;
}

export async function addWorktree(root: string, commit: string, dir: string): Promise<void> {
  await git(root, 'worktree', 'add', '--detach', '--quiet', dir, commit);
}

export async function removeWorktree(root: string, dir: string): Promise<void> {
  await run('git', ['worktree', 'remove', '--force', dir], { cwd: root });
  await run('git', ['worktree', 'prune'], { cwd: root });
}

/** Copies the working tree as git sees it: tracked files (with their edits) and new files not ignored. */
export async function copyWorkingTree(root: string, dir: string): Promise<void> {
  const list = await run('git', ['ls-files', '-z', '--cached', '--others', '--exclude-standard'], { cwd: root });
  if (list.code !== 0) throw new Error(`git ls-files failed:\n${list.output}`);
  for (const file of new Set(list.output.split('\0').filter(Boolean))) {
    const source = path.join(root, file);
    // A file deleted but not yet committed is listed by --cached: it is not part of the working tree.
    if (!existsSync(source) && !isSymlink(source)) continue;
    mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
    cpSync(source, path.join(dir, file), { verbatimSymlinks: true });
  }
}

function isSymlink(file: string): boolean {
  try {
    return lstatSync(file).isSymbolicLink();
  } catch {
    return false;
  }
}

/** Build caches live in node_modules: each build keeps its own, so two builds never write the same file. */
const ownedByEachBuild = new Set(['.cache', '.vite', '.vite-temp']);

/**
 * Gives `dir` the developer's installed dependencies when its lockfile is the same: a real node_modules folder
 * whose entries link to the developer's packages (not one link to the whole folder: build caches under
 * node_modules stay apart). Otherwise installs them with `npm ci`.
 */
export async function provideDependencies(root: string, dir: string, log: (line: string) => void): Promise<void> {
  const lock = (folder: string) => {
    const file = path.join(folder, 'package-lock.json');
    return existsSync(file) ? readFileSync(file, 'utf8') : undefined;
  };
  const installed = path.join(root, 'node_modules');
  if (existsSync(installed) && lock(root) !== undefined && lock(root) === lock(dir)) {
    const target = path.join(dir, 'node_modules');
    mkdirSync(target, { recursive: true });
    for (const entry of readdirSync(installed)) {
      if (!ownedByEachBuild.has(entry)) symlinkSync(path.join(installed, entry), path.join(target, entry));
    }
    return;
  }
  log(`${path.basename(dir)}: package-lock.json differs from the installed one, running npm ci…`);
  const result = await run('npm', ['ci', '--no-audit', '--no-fund'], { cwd: dir });
  if (result.code !== 0) throw new Error(`npm ci failed in ${dir}:\n${result.output.slice(-4000)}`);
}

/** `npm run build` in `dir`; returns the folder of the built site. */
export async function buildSite(dir: string): Promise<string> {
  const env = { ...process.env };
  // The build must use its own folders: a BUILD_DIR set for another purpose would send it elsewhere.
  delete env.BUILD_DIR;
  // A spelling or grammar finding must not stop the comparison: the report lists the ones the change adds.
  env.PROOFREADING = 'warn';
  const result = await run('npm', ['run', 'build'], { cwd: dir, env });
  if (result.code !== 0) throw new Error(`npm run build failed in ${dir}:\n${result.output.slice(-4000)}`);
  const dist = path.join(dir, 'dist');
  if (!existsSync(dist)) throw new Error(`npm run build wrote no ${dist}.`);
  return dist;
}
