/**
 * D1 from Node, through wrangler: what `npm run leads -- --local|--remote` and the tests use to read the
 * Pages Function's database without a Worker. Each statement is one `wrangler d1 execute … --json`.
 */
import { execFile } from 'node:child_process';
import { createRequire } from 'node:module';
import { promisify } from 'node:util';
import { d1Binding, type SqlRunner } from '../src/receiver/store/d1.ts';

/** A literal for `wrangler d1 execute --command`, which takes no bound parameters. */
const sqlLiteral = (value: string | null) => (value === null ? 'NULL' : `'${value.replaceAll("'", "''")}'`);

/** D1 through wrangler: each statement is one `wrangler d1 execute … --json`. */
export function wranglerRunner(where: '--local' | '--remote', persistTo: string | undefined): SqlRunner {
  const wrangler = createRequire(import.meta.url).resolve('wrangler/bin/wrangler.js');
  return async (sql, params) => {
    const command = sql.replace(/\?(\d+)/g, (_, index: string) => sqlLiteral(params[Number(index) - 1] ?? null));
    const args = [wrangler, 'd1', 'execute', d1Binding, where, '--json', '--command', command];
    if (persistTo) args.push('--persist-to', persistTo);
    try {
      const { stdout } = await promisify(execFile)(process.execPath, args, {
        env: { ...process.env, CI: 'true', WRANGLER_SEND_METRICS: 'false' },
        maxBuffer: 256 * 1024 * 1024,
      });
      const [result] = JSON.parse(stdout) as { results: Record<string, unknown>[] }[];
      return result?.results ?? [];
    } catch (error) {
      const { stdout, stderr } = error as { stdout?: string; stderr?: string };
      let reason: string | undefined;
      try {
        reason = (JSON.parse(stdout ?? '') as { error?: { text?: string } }).error?.text;
      } catch {
        // Not wrangler's JSON: its own output says why.
      }
      throw new Error(reason ?? (stderr || stdout || String(error)).trim().split('\n').at(-1));
    }
  };
}
