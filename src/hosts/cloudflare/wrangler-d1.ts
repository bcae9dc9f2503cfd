/**
 * D1 from Node, through wrangler: what `npm run leads -- --local|--remote` and the tests use to read the
 * Pages Function's database without a Worker.
 * - `--local`: the database `wrangler pages dev` keeps on this machine, opened with wrangler's own
 *   `getPlatformProxy` (wrangler.toml's binding, the same SQLite file): one local runtime for a burst of statements,
 *   closed once idle so the command can end. `wrangler d1 execute` started one per statement, 2 to 5 s each.
 * - `--remote`: each statement is one `wrangler d1 execute … --remote --json` (Cloudflare's API, signed in).
 */
import { execFile } from 'node:child_process';
import { createRequire } from 'node:module';
import path from 'node:path';
import { promisify } from 'node:util';
import { bindingRunner, d1Binding, isD1Binding, type SqlRunner } from './d1-store.ts';

/** A literal for `wrangler d1 execute --command`, which takes no bound parameters. */
const sqlLiteral = (value: string | null) => (value === null ? 'NULL' : `'${value.replaceAll("'", "''")}'`);

/** How long the local runtime stays open after a statement, for the next one of the same command. */
const idleMs = 200;

/** What `getPlatformProxy` opens: the bindings, and how to close them. */
interface LocalProxy {
  env: Record<string, unknown>;
  dispose(): Promise<void>;
}

/** The local database (`persistTo`: `wrangler pages dev --persist-to`; default .wrangler/state). */
function localRunner(persistTo = '.wrangler/state', binding: string = d1Binding): SqlRunner {
  let proxy: Promise<LocalProxy> | undefined;
  /**
   * The runtime being closed: a new one opens only once it is gone. Two runtimes alive at once in one process
   * mix up the answers of miniflare's synchronous fetch (« message?.id === id »), seen when a pause between
   * statements outlasted `idleMs` on a busy machine.
   */
  let closing: Promise<void> = Promise.resolve();
  let running = 0;
  let idle: NodeJS.Timeout | undefined;
  return async (sql, params) => {
    clearTimeout(idle);
    running += 1;
    proxy ??= closing.then(() =>
      import('wrangler').then(({ getPlatformProxy }) =>
        getPlatformProxy<Record<string, unknown>>({ persist: { path: path.join(persistTo, 'v3') } }),
      ),
    );
    const opened = proxy;
    try {
      const { env } = await opened;
      const database = env[binding];
      if (!isD1Binding(database)) throw new Error(`wrangler.toml binds no D1 database as ${binding}`);
      return await bindingRunner(database)(sql, params);
    } finally {
      running -= 1;
      if (running === 0) {
        idle = setTimeout(() => {
          proxy = undefined;
          closing = opened.then(({ dispose }) => dispose()).catch(() => undefined);
        }, idleMs);
      }
    }
  };
}

/**
 * D1 through wrangler: the local database, or each statement one `wrangler d1 execute … --remote --json`; the
 * leads' database (LEADS_DB) unless another binding of wrangler.toml is named (the audience's AUDIENCE_DB).
 */
export function wranglerRunner(where: '--local' | '--remote', persistTo: string | undefined, binding: string = d1Binding): SqlRunner {
  if (where === '--local') return localRunner(persistTo, binding);
  const wrangler = createRequire(import.meta.url).resolve('wrangler/bin/wrangler.js');
  return async (sql, params) => {
    const command = sql.replace(/\?(\d+)/g, (_, index: string) => sqlLiteral(params[Number(index) - 1] ?? null));
    const args = [wrangler, 'd1', 'execute', binding, where, '--json', '--command', command];
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
