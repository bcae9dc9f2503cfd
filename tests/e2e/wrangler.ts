/**
 * `wrangler pages dev` for the specs that run the site or the hosted editor on Cloudflare's own runtime
 * (workerd): started from the project root, so it reads wrangler.toml as `npx wrangler pages dev` does there.
 * Wrangler's own script is run by this Node: `npx` would start npm first, about half a CPU-second each time.
 */
import { execFile, spawn } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
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
  /** The project folder wrangler runs in (the project root by default, where it reads wrangler.toml). */
  cwd?: string;
  timeout?: number;
}

const answers = async (url: string) => (await fetch(url).catch(() => undefined))?.status ?? 0;

/**
 * The processes of the group `pgid` still running, from /proc: an orphan that ended stays a zombie where nothing
 * reaps it, and a zombie holds no port.
 */
const groupRunning = (pgid: number) =>
  readdirSync('/proc').filter((entry) => {
    if (!/^\d+$/.test(entry)) return false;
    try {
      // « pid (name) state ppid pgrp … »: the name may hold spaces, so the fields are read after its parenthesis.
      const [state, , pgrp] = readFileSync(`/proc/${entry}/stat`, 'utf8').split(') ').at(-1)?.split(' ') ?? [];
      return Number(pgrp) === pgid && state !== 'Z';
    } catch {
      // Ended while the folder was read.
      return false;
    }
  });

export async function startPagesDev({
  port,
  args = [],
  readyPath = '/',
  cwd = root,
  timeout = 100_000,
}: PagesDevOptions): Promise<PagesDev> {
  const origin = `http://127.0.0.1:${port}`;
  const command = [process.execPath, wrangler, 'pages', 'dev', ...args, '--ip', '127.0.0.1', '--port', String(port)];
  const quoted = command.map((word) => `'${word.replaceAll("'", "'\\''")}'`).join(' ');
  // A shell leads a process group of its own holding wrangler and workerd, and ends the whole group once its standard
  // input closes: when stop() closes it, and also when this test process dies in any way (a killed Playwright
  // worker runs no teardown), so that no runtime outlives the run and holds its port. It ignores the signal itself
  // and waits for wrangler.
  const child = spawn('/bin/sh', ['-c', `${quoted} & trap '' TERM; cat >/dev/null; kill -TERM 0; wait`], {
    cwd,
    env: { ...process.env, WRANGLER_SEND_METRICS: 'false', CI: 'true' },
    detached: true,
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  const pgid = child.pid ?? 0;
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  let stopped: Promise<void> | undefined;
  const stop = () => {
    stopped ??= (async () => {
      child.stdin.end();
      await expect
        .poll(() => groupRunning(pgid), { timeout: 20_000, message: `wrangler's processes (group ${pgid}) still run` })
        .toEqual([]);
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
