/** Runs one of the operator's commands (`npm run leads`, `npm run stats`) as a terminal would, with `env` added. */
import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';

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
