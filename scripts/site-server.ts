/**
 * The one Node server of `npm start` and `npm run serve`: dist/ as a static host serves it
 * (scripts/static-server.ts: `_headers`, CSP, path guard, 404.html), and the contact receiver on
 * `/api/contact` (src/receiver/), delivering as the environment says (local files by default).
 */
import { createServer, type Server } from 'node:http';
import { sendFetchResponse, toFetchRequest } from '../src/receiver/node/http.ts';
import { keepNotifying } from '../src/receiver/node/retry.ts';
import { contactPath } from '../src/receiver/receiver.ts';
import { createSiteReceiver, type SiteReceiver } from '../src/receiver/site.ts';
import { nodeLeadStore } from '../src/receiver/store/files.ts';
import { createStaticHandler } from './static-server.ts';

export interface SiteServerOptions {
  /** The built site (dist/). */
  root: string;
  /** Settings of the receiver (process.env for `npm start`). */
  env?: Readonly<Record<string, string | undefined>>;
  log?: (line: string) => void;
  logError?: (line: string) => void;
}

export function createSiteServer({ root, env = process.env, log, logError }: SiteServerOptions): {
  server: Server;
  receiver: SiteReceiver;
} {
  const receiver = createSiteReceiver({ env, store: nodeLeadStore(env), log, logError });
  const trustProxy = env.CONTACT_TRUST_PROXY === '1' || env.CONTACT_TRUST_PROXY === 'true';
  const serveStatic = createStaticHandler(root);
  const server = createServer((request, response) => {
    const pathname = new URL(request.url ?? '/', 'http://localhost').pathname;
    if (pathname !== contactPath) {
      serveStatic(request, response);
      return;
    }
    const { request: fetchRequest, client } = toFetchRequest(request, { trustProxy });
    receiver
      .handle(fetchRequest, client)
      .then((answer) => sendFetchResponse(request, response, answer))
      // Only a connection lost mid-request gets here: nobody is left to read an answer.
      .catch(() => response.destroy());
  });
  keepNotifying(server, receiver);
  return { server, receiver };
}
