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
import { type Api, createApi } from '../../api/app.ts';
import { contactPath } from '../../api/contact/receiver.ts';
import { countPath, flushEveryMs, maxWaitingCounts } from '../../contact/audience-settings.ts';
import { readSettings } from '../../contact/settings.ts';
import { settingsLines } from '../../contact/lines.ts';
import { fillTemplate } from '../../content/template.ts';
import { receiverSecurityHeaders } from '../../site/security-headers.ts';
import { withErrorBoundary } from './boundary.ts';
import { forbiddenMethods, originFormTarget, sendFetchResponse, toFetchRequest } from './fetch-bridge.ts';
import { nodeLines } from './lines.ts';
import { readProxyTrust } from './proxy.ts';
import { createStaticRoute } from './static-server.ts';
import { openNodeDrivers } from './store.ts';

/** A repeating timer: starts `tick` every `everyMs`; returns how to stop it (tests give their own). */
export type Ticker = (tick: () => void, everyMs: number) => () => void;

const unrefInterval: Ticker = (tick, everyMs) => {
  const timer = setInterval(tick, everyMs);
  // A timer must never keep a stopped server's process alive.
  timer.unref();
  return () => clearInterval(timer);
};

export interface SiteServerOptions {
  /** The built site (dist/). */
  root: string;
  /** Settings of the receiver (process.env for `npm start`). */
  env?: Readonly<Record<string, string | undefined>>;
  log?: (line: string) => void;
  logError?: (line: string) => void;
  /** The clock and timer of the day's work (tests replace them). */
  clock?: { now: () => Date; ticker: Ticker };
  /** Replaces `fetch` for the deliveries (tests). */
  fetch?: typeof fetch;
}

export interface SiteServer {
  server: Server;
  api: Api;
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

/**
 * `npm start` has no host to run work after an answer, nor a scheduler: the server runs the day's work itself (the
 * retry pass with the digest, the purge once a day) at start-up and every 30 seconds, so a lead due goes out within
 * 30 seconds and the digest within 30 seconds of 08:00.
 */
const scheduledEveryMs = 30_000;

export async function createSiteServer({
  root,
  env = process.env,
  log = console.log,
  logError = console.error,
  clock,
  fetch,
}: SiteServerOptions): Promise<SiteServer> {
  const settings = readSettings(env, { host: 'files' });
  // Every lead is stored in LEADS_DIR first, whatever notification is set. The audience keeps its own folder
  // (AUDIENCE_DIR) and its counts in memory: it never writes where the leads are.
  const drivers = await openNodeDrivers(settings, publishedFolders(root));
  const api = await createApi({
    settings,
    host: 'files',
    leads: drivers.leads,
    ...(drivers.audience ? { audience: drivers.audience } : {}),
    log,
    logError,
    maxWaitingCounts,
    ...(clock ? { now: clock.now } : {}),
    ...(fetch ? { fetch } : {}),
  });
  const { proxy, problems: proxyProblems } = readProxyTrust(settings.proxy);
  const problems = [...api.problems, ...proxyProblems.map((problem) => fillTemplate(settingsLines.invalid, { problem }))];
  for (const warning of api.warnings) logError(fillTemplate(settingsLines.invalid, { problem: warning }));
  if (drivers.migrated > 0) log(fillTemplate(nodeLines.leadsMigrated, { count: String(drivers.migrated), dir: settings.leadsDir }));

  const serveStatic = createStaticRoute(root);
  const followUps = new Set<Promise<unknown>>();
  const follow = (work: Promise<unknown>) => {
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
        await sendFetchResponse(request, response, await api.fetch(fetchRequest, { client, waitUntil: follow }));
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
      const answer = await api.fetch(fetchRequest, { client, waitUntil: follow });
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
  const ticker = clock?.ticker ?? unrefInterval;
  let stopTimers: (() => void)[] = [];
  server.on('listening', () => {
    const scheduled = () => {
      // No new work once the server is closing.
      if (server.listening) follow(api.scheduled());
    };
    const flush = () =>
      follow(
        drivers.flush().catch((error: unknown) => logError(fillTemplate(nodeLines.audienceWriteFailed, { reason: String(error) }))),
      );
    scheduled();
    stopTimers = [ticker(scheduled, scheduledEveryMs), ticker(flush, flushEveryMs)];
  });
  server.on('close', () => {
    for (const stopTimer of stopTimers) stopTimer();
    stopTimers = [];
  });

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
          void drivers
            .flush()
            .catch((error: unknown) => logError(fillTemplate(nodeLines.audienceWriteFailed, { reason: String(error) })))
            .finally(resolve);
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

  return { server, api, problems, stop };
}
