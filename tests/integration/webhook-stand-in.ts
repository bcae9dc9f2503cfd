/**
 * A webhook target on 127.0.0.1, misbehaving as the test says, for the tests of notifications: every request that
 * reaches it is recorded (its method, path, headers and raw body, and whether it carries a lead or the daily
 * digest), then answered with a status (a 3xx with its `Location`), after a delay if asked, or `down`: the
 * connection is cut without an answer. The port is kept through an outage: a port closed meanwhile was once taken
 * by another test's server, whose answer made a lead's failure final. A test waits for what reaches it (`until`),
 * never for a time.
 */
import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface Received {
  method: string;
  path: string;
  headers: IncomingHttpHeaders;
  /** The bytes received, as text (a signature is checked over them). */
  raw: string;
  /** The JSON body; `{}` when it is none. */
  body: Record<string, unknown>;
  /** A lead (its fields at the top) or the digest (`digest`, `failed`: ../../src/api/contact/delivery/webhook.ts). */
  kind: 'lead' | 'digest' | 'other';
  /** The lead's name, for a lead. */
  name?: string;
  /** The answer given, or `down` for a connection cut. */
  status: number | 'down';
}

export type Answer = number | 'down' | { status: number; location?: string; delayMs?: number; body?: string };

export interface StandIn {
  /** `http://127.0.0.1:<port>` and this path (`/hook` unless said). */
  url(path?: string): string;
  origin: string;
  /** Every request, in the order they came. */
  received: Received[];
  /** The leads' posts only (the digests apart). */
  leads(): Received[];
  digests(): Received[];
  /** Resolves once what was received satisfies `test` (at once if it does already). */
  until(test: (received: Received[]) => boolean): Promise<void>;
  close(): Promise<void>;
}

function kindOf(body: Record<string, unknown>): Received['kind'] {
  if (Array.isArray(body.digest) && Array.isArray(body.failed)) return 'digest';
  if (typeof body.email === 'string') return 'lead';
  return 'other';
}

/** An answer in full: a 3xx without a `Location` points at `/ailleurs`, on the stand-in itself. */
function reply(given: Answer): { status: number | 'down'; location?: string; delayMs: number; text: string } {
  if (given === 'down') return { status: 'down', delayMs: 0, text: '' };
  const { status, location, delayMs = 0, body = '{}' } = typeof given === 'number' ? { status: given } : given;
  const redirect = status >= 300 && status < 400;
  return { status, ...(location || redirect ? { location: location ?? '/ailleurs' } : {}), delayMs, text: body };
}

/** `answer` decides each request's answer from what was received; 200 by default. */
export async function webhookStandIn(answer: (received: Omit<Received, 'status'>) => Answer = () => 200): Promise<StandIn> {
  const received: Received[] = [];
  const waiting = new Set<{ test: (received: Received[]) => boolean; resolve: () => void }>();
  const check = () => {
    for (const waiter of waiting) {
      if (waiter.test(received)) {
        waiting.delete(waiter);
        waiter.resolve();
      }
    }
  };
  const server = createServer((request, response) => {
    let raw = '';
    request.setEncoding('utf8');
    request.on('data', (chunk: string) => (raw += chunk));
    request.on('end', () => {
      let body: Record<string, unknown> = {};
      try {
        body = raw ? (JSON.parse(raw) as Record<string, unknown>) : {};
      } catch {
        body = {};
      }
      const kind = kindOf(body);
      const base = {
        method: request.method ?? '',
        path: request.url ?? '',
        headers: request.headers,
        raw,
        body,
        kind,
        ...(kind === 'lead' ? { name: String(body.name) } : {}),
      };
      const { status, location, delayMs, text } = reply(answer(base));
      received.push({ ...base, status });
      check();
      if (status === 'down') {
        request.socket.destroy();
        return;
      }
      const send = () =>
        response.writeHead(status, { 'Content-Type': 'application/json', ...(location ? { Location: location } : {}) }).end(text);
      if (delayMs > 0) setTimeout(send, delayMs);
      else send();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    origin,
    url: (path = '/hook') => `${origin}${path}`,
    received,
    leads: () => received.filter((request) => request.kind === 'lead'),
    digests: () => received.filter((request) => request.kind === 'digest'),
    until: (test) =>
      new Promise<void>((resolve) => {
        const waiter = { test, resolve };
        waiting.add(waiter);
        check();
      }),
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

/** The names of the leads received with this answer (every answer when none is given), in order. */
export const namesOf = (requests: readonly Received[], status?: number | 'down') =>
  requests.filter((request) => status === undefined || request.status === status).map((request) => request.name ?? '');
