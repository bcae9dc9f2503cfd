/**
 * Copies of the project for the tests that build one: content/ overlaid with a fixture (tests/fixtures/<case>/
 * content/…), node_modules shared by a symbolic link, removed by `removeCopies` when the file's tests end.
 */
import { spawn } from 'node:child_process';
import { cpSync, mkdtempSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
export const fixtures = path.join(root, 'tests', 'fixtures');
const skipped = new Set([
  'node_modules',
  'dist',
  'build',
  'test-builds',
  '.git',
  '.react-router',
  'tests',
  'playwright-report',
  'test-results',
  'screenshots',
]);
const copies: string[] = [];

/** The project with `fixture`'s files laid over its content/. */
export function projectWith(fixture: string): string {
  const copy = mkdtempSync(path.join(tmpdir(), `propllc-${fixture}-`));
  copies.push(copy);
  cpSync(root, copy, {
    recursive: true,
    filter: (source) => !skipped.has(path.relative(root, source).split(path.sep)[0] ?? ''),
  });
  symlinkSync(path.join(root, 'node_modules'), path.join(copy, 'node_modules'), 'dir');
  cpSync(path.join(fixtures, fixture, 'content'), path.join(copy, 'content'), { recursive: true });
  return copy;
}

/** Runs `command` in `cwd`, as from a terminal. */
function run(cwd: string, command: string, args: string[]): Promise<{ code: number; output: string }> {
  // The build (or the tests run in a copy) decides its own mode: no settings of this test run leak into it.
  const env = Object.fromEntries(Object.entries(process.env).filter(([name]) => name !== 'NODE_ENV' && !name.startsWith('VITEST')));
  return new Promise((resolve) => {
    const child = spawn(command, args, { cwd, env, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.on('close', (code) => resolve({ code: code ?? 1, output }));
  });
}

export const build = (cwd: string) => run(cwd, 'npm', ['run', 'build']);

export function removeCopies(): void {
  for (const copy of copies) rmSync(copy, { recursive: true, force: true });
}
