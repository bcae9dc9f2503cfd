/**
 * The slow half of `npm test`, once the site is built: the end-to-end tests, the integration tests and the checks
 * over dist/, side by side instead of one after the other. Each of them waits on servers, browsers and wrangler
 * most of the time (the end-to-end tests keep two cores about half busy), so together they end well before the
 * sum of their times.
 * - The end-to-end tests go first: the others run at a lower priority, on what the browsers leave.
 * - The end-to-end output streams as it comes; the others' is printed whole when each ends, never interleaved.
 * - It fails when any of them fails, after all of them ended, and names which.
 *   tsx tools/test/side-by-side.ts
 */
import { spawn } from 'node:child_process';
import { setPriority } from 'node:os';
import { testLines } from './lines.ts';

interface Stage {
  script: string;
  /** Streamed to the terminal as it comes (one stage only), or printed whole when it ends. */
  streamed: boolean;
  /** Lower priority (a higher nice value), inherited by every process it starts. */
  nice: number;
}

const stages: Stage[] = [
  { script: 'test:e2e', streamed: true, nice: 0 },
  { script: 'test:integration', streamed: false, nice: 10 },
  { script: 'test:build', streamed: false, nice: 10 },
];

function run({ script, streamed, nice }: Stage): Promise<{ script: string; code: number }> {
  return new Promise((resolve) => {
    const child = spawn('npm', ['run', script], { stdio: streamed ? 'inherit' : ['ignore', 'pipe', 'pipe'] });
    if (nice !== 0 && child.pid !== undefined) {
      try {
        setPriority(child.pid, nice);
      } catch {
        // A system that refuses it runs the stage at the same priority: slower, never wrong.
      }
    }
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
