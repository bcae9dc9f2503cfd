/**
 * `npm start` has no host to run work after an answer, nor a scheduler: the server itself sends the
 * pending notifications at start-up, after each request to the receiver, and every 30 seconds, so a
 * lead due goes out within 30 seconds. Each pass is handed to `follow`, so that stopping the server waits for
 * the pass in flight as it waits for requests (bounded by the same grace, and by the pass's own budget).
 */
import type { Server } from 'node:http';
import type { SiteReceiver } from '../../api/contact/site-receiver.ts';

const retryEveryMs = 30_000;

export function keepNotifying(server: Server, receiver: SiteReceiver, follow: (work: Promise<void>) => void): void {
  const { retryPending } = receiver;
  if (!retryPending) return;
  const retry = () => {
    // No new pass once the server is closing.
    if (server.listening)
      follow(
        retryPending().then(
          () => undefined,
          () => undefined,
        ),
      );
  };
  // Unref'd: a pending retry never keeps a stopped server's process alive.
  const timer = setInterval(retry, retryEveryMs).unref();
  server.on('listening', retry);
  server.on('close', () => clearInterval(timer));
}
