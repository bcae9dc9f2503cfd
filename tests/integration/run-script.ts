/** Runs one of the operator's commands (`npm run leads`, `npm run stats`) as a terminal would, with `env` added. */
import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';

const root = path.resolve(import.meta.dirname, '../..');
const tsx = path.join(root, 'node_modules/.bin/tsx');

export interface ScriptRun {
  code: number;
  stdout: string;
  stderr: string;
}

export async function runScript(script: string, args: readonly string[], env: Record<string, string> = {}): Promise<ScriptRun> {
  try {
    const { stdout, stderr } = await promisify(execFile)(tsx, [script, ...args], { cwd: root, env: { ...process.env, ...env } });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const { code, stdout, stderr } = error as ScriptRun;
    return { code, stdout, stderr };
  }
}
