/**
 * The slow half of `npm test`, once the site is built: the end-to-end tests, the integration tests and the checks
 * over dist/, side by side instead of one after the other. Each of them waits on servers, browsers and wrangler
 * most of the time (the end-to-end tests keep two cores about half busy), so together they end well before the
 * sum of their times. All at the same priority: a stage starved by another would time out.
 * - The end-to-end output streams as it comes; the others' is printed whole when each ends, never interleaved.
 * - It fails when any of them fails, after all of them ended, and names which.
 *   tsx tools/test/side-by-side.ts
 */
import { spawn } from 'node:child_process';
import { testLines } from './lines.ts';

interface Stage {
  script: string;
  /** Streamed to the terminal as it comes (one stage only), or printed whole when it ends. */
  streamed: boolean;
}

const stages: Stage[] = [
  { script: 'test:e2e', streamed: true },
  { script: 'test:integration', streamed: false },
  { script: 'test:build', streamed: false },
];

function run({ script, streamed }: Stage): Promise<{ script: string; code: number }> {
  return new Promise((resolve) => {
    const child = spawn('npm', ['run', script], { stdio: streamed ? 'inherit' : ['ignore', 'pipe', 'pipe'] });
    const output: Buffer[] = [];
    child.stdout?.on('data', (chunk: Buffer) => output.push(chunk));
    child.stderr?.on('data', (chunk: Buffer) => output.push(chunk));
    child.on('error', (error) => output.push(Buffer.from(`${error.message}\n`)));
    child.on('close', (code, signal) => {
      if (!streamed) {
        process.stdout.write(`\n${testLines.stageOutput(script)}\n`);
        process.stdout.write(Buffer.concat(output));
      }
      resolve({ script, code: code ?? (signal ? 1 : 0) });
    });
  });
}

const results = await Promise.all(stages.map(run));
const failed = results.filter(({ code }) => code !== 0).map(({ script }) => script);
console.log(failed.length === 0 ? testLines.allPassed(results.map(({ script }) => script)) : testLines.failed(failed));
process.exit(failed.length === 0 ? 0 : 1);
