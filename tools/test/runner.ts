/**
 * Runs stages side by side, each started as soon as the stages it reads have passed, and ends every process they
 * started, whatever happens (tools/test/run.ts gives `npm test`'s stages).
 * - Each stage's output is printed whole when it ends, never interleaved; at the end, one table: each stage, its
 *   wall time, its tests, its result.
 * - Nothing outlives the run: each stage is a process group of its own, and every process the run starts carries
 *   `PROPLLC_TEST_RUN` in its environment, so that those which left their group (a server started detached, wrangler's
 *   workerd) are found too. Whether the run passes, fails or gets SIGTERM, SIGINT or SIGHUP, the groups are ended,
 *   then whatever still carries the mark.
 * - Nor do their temporary files: every stage runs with TMPDIR set to one folder of the run, removed when it ends
 *   (the tests' stores, sites in miniature, browser profiles). tsx's compile cache, kept in the temporary folder, is a
 *   link there to the usual one, so that each run does not compile everything again.
 * Words of the table and the messages: ./lines.ts.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir, userInfo } from 'node:os';
import path from 'node:path';
import { testCounts } from './counts.ts';
import { type StageReport, testLines } from './lines.ts';

export interface Stage {
  /** Its name in the table and on the command line. */
  name: string;
  command: string[];
  /** The stages whose output it reads: it starts when they passed, and is not run if one failed. */
  after?: string[];
}

/** `names` and the stages they read, in declaration order (all stages when `names` is empty); undefined if one is unknown. */
export function withPrerequisites(stages: readonly Stage[], names: readonly string[]): Stage[] | undefined {
  if (names.some((name) => !stages.some((stage) => stage.name === name))) return undefined;
  if (names.length === 0) return [...stages];
  const wanted = new Set(names);
  // A stage's prerequisites are declared before it: one pass from the end gathers them all.
  for (const stage of [...stages].reverse()) {
    if (wanted.has(stage.name)) for (const name of stage.after ?? []) wanted.add(name);
  }
  return stages.filter(({ name }) => wanted.has(name));
}

/** Runs `stages`, prints their table, ends what they left, and exits: 0 when all passed, 1 if not, 128 + n on signal n. */
export async function runStages(stages: readonly Stage[], before?: () => Promise<{ code: number; output: string }>): Promise<never> {
  /** One mark for the whole run, inherited by every process it starts (and Playwright's E2E_RUN: one run, one build). */
  const mark = `${process.pid}-${Date.now()}`;
  const temporary = runTemporaryFolder();
  const env = { ...process.env, PROPLLC_TEST_RUN: mark, E2E_RUN: process.env.E2E_RUN ?? mark, TMPDIR: temporary };
  const started = performance.now();
  const reports = new Map<string, StageReport>(stages.map(({ name }) => [name, { name, state: 'waiting' }]));
  const running = new Map<string, ChildProcess>();
  let stopping: NodeJS.Signals | undefined;

  function start(stage: Stage): Promise<void> {
    const report = reports.get(stage.name) as StageReport;
    report.state = 'running';
    const since = performance.now();
    const [command, ...args] = stage.command;
    return new Promise((resolve) => {
      // A group of its own, so that ending it ends npm, the shell and what they started, and a Ctrl-C in the
      // terminal reaches this runner alone, which ends the stages in order.
      const child = spawn(command as string, args, { env, detached: true, stdio: ['ignore', 'pipe', 'pipe'] });
      running.set(stage.name, child);
      const output: Buffer[] = [];
      child.stdout?.on('data', (chunk: Buffer) => output.push(chunk));
      child.stderr?.on('data', (chunk: Buffer) => output.push(chunk));
      child.on('error', (error) => output.push(Buffer.from(`${error.message}\n`)));
      child.on('close', (code, signal) => {
        running.delete(stage.name);
        const text = Buffer.concat(output).toString();
        report.seconds = (performance.now() - since) / 1000;
        report.tests = testCounts(text);
        report.state = stopping ? 'stopped' : code === 0 && !signal ? 'passed' : 'failed';
        process.stdout.write(`\n${testLines.stageOutput(stage.name)}\n${text}`);
        process.stdout.write(`${testLines.stageEnded(report)}\n`);
        resolve();
      });
    });
  }

  /** Starts every stage whose prerequisites passed, again each time one ends; skips those with one that did not. */
  async function runAll(): Promise<void> {
    const pending = new Map<string, Promise<void>>();
    const launch = (): void => {
      for (const stage of stages) {
        const report = reports.get(stage.name) as StageReport;
        if (report.state !== 'waiting' || stopping) continue;
        const before = (stage.after ?? []).map((name) => reports.get(name)?.state ?? 'passed');
        if (before.some((state) => state === 'failed' || state === 'skipped' || state === 'stopped')) {
          report.state = 'skipped';
        } else if (before.every((state) => state === 'passed')) {
          process.stdout.write(`${testLines.stageStarted(stage.name)}\n`);
          pending.set(
            stage.name,
            start(stage).then(() => {
              pending.delete(stage.name);
              launch();
            }),
          );
        }
      }
    };
    launch();
    while (pending.size > 0) await Promise.race(pending.values());
  }

  /** Processes of this run still alive, by the mark in their environment (Linux's /proc; elsewhere, none found). */
  function markedProcesses(): number[] {
    let pids: string[];
    try {
      pids = readdirSync('/proc').filter((name) => /^\d+$/.test(name));
    } catch {
      return [];
    }
    return pids
      .map(Number)
      .filter((pid) => pid !== process.pid)
      .filter((pid) => {
        try {
          return readFileSync(`/proc/${pid}/environ`, 'latin1').split('\0').includes(`PROPLLC_TEST_RUN=${mark}`);
        } catch {
          return false; // gone meanwhile, or not ours to read
        }
      });
  }

  /** Ends the stages' groups, then every process still marked: SIGTERM first, SIGKILL for what ignores it. */
  async function cleanUp(): Promise<string[]> {
    for (const signal of ['SIGTERM', 'SIGKILL'] as const) {
      const children = [...running.values()];
      if (children.length === 0) break;
      const closed = Promise.all(children.map((child) => new Promise((resolve) => child.once('close', resolve))));
      for (const child of children) signalGroup(child, signal);
      await Promise.race([closed, delay(signal === 'SIGTERM' ? 10_000 : 2_000)]);
    }
    const leftovers = markedProcesses();
    const names = leftovers.map(commandOf);
    await endAll(await endAll(leftovers, 'SIGTERM', 5_000), 'SIGKILL', 2_000);
    return names;
  }

  function finish(): never {
    rmSync(temporary, { recursive: true, force: true, maxRetries: 3 });
    const seconds = (performance.now() - started) / 1000;
    const all = [...reports.values()];
    for (const report of all) if (report.state === 'waiting') report.state = 'skipped';
    process.stdout.write(`\n${testLines.table(all, seconds)}\n`);
    if (stopping) {
      process.stdout.write(`${testLines.stopped(stopping)}\n`);
      process.exit(128 + (stopping === 'SIGINT' ? 2 : stopping === 'SIGHUP' ? 1 : 15));
    }
    const passed = all.every(({ state }) => state === 'passed');
    const failed = all.filter(({ state }) => state === 'failed').map(({ name }) => name);
    process.stdout.write(`${passed ? testLines.allPassed(seconds) : testLines.failed(failed)}\n`);
    process.exit(passed ? 0 : 1);
  }

  for (const signal of ['SIGTERM', 'SIGINT', 'SIGHUP'] as const) {
    process.on(signal, () => {
      if (stopping) return;
      stopping = signal;
      process.stdout.write(`\n${testLines.stopping(signal)}\n`);
      void cleanUp().then(finish);
    });
  }

  const first = await before?.();
  if (first && first.code !== 0) {
    process.stdout.write(first.output);
    return finish();
  }
  await runAll();
  // On a signal, its handler ends the run; it must not finish twice.
  if (stopping) return new Promise<never>(() => {});
  const leftovers = await cleanUp();
  if (leftovers.length > 0) process.stdout.write(`${testLines.leftovers(leftovers)}\n`);
  return finish();
}

