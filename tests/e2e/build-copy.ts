/**
 * Some end-to-end tests need the site built with other build settings (VITE_CONTACT_ENDPOINT is
 * read at build time). This runs the whole build (pages, browser code, post-build) with its work files
 * in build/<name>/ (BUILD_DIR) and its output in build/<name>-dist/ (DIST_DIR), leaving dist/ alone,
 * and gives the folder to serve. Only the spec files that call it pay for the extra build.
 */
import { execFile } from 'node:child_process';
import type { IncomingMessage, Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';

export const root = fileURLToPath(new URL('../..', import.meta.url));

/** Builds the site into build/<name>/ with `env` added to the environment; returns the folder to serve. */
export async function buildCopy(name: string, env: Record<string, string>): Promise<string> {
  const distDir = `build/${name}-dist`;
  await promisify(execFile)('npm', ['run', 'build'], {
    cwd: root,
    env: { ...process.env, BUILD_DIR: `build/${name}`, DIST_DIR: distDir, ...env },
  });
  return path.join(root, distDir);
}

/** Listens on a free port of 127.0.0.1 and resolves with it. */
export const listen = (server: Server) =>
  new Promise<number>((resolve) => server.listen(0, '127.0.0.1', () => resolve((server.address() as AddressInfo).port)));

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
