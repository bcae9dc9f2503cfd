/**
 * What the end-to-end specs share beside the built site: the receiver build (tools/test/shared-build.ts: the site
 * as `npm start` serves it, built once per run, the only build besides dist/), and the test servers' plumbing.
 */
import type { IncomingMessage, Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export { receiverBuild, root } from '../../tools/test/shared-build.ts';

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
