/**
 * The one Node server of `npm start` and `npm run serve`: dist/ as a static host serves it
 * (src/hosts/node/static-server.ts: `_headers`, CSP, path guard, 404.html), and the contact receiver on
 * `/api/contact` (src/api/contact/): each lead stored in LEADS_DIR, then notified as the environment says;
 * the leads past the retention period are deleted at start-up and once a day. `/api/count` counts the audience
 * into its own folder (AUDIENCE_DIR, src/hosts/node/store.ts), in memory first, written at most every few seconds.
 * Every request goes through one error boundary (src/hosts/node/boundary.ts); `stop()` lets the requests
 * in flight finish before the server closes.
 */
import { createServer, type Server } from 'node:http';
import { forbiddenMethods, originFormTarget, sendFetchResponse, toFetchRequest } from './fetch-bridge.ts';
import { prepareLeadsDir, publishedFolderHolding } from './files-folder.ts';
import { nodeLines } from './lines.ts';
import { readProxyTrust } from './proxy.ts';
import { keepNotifying } from './retry.ts';
import { dailyPurge, keepPurging, type Ticker } from '../../api/contact/purge.ts';
import { receiverLines } from '../../api/contact/lines.ts';
import { contactPath } from '../../api/contact/receiver.ts';
import { countPath } from '../../contact/audience-settings.ts';
import { receiverSecurityHeaders } from '../../site/security-headers.ts';
import { createSiteReceiver, type SiteReceiver } from '../../api/contact/site-receiver.ts';
import { openNodeStore } from './store.ts';
import { fillTemplate } from '../../content/template.ts';
import { withErrorBoundary } from './boundary.ts';
import { nodeAudience } from './audience.ts';
import { createStaticRoute } from './static-server.ts';

export interface SiteServerOptions {
  /** The built site (dist/). */
  root: string;
  /** Settings of the receiver (process.env for `npm start`). */
  env?: Readonly<Record<string, string | undefined>>;
  log?: (line: string) => void;
  logError?: (line: string) => void;
  /** The clock and timer of the daily purge (tests replace them). */
  purgeClock?: { now: () => Date; ticker: Ticker };
}

export interface SiteServer {
  server: Server;
  receiver: SiteReceiver;
  /** French lines for the operator: with any, the server must not be started. */
  problems: string[];
  /**
   * Stops accepting connections, lets the requests in flight finish (up to `graceMs`), then closes every
   * connection. Idle keep-alive connections are closed at once, and every answer given meanwhile closes its own.
   */
  stop(graceMs: number): Promise<void>;
}

/** Far above what the site meets, far below the usual limit of open files. */
const maxConnections = 1000;

/** Folders a static host publishes: leads must never be written there. */
const publishedFolders = (root: string) => [root, 'public'];

export async function createSiteServer({
  root,
  env = process.env,
  log = console.log,
  logError = console.error,
  purgeClock,
}: SiteServerOptions): Promise<SiteServer> {
  const words = receiverLines;
  // Every lead is stored in LEADS_DIR first, whatever notification is set. The audience keeps its own folder
  // (AUDIENCE_DIR) and its counts in memory: it never writes where the leads are.
  const stores = await openNodeStore({ env, published: publishedFolders(root), logError });
  const store = stores.leads;
  const { counter: audience, flush: flushAudience } = nodeAudience({ env, stores, log, logError });
  const receiver = createSiteReceiver({ env, store, log, logError, onLead: audience.countLead });
  const { proxy, problems: proxyProblems } = readProxyTrust(env, words);
  const problems = [...receiver.problems, ...proxyProblems.map((problem) => fillTemplate(words.settingsInvalid, { problem }))];

  if (store && 'leads' in store) {
    const published = await publishedFolderHolding(store.where, publishedFolders(root));
    if (published) problems.push(fillTemplate(nodeLines.leadsDirPublished, { dir: store.where, published }));
    else {
      try {
        await prepareLeadsDir(store.where);
      } catch (error) {
        // A folder that cannot be made or written would lose every lead: the server does not start.
        const reason = (error as NodeJS.ErrnoException).code ?? String(error);
        problems.push(fillTemplate(nodeLines.leadsDirUnusable, { dir: store.where, reason }));
      }
    }
  }

  const serveStatic = createStaticRoute(root);
  const followUps = new Set<Promise<void>>();
  const follow = (work: Promise<void>) => {
    followUps.add(work);
    void work.finally(() => followUps.delete(work));
  };
  let stopping = false;
  const handler = withErrorBoundary(
    async (request, response) => {
      // While stopping, every answer closes its connection, so no keep-alive connection outlives the drain.
      if (stopping) response.setHeader('connection', 'close');
      const pathname = originFormTarget(request.url)?.pathname;
      if (pathname === countPath && !forbiddenMethods.has(request.method ?? '')) {
        const { request: fetchRequest, client } = toFetchRequest(request, { proxy });
        // 204 at once; the count is written after, and stopping the server waits for it.
        await sendFetchResponse(request, response, await audience.handle(fetchRequest, client, follow));
        return;
      }
      if (pathname !== contactPath) {
        await serveStatic(request, response);
        return;
      }
      if (forbiddenMethods.has(request.method ?? '')) {
        // The Fetch API cannot even represent these methods: answered here, as the receiver answers any non-POST.
        response.writeHead(405, { ...receiverSecurityHeaders, Allow: 'POST', 'Content-Length': '0' }).end();
        return;
      }
      const { request: fetchRequest, client } = toFetchRequest(request, { proxy });
      // The notification goes out after the answer (and the pending ones are retried with it): kept, so that
      // stopping the server lets it finish.
      const answer = await receiver.handle(fetchRequest, client, follow);
      await sendFetchResponse(request, response, answer);
    },
    {
      onError: (error, request) => {
        const reason = error instanceof Error ? error.message : String(error);
        // The path as received, cut short: a log line, not a place for a client's megabytes.
        const path = JSON.stringify((request.url ?? '').slice(0, 200));
        logError(fillTemplate(nodeLines.requestFailed, { method: request.method ?? '?', path, status: '500', reason }));
      },
    },
  );
  // Slow clients cannot hold a connection forever, and a flood of connections cannot use up the process's file
  // descriptors (an accept that fails for want of one is an `error` event on the server).
  const server = createServer({ headersTimeout: 20_000, requestTimeout: 60_000 }, handler);
  server.maxConnections = maxConnections;
  keepNotifying(server, receiver, follow);
  // The leads past the retention period go at start-up, then once a day (src/api/contact/purge.ts), and the
  // audience's old totals and past salts with them.
  if (store && 'leads' in store) {
    const purge = dailyPurge({ store: store.leads, alsoPurge: audience.purge, log, logError, now: purgeClock?.now });
    keepPurging(server, purge, purgeClock?.ticker);
  }

  function stop(graceMs: number): Promise<void> {
    stopping = true;
    return new Promise((resolve) => {
      const idle = setInterval(() => server.closeIdleConnections(), 50);
      const force = setTimeout(() => server.closeAllConnections(), graceMs);
      server.close(() => {
        clearInterval(idle);
        clearTimeout(force);
        // Notifications started by the last requests, and a retry pass in flight, may finish too, within the same grace;
        // then the audience's counts held in memory are written.
        let flushing = false;
        const done = () => {
          if (flushing) return;
          flushing = true;
          void flushAudience().finally(resolve);
        };
        const grace = setTimeout(done, graceMs);
        void Promise.allSettled([...followUps]).finally(() => {
          clearTimeout(grace);
          done();
        });
      });
      server.closeIdleConnections();
    });
  }

  return { server, receiver, problems, stop };
}
