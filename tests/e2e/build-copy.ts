/**
 * Some end-to-end tests need the site built with other build settings (VITE_CONTACT_ENDPOINT is
 * read at build time). This runs the whole build (pages, browser code, post-build) with its work files
 * in build/<name>/ (BUILD_DIR) and its output in build/<name>-dist/ (DIST_DIR), leaving dist/ alone,
 * and gives the folder to serve. Only the spec files that call it pay for the extra build, and specs that need the
 * same settings share one build per run (`nodeReceiverBuild`): a build is most of a spec's time on two cores.
 */
import { execFile } from 'node:child_process';
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import type { IncomingMessage, Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';

export const root = fileURLToPath(new URL('../..', import.meta.url));

/** The site as `npm start` serves it: its own receiver at /api/contact, each lead kept in files. */
export const nodeReceiverBuild = {
  name: 'e2e-node-receiver',
  env: { VITE_CONTACT_ENDPOINT: '/api/contact', CONTACT_STORE: 'files' },
} as const;

/**
 * This run of Playwright (set by playwright.config.ts in its main process, inherited by its workers): a build
 * done by an earlier run is never reused, whatever changed since.
 */
const run = process.env.E2E_RUN ?? `${process.pid}-${Date.now()}`;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Builds the site into build/<name>/ with `env` added to the environment; returns the folder to serve. Within
 * one run, the first spec to ask builds, under a lock (a folder, created atomically); the others wait for its
 * mark and reuse it. Two calls with one name and different settings are a mistake in the specs, and fail.
 */
export async function buildCopy(name: string, env: Record<string, string>): Promise<string> {
  const distDir = `build/${name}-dist`;
  const lock = path.join(root, 'build', `${name}.lock`);
  const mark = path.join(root, 'build', `${name}.built`);
  const wanted = JSON.stringify({ run, env });
  const done = () => readFile(mark, 'utf8').catch(() => undefined);
  await mkdir(path.join(root, 'build'), { recursive: true });
  for (;;) {
    const built = await done();
    if (built === wanted) return path.join(root, distDir);
    if (built && JSON.parse(built).run === run) throw new Error(`build ${name} already made with ${built}, not ${wanted}`);
    try {
      await mkdir(lock);
    } catch {
      // Another spec of this run is building it; a lock left by an earlier run that stopped midway is taken over.
      const owner = await readFile(path.join(lock, 'run'), 'utf8').catch(() => run);
      if (owner !== run) await rm(lock, { recursive: true, force: true });
      else await sleep(500);
      continue;
    }
    try {
      await writeFile(path.join(lock, 'run'), run);
      await rm(mark, { force: true });
      await promisify(execFile)('npm', ['run', 'build'], {
        cwd: root,
        env: { ...process.env, BUILD_DIR: `build/${name}`, DIST_DIR: distDir, ...env },
      });
      await writeFile(mark, wanted);
    } finally {
      await rm(lock, { recursive: true, force: true });
    }
  }
}

/** Listens on `port` of 127.0.0.1 (a free one by default) and resolves with it; rejects if it is taken. */
export const listen = (server: Server, port = 0) =>
  new Promise<number>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => {
      server.off('error', reject);
      resolve((server.address() as AddressInfo).port);
    });
  });

/**
 * Closes a test server even while the browser keeps a keep-alive connection open: idle connections at
 * once, busy ones after a short grace (a plain `server.close()` waits for them, and the hook times out).
 */
export const close = (server: Server | undefined) =>
  new Promise<void>((resolve) => {
    if (!server?.listening) return resolve();
    const force = setTimeout(() => server.closeAllConnections(), 1000);
    server.close(() => {
      clearTimeout(force);
      resolve();
    });
    server.closeIdleConnections();
  });

export const readBody = (request: IncomingMessage) =>
  new Promise<string>((resolve) => {
    let body = '';
    request.setEncoding('utf8');
    request.on('data', (chunk: string) => (body += chunk));
    request.on('end', () => resolve(body));
  });
