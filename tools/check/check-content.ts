/**
 * `npm run check`: validates content/ in a couple of seconds, without building.
 * With `--types` (what `npm run check` passes), the TypeScript check runs at the same time in a child
 * process, so the whole check costs about as long as `tsc` alone:
 *   - `react-router typegen` is skipped when its output is newer than what it is generated from (./typegen.ts);
 *   - `tsc` is TypeScript 7's native compiler (the `typescript-7` alias: about four times faster than TypeScript 6,
 *     which stays installed as `typescript` for the tools that use its JavaScript API, knip and dependency-cruiser);
 *   - it is incremental (its cache lives in node_modules/.cache), so a re-run checks only what changed.
 * With `--release` (`npm run check -- --release`), the release rules of tools/check/content-check/release.ts run too:
 * no placeholder left in the company facts, no claim awaiting proof. The site goes live only when they pass.
 */
import { spawn } from 'node:child_process';
import path from 'node:path';
import { checkContent, formatProblems } from './content-check/check.ts';
import { ensureTypegen } from './typegen.ts';

const root = process.cwd();
const withTypes = process.argv.includes('--types');
const forRelease = process.argv.includes('--release');

function run(command: string, args: string[]): Promise<{ code: number; output: string }> {
  return new Promise((resolve) => {
    const child = spawn(command, args, { cwd: root, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.on('close', (code) => resolve({ code: code ?? 1, output }));
  });
}

async function typeCheck(): Promise<{ ok: boolean; output: string }> {
  const typegen = await ensureTypegen();
  if (typegen.code !== 0) return { ok: false, output: typegen.output };
  // By its path: both TypeScripts install a `tsc` command, and node_modules/.bin keeps either one.
  const tsc = await run(path.join(root, 'node_modules', 'typescript-7', 'bin', 'tsc'), [
    '--noEmit',
    '--incremental',
    '--tsBuildInfoFile',
    path.join('node_modules', '.cache', 'propllc', 'tsconfig.tsbuildinfo'),
  ]);
  return { ok: tsc.code === 0, output: tsc.output };
}

// performance.now() counts from the start of the process: imports (the MDX compiler) included.
const seconds = () => `${(performance.now() / 1000).toFixed(1)} s`;
const types = withTypes ? typeCheck() : undefined;
const problems = await checkContent(root);
const contentTime = seconds();

let failed = false;
if (problems.length > 0) {
  failed = true;
  console.error(formatProblems(problems));
} else {
  console.log(`content/ : tout est valide (${contentTime}).`);
}

if (forRelease) {
  // The same environment the build sees: process.env and the .env files Vite reads for a production build.
  const { loadEnv } = await import('vite');
  const env = { ...loadEnv('production', root, ''), ...process.env };
  const { checkRelease } = await import('./content-check/release.ts');
  const releaseProblems = await checkRelease({ root, env });
  if (releaseProblems.length > 0) {
    failed = true;
    console.error(`\nMise en ligne : ${releaseProblems.length} point(s) à régler avant de publier le site :\n`);
    for (const problem of releaseProblems) console.error(`  ✗ ${problem}\n`);
  } else {
    console.log('Mise en ligne : aucune valeur fictive ni affirmation à prouver.');
  }
}

if (types) {
  const { ok, output } = await types;
  if (ok) {
    console.log(`TypeScript : aucune erreur (${seconds()}).`);
  } else {
    failed = true;
    console.error(`\nTypeScript : erreurs de type (à corriger par un développeur si elles ne viennent pas de content/) :\n`);
    console.error(output);
  }
}

process.exit(failed ? 1 : 0);
