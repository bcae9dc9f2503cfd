/**
 * `wrangler pages dev` for the specs that run the site or the hosted editor on Cloudflare's own runtime
 * (workerd): started from the project root, so it reads wrangler.toml as `npx wrangler pages dev` does there.
 * Wrangler's own script is run by this Node: `npx` would start npm first, about half a CPU-second each time.
 */
import { execFile, spawn } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { expect } from '@playwright/test';
import { root } from './build-copy.ts';

const wrangler = path.join(root, 'node_modules/wrangler/bin/wrangler.js');

/** Both D1 databases of wrangler.toml, the leads' and the audience's own, migrated into `persistTo`. */
export async function migrateLocalD1(persistTo: string): Promise<void> {
  for (const database of ['propllc-leads', 'propllc-audience']) {
    await promisify(execFile)(
      process.execPath,
      [wrangler, 'd1', 'migrations', 'apply', database, '--local', '--persist-to', persistTo],
      {
        cwd: root,
        env: { ...process.env, CI: 'true', WRANGLER_SEND_METRICS: 'false' },
      },
    );
  }
}

/** Served at `http://127.0.0.1:<port>`. */
export interface PagesDev {
  /** What wrangler and the functions printed so far (a function's console lines included). */
  output(): string;
  /** Ends wrangler and workerd; resolves once the port is free again. */
  stop(): Promise<void>;
}

interface PagesDevOptions {
  port: number;
  /** Arguments after `wrangler pages dev`: the folder (none: wrangler.toml's), bindings, --persist-to… */
  args?: readonly string[];
  /** The path that answers 200 once the project is served. */
  readyPath?: string;
  timeout?: number;
}

const answers = async (url: string) => (await fetch(url).catch(() => undefined))?.status ?? 0;

export async function startPagesDev({ port, args = [], readyPath = '/', timeout = 100_000 }: PagesDevOptions): Promise<PagesDev> {
  const origin = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, [wrangler, 'pages', 'dev', ...args, '--ip', '127.0.0.1', '--port', String(port)], {
    cwd: root,
    env: { ...process.env, WRANGLER_SEND_METRICS: 'false', CI: 'true' },
    // Its own process group, so that stop() ends workerd too, not wrangler alone.
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise((resolve) => child.once('exit', resolve));
  let stopped: Promise<void> | undefined;
  const stop = () => {
    stopped ??= (async () => {
      try {
        if (child.pid) process.kill(-child.pid, 'SIGTERM');
      } catch {
        // The group has already ended.
      }
      await exited;
      await expect.poll(() => answers(`${origin}/`), { timeout: 20_000, message: `port ${port} still answers` }).toBe(0);
    })();
    return stopped;
  };
  try {
    await expect.poll(() => answers(`${origin}${readyPath}`), { timeout }).toBe(200);
  } catch (error) {
    // A server that never became ready must not hold the port for the next run.
    await stop().catch(() => undefined);
    // Read now: the poll's own message would hold the output of its start only.
    throw new Error(`wrangler pages dev did not answer ${origin}${readyPath}:\n${output}`, { cause: error });
  }
  return { output: () => output, stop };
}
