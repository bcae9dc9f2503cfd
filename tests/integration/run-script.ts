/**
 * The operator's commands (`npm run leads`, `npm run stats`) as a terminal shows them, with `env` added: each in a
 * process of its own (`runScript`), or in this one (`runLeads`, `runStats`: ../fixtures/operator-command.ts).
 */
import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { leadsCommand } from '../../ops/leads/command.ts';
import { statsCommand } from '../../ops/stats/command.ts';
import { type CommandRun, runInProcess } from '../fixtures/operator-command.ts';

const root = path.resolve(import.meta.dirname, '../..');

export async function runScript(script: string, args: readonly string[], env: Record<string, string> = {}): Promise<CommandRun> {
  try {
    // Node with tsx's loader, as `npm start` runs: the `tsx` command would start a second Node process to run it.
    const { stdout, stderr } = await promisify(execFile)(process.execPath, ['--import', 'tsx', script, ...args], {
      cwd: root,
      env: { ...process.env, ...env },
    });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const { code, stdout, stderr } = error as CommandRun;
    return { code, stdout, stderr };
  }
}

/** `npm run leads` with these arguments, in this process. */
export const runLeads = (args: readonly string[], env: Record<string, string> = {}) => runInProcess(leadsCommand, args, env);

/** `npm run stats` with these arguments, in this process. */
export const runStats = (args: readonly string[], env: Record<string, string> = {}) => runInProcess(statsCommand, args, env);
