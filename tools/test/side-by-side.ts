/**
 * Steps of `npm test` run side by side instead of one after the other, each `npm run <stage>` given as an argument:
 *   tsx tools/test/side-by-side.ts test:e2e test:integration test:build
 * - Why: the end-to-end tests wait on servers, browsers and wrangler most of the time, and the check and the build
 *   keep one core of two busy; together they end well before the sum of their times. All at the same priority: a
 *   stage starved by another would time out.
 * - Only stages that write nothing another reads go together (CONTRIBUTING.md, « Tests »).
 * - The first stage's output streams as it comes; the others' is printed whole when each ends, never interleaved.
 * - It fails when any of them fails, after all of them ended, and names which.
 */
import { spawn } from 'node:child_process';
import { testLines } from './lines.ts';

interface Stage {
  script: string;
  /** Streamed to the terminal as it comes (one stage only), or printed whole when it ends. */
  streamed: boolean;
}

/** `npm run <words of the argument>`: a stage may carry its own arguments (`"cms:normalise -- --check"`). */
const stages: Stage[] = process.argv.slice(2).map((script, index) => ({ script, streamed: index === 0 }));

function run({ script, streamed }: Stage): Promise<{ script: string; code: number }> {
  return new Promise((resolve) => {
    const child = spawn('npm', ['run', ...script.split(' ')], { stdio: streamed ? 'inherit' : ['ignore', 'pipe', 'pipe'] });
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
