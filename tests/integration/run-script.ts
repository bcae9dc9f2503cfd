/**
 * The operator's commands (`npm run leads`, `npm run stats`) as a terminal shows them, with `env` added: each in a
 * process of its own (`runScript`), or `npm run leads` in this one (`runLeads`, the same function its process runs,
 * without starting Node and loading the modules again: about a CPU-second each).
 */
import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { leadsCommand } from '../../ops/leads/command.ts';

const root = path.resolve(import.meta.dirname, '../..');

export interface ScriptRun {
  code: number;
  stdout: string;
  stderr: string;
}

export async function runScript(script: string, args: readonly string[], env: Record<string, string> = {}): Promise<ScriptRun> {
  try {
    // Node with tsx's loader, as `npm start` runs: the `tsx` command would start a second Node process to run it.
    const { stdout, stderr } = await promisify(execFile)(process.execPath, ['--import', 'tsx', script, ...args], {
      cwd: root,
      env: { ...process.env, ...env },
    });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const { code, stdout, stderr } = error as ScriptRun;
    return { code, stdout, stderr };
  }
}

/** `npm run leads` with these arguments, in this process: what it printed on stdout and stderr, and its exit code. */
export async function runLeads(args: readonly string[], env: Record<string, string> = {}): Promise<ScriptRun> {
  let stdout = '';
  let stderr = '';
  const code = await leadsCommand(args, {
    env: { ...process.env, ...env },
    out: (line) => (stdout += `${line}\n`),
    err: (line) => (stderr += `${line}\n`),
  });
  return { code, stdout, stderr };
}
