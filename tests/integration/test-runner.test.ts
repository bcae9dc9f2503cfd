/**
 * `npm test`'s runner (tools/test/runner.ts) over small stages (tests/fixtures/test-runner/stages.ts): the table it
 * prints, the stages it skips, and that nothing it started outlives it (a server that left its group and ignores
 * SIGTERM included, and the files its stages left in their temporary folder), whether the run ends by itself or is
 * stopped by SIGTERM or SIGINT.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, watch } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { testLines } from '../../tools/test/lines.ts';

const stagesScript = new URL('../fixtures/test-runner/stages.ts', import.meta.url).pathname;
let folder: string;

function run(...args: string[]) {
  folder = mkdtempSync(path.join(tmpdir(), 'propllc-runner-'));
  const state = path.join(folder, 'state.json');
  const child = spawn(process.execPath, ['--import', 'tsx', stagesScript, ...args], {
    env: { ...process.env, RUNNER_STATE: state },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.on('close', (code) => resolve(code)));
  return { child, state, exited, output: () => output };
}

/** Resolves with the server's port and pid once it listens (the file appears). */
const serverState = (state: string) =>
  new Promise<{ port: number; pid: number }>((resolve) => {
    const read = () => {
      if (!existsSync(state)) return;
      watcher.close();
      resolve(JSON.parse(readFileSync(state, 'utf8')));
    };
    const watcher = watch(path.dirname(state), read);
    read();
  });

const refused = (port: number) =>
  new Promise<boolean>((resolve) => {
    const socket = connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      resolve(false);
    });
    socket.once('error', () => resolve(true));
  });

const alive = (pid: number) => {
  try {
    return !/^\d+ \(.*\) Z/s.test(readFileSync(`/proc/${pid}/stat`, 'latin1'));
  } catch {
    return false;
  }
};

let child: ChildProcess | undefined;
afterEach(() => {
  child?.kill('SIGKILL');
  rmSync(folder, { recursive: true, force: true });
});

describe('npm test’s runner', () => {
  it('prints each stage with its tests and result, skips what follows a failure, and ends what a stage left', async () => {
    const runner = run();
    child = runner.child;
    expect(await runner.exited).toBe(1);
    const output = runner.output();
    const row = (name: string) => output.split('\n').find((line) => line.startsWith(`${name} `)) ?? '';
    expect(row('passes')).toMatch(/^passes\s+\d+ s\s+3 passed\s+réussi$/);
    expect(row('fails')).toMatch(/ÉCHEC$/);
    expect(row('after-fails')).toMatch(/non lancé/);
    expect(output).toContain(testLines.failed(['fails']));
    // The server is named; what it started itself (tsx's compiler service) may be too.
    expect(output).toMatch(/processus lancés? par les tests étai(en)?t encore là à la fin, arrêtés? :\n( {2}.*\n)* {2}.*server\.ts/);
    const { port, pid } = JSON.parse(readFileSync(runner.state, 'utf8'));
    expect(alive(pid), 'the detached server that ignores SIGTERM').toBe(false);
    expect(await refused(port)).toBe(true);
    // A stage's temporary files go with the run; the temporary folder they were in was the run's own.
    const left = /^LEFT (.+)$/m.exec(output)?.[1] ?? '';
    expect(path.dirname(path.dirname(left))).toBe(tmpdir());
    expect(path.basename(path.dirname(left))).toMatch(/^propllc-test-run-/);
    expect(existsSync(left)).toBe(false);
    expect(existsSync(path.dirname(left))).toBe(false);
  });

  for (const [signal, code] of [
    ['SIGTERM', 143],
    ['SIGINT', 130],
  ] as const) {
    it(`stopped by ${signal}, ends every process the stages started and frees their ports`, async () => {
      const runner = run('--stay');
      child = runner.child;
      const { port, pid } = await serverState(runner.state);
      expect(await refused(port)).toBe(false);
      runner.child.kill(signal);
      expect(await runner.exited).toBe(code);
      expect(runner.output()).toContain(testLines.stopped(signal));
      expect(runner.output()).toMatch(/^server\s+\d+ s\s+—\s+interrompu$/m);
      expect(alive(pid)).toBe(false);
      expect(await refused(port)).toBe(true);
    });
  }
});
