/**
 * D1 from Node, through wrangler: what `npm run leads -- --local|--remote` and the tests use to read the
 * Pages Function's database without a Worker.
 * - `--local`: the database `wrangler pages dev` keeps on this machine (wrangler.toml's bindings, the same SQLite
 *   files), in one local runtime (miniflare) for a burst of statements, closed once idle so the command can end.
 *   `wrangler d1 execute` started one per statement, 2 to 5 s each. Each statement is one request to a tiny worker
 *   that holds the bindings: wrangler's `getPlatformProxy` reached them through a synchronous fetch whose answers
 *   got mixed up on a busy machine (miniflare's « message?.id === id »); a plain request has no such state.
 * - `--remote`: each statement is one `wrangler d1 execute … --remote --json` (Cloudflare's API, signed in).
 */
import { execFile } from 'node:child_process';
import { createRequire } from 'node:module';
import path from 'node:path';
import { promisify } from 'node:util';
import type { SqlRunner } from './d1-driver.ts';
import { inFlightLimit, onlyReads, unsentRetried } from './local-request.ts';
import { d1Binding } from './store.ts';

/** A literal for `wrangler d1 execute --command`, which takes no bound parameters. */
const sqlLiteral = (value: string | null) => (value === null ? 'NULL' : `'${value.replaceAll("'", "''")}'`);

/** How long the local runtime stays open after a statement, for the next one of the same command. */
const idleMs = 200;

/** The worker that runs one statement on the binding it is asked for, and answers its rows or D1's error. */
const statementWorker = `export default {
  async fetch(request, env) {
    const { binding, sql, params } = await request.json();
    const database = env[binding];
    if (!database) return Response.json({ error: 'wrangler.toml binds no D1 database as ' + binding }, { status: 500 });
    try {
      const { results } = await database.prepare(sql).bind(...params).all();
      return Response.json({ results });
    } catch (error) {
      return Response.json({ error: String(error && error.message ? error.message : error) }, { status: 500 });
    }
  },
};`;

/** The local runtime: a runner per binding of wrangler.toml, and its closing. */
export interface LocalD1 {
  runner(binding: string): SqlRunner;
  dispose(): Promise<void>;
}

/** Opens the local databases kept under `persistTo` (as `wrangler pages dev --persist-to`), until disposed. */
export async function openLocalD1(persistTo: string): Promise<LocalD1> {
  const [{ unstable_getMiniflareWorkerOptions }, { Miniflare }] = await Promise.all([import('wrangler'), import('miniflare')]);
  // wrangler.toml's D1 bindings and compatibility date, as `wrangler pages dev` reads them.
  const { workerOptions } = unstable_getMiniflareWorkerOptions('wrangler.toml');
  const runtime = new Miniflare({
    modules: true,
    script: statementWorker,
    compatibilityDate: workerOptions.compatibilityDate,
    d1Databases: workerOptions.d1Databases,
    // Where `wrangler pages dev --persist-to` keeps D1.
    d1Persist: path.join(persistTo, 'v3', 'd1'),
  });
  const limited = inFlightLimit(8);
  return {
    runner: (binding) => async (sql, params) => {
      const response = await limited(() =>
        unsentRetried(
          () => runtime.dispatchFetch('http://d1.local/', { method: 'POST', body: JSON.stringify({ binding, sql, params }) }),
          onlyReads(sql),
        ),
      );
      const answer = (await response.json()) as { results?: Record<string, unknown>[]; error?: string };
      if (answer.error !== undefined || !answer.results) throw new Error(answer.error ?? `HTTP ${response.status}`);
      return answer.results;
    },
    dispose: () => runtime.dispose(),
  };
}

/** Every local runtime open now, with the way to close it at once (`closeLocalD1`). */
const openRuntimes = new Set<() => Promise<void>>();

/**
 * Closes every local runtime now, without waiting for it to go idle: for a process that ends, or a test file, whose
 * idle timers would otherwise never fire (a worker thread that ends leaves its workerd running, with no parent).
 */
export async function closeLocalD1(): Promise<void> {
  await Promise.all([...openRuntimes].map((close) => close()));
}

/** The local database (`persistTo`: `wrangler pages dev --persist-to`; default .wrangler/state). */
function localRunner(persistTo = '.wrangler/state', binding: string = d1Binding): SqlRunner {
  let runtime: Promise<LocalD1> | undefined;
  /** The runtime being closed: a new one opens only once it is gone, so one runner never holds two at once. */
  let closing: Promise<void> = Promise.resolve();
  let running = 0;
  let idle: NodeJS.Timeout | undefined;
  const close = (opened: Promise<LocalD1>) => {
    clearTimeout(idle);
    if (runtime === opened) runtime = undefined;
    openRuntimes.delete(closeNow);
    closing = opened.then(({ dispose }) => dispose()).catch(() => undefined);
    return closing;
  };
  const closeNow = () => (runtime ? close(runtime) : closing);
  return async (sql, params) => {
    clearTimeout(idle);
    running += 1;
    runtime ??= closing.then(() => openLocalD1(persistTo));
    openRuntimes.add(closeNow);
    const opened = runtime;
    try {
      return await (await opened).runner(binding)(sql, params);
    } finally {
      running -= 1;
      if (running === 0) idle = setTimeout(() => close(opened), idleMs);
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