/** The run's temporary folder, with tsx's cache (tsx-<uid>, as tsx names it) linked to the shared one. */
function runTemporaryFolder(): string {
  const folder = mkdtempSync(path.join(tmpdir(), 'propllc-test-run-'));
  const cache = `tsx-${userInfo().uid}`;
  mkdirSync(path.join(tmpdir(), cache), { recursive: true });
  symlinkSync(path.join(tmpdir(), cache), path.join(folder, cache));
  return folder;
}

/** A process's command line, shortened, for the line that names what the stages left behind. */
function commandOf(pid: number): string {
  try {
    const words = readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').filter(Boolean);
    const line = words.map((word) => word.replace(/^.*\/node_modules\//, '')).join(' ');
    return line.length > 100 ? `${line.slice(0, 99)}…` : line;
  } catch {
    return String(pid);
  }
}

const delay = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function signalGroup(child: ChildProcess, signal: NodeJS.Signals): void {
  try {
    process.kill(-(child.pid as number), signal);
  } catch {
    // the group is gone
  }
}

/** Alive and not a zombie: an orphan's zombie waits for an init that, in a container, may never reap it. */
function alive(pid: number): boolean {
  try {
    return !/^\d+ \(.*\) Z/s.test(readFileSync(`/proc/${pid}/stat`, 'latin1'));
  } catch {
    try {
      process.kill(pid, 0);
      return true;
    } catch {
      return false;
    }
  }
}

/** Sends `signal` to each pid; resolves when all are gone, or after `graceMs` with those left. */
async function endAll(pids: number[], signal: NodeJS.Signals, graceMs: number): Promise<number[]> {
  for (const pid of pids) {
    try {
      process.kill(pid, signal);
    } catch {
      // already gone
    }
  }
  const deadline = performance.now() + graceMs;
  let left = pids.filter(alive);
  // A process that ends tells only its parent: the others' end is seen by asking, a tenth of a second apart.
  while (left.length > 0 && performance.now() < deadline) {
    await delay(100);
    left = left.filter(alive);
  }
  return left;
}
