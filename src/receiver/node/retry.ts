/**
 * `npm start` has no host to run work after an answer, nor a scheduler: the server itself sends the
 * pending notifications at start-up, after each request to the receiver, and every 30 seconds, so a
 * lead goes out within a minute of the provider answering again.
 */
import type { Server } from 'node:http';
import type { SiteReceiver } from '../site.ts';

const retryEveryMs = 30_000;

export function keepNotifying(server: Server, receiver: SiteReceiver): void {
  const { retryPending } = receiver;
  if (!retryPending) return;
  const retry = () => void retryPending().catch(() => 0);
  // Unref'd: a pending retry never keeps a stopped server's process alive.
  const timer = setInterval(retry, retryEveryMs).unref();
  server.on('listening', retry);
  server.on('close', () => clearInterval(timer));
}
