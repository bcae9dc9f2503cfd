/**
 * `react-router typegen`, skipped when its output is newer than what it is generated from. The lint and the content
 * check both need the route types; `npm test` runs them side by side, and two typegens writing one folder at once
 * could hand `tsc` or knip a half-written file: the runner (tools/test/run.ts) makes them fresh first, and each
 * then finds nothing to do.
 * Run as a script (`tsx tools/check/typegen.ts`), it exits with typegen's own code and output.
 */
import { spawn } from 'node:child_process';
import { existsSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('../..', import.meta.url));

/** Route types depend on the route config and on which route files exist, not on their contents. */
export function typegenIsFresh(): boolean {
  const marker = path.join(root, '.react-router', 'types', '+routes.ts');
  if (!existsSync(marker)) return false;
  const generated = statSync(marker).mtimeMs;
  const sources = [
    'react-router.config.ts',
    'src/site/routes.ts',
    'src/site/registry.ts',
    'content/pages',
    'src/site/layouts',
    'src/site/routes',
  ];
  return sources.every((source) => {
    const file = path.join(root, source);
    return !existsSync(file) || statSync(file).mtimeMs <= generated;
  });
}

/** Runs typegen unless it is fresh; resolves with its exit code and what it printed. */
export function ensureTypegen(): Promise<{ code: number; output: string }> {
  if (typegenIsFresh()) return Promise.resolve({ code: 0, output: '' });
  return new Promise((resolve) => {
    const child = spawn(path.join(root, 'node_modules', '.bin', 'react-router'), ['typegen'], {
      cwd: root,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.on('error', (error) => resolve({ code: 1, output: `${output}${error.message}\n` }));
    child.on('close', (code) => resolve({ code: code ?? 1, output }));
  });
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const { code, output } = await ensureTypegen();
  process.stdout.write(output);
  process.exitCode = code;
}
