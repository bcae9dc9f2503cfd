/**
 * Node's http module ↔ the Fetch API: the one bridge between them, for the receiver under `npm start` and
 * for Keystatic's API in the visual editor's dev server (editor/server.ts).
 * Everything a client controls is checked before a `Request` is built, because the Fetch API throws
 * synchronously on what Node's parser lets through (TRACE, a target with user info, `//[`): the target
 * must be origin-form, the URL is built on a fixed base, the forwarded scheme is `http` or `https`.
 * The body is streamed, not read in advance, so the receiver measures it itself; when it stops
 * reading (body too large), the rest is discarded and the connection closed after the answer.
 *
 * Not `@remix-run/node-fetch-server`: its request body stream has no back-pressure and no `error`
 * listener, and keeps enqueueing after the reader cancels (a `TypeError` thrown in a `data` listener,
 * which ends the process), and it builds the URL from the `Host` header.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { TLSSocket } from 'node:tls';
import type { ClientInfo } from '../../api/contact/receiver.ts';
import type { ProxyTrust } from './proxy.ts';

/** A request refused before it reaches a handler: answered 400. */
export class BadRequest extends Error {}

/** Methods the Fetch API refuses to build a `Request` with: answered 405 before one is built. */
export const forbiddenMethods: ReadonlySet<string> = new Set(['CONNECT', 'TRACE', 'TRACK']);

export interface NodeRequestOptions {
  /**
   * Behind a reverse proxy (CONTACT_TRUST_PROXY): the client address comes from X-Forwarded-For and the
   * scheme from X-Forwarded-Proto, read only when the connection comes from a trusted proxy.
   */
  proxy?: ProxyTrust;
  /**
   * The origin the request's URL is built on, for a handler that writes its own address into what it answers
   * (Keystatic's sign-in sends GitHub its callback URL): the server's own address, never the `Host` header.
   * Default: `http://localhost` (`https://` on TLS or behind an https proxy).
   */
  origin?: string;
}

/**
 * The path and query of a request target, or `undefined` when it is not origin-form (`/path?query`).
 * `//host/…`, `/\host/…` (URL parsers read `\` as `/`) and absolute `http://…` targets would make the
 * URL's host the client's choice. The URL is parsed on a fixed base and must stay on it.
 */
export function originFormTarget(target: string | undefined): { pathname: string; search: string } | undefined {
  if (!target?.startsWith('/') || target.startsWith('//') || target.startsWith('/\\')) return undefined;
  const base = 'http://localhost';
  try {
    const url = new URL(target, base);
    return url.origin === base ? { pathname: url.pathname, search: url.search } : undefined;
  } catch {
    return undefined;
  }
}

function bodyStream(request: IncomingMessage): ReadableStream<Uint8Array> {
  let detach: () => void = () => undefined;
  return new ReadableStream<Uint8Array>({
    start(controller) {
      const onData = (chunk: Buffer) => {
        controller.enqueue(new Uint8Array(chunk.buffer, chunk.byteOffset, chunk.byteLength));
        if ((controller.desiredSize ?? 0) <= 0) request.pause();
      };
      const onEnd = () => {
        detach();
        controller.close();
      };
      const onError = (error: Error) => {
        detach();
        controller.error(error);
      };
      request.on('data', onData);
      request.once('end', onEnd);
      request.once('error', onError);
      // Only our own listeners: Node's server has its own on the same request.
      detach = () => {
        request.off('data', onData);
        request.off('end', onEnd);
        request.off('error', onError);
      };
    },
    pull() {
      request.resume();
    },
    cancel() {
      detach();
      // A client that hangs up while the rest is dropped must not crash the server.
      request.on('error', () => undefined);
      // Drain and drop the rest instead of destroying the socket, so the answer still reaches the client.
      request.resume();
    },
  });
}

/** Throws `BadRequest` for a target that is not origin-form; never anything else for what a client sends. */
export function toFetchRequest(request: IncomingMessage, options: NodeRequestOptions = {}): { request: Request; client: ClientInfo } {
  const target = originFormTarget(request.url);
  if (!target) throw new BadRequest(`request target ${JSON.stringify(request.url)}`);
  const { address, forwardedProto } = options.proxy?.client(request) ?? { address: request.socket.remoteAddress };
  const scheme = forwardedProto ?? ((request.socket as TLSSocket).encrypted ? 'https' : 'http');
  // A fixed host: the receiver reads the Host header itself (Origin check), never through the URL.
  const url = `${options.origin ?? `${scheme}://localhost`}${target.pathname}${target.search}`;
  const headers = new Headers();
  for (const [name, values] of Object.entries(request.headersDistinct)) {
    for (const value of values ?? []) headers.append(name, value);
  }
  const method = request.method ?? 'GET';
  const hasBody = method !== 'GET' && method !== 'HEAD';
  const fetchRequest = new Request(url, {
    method,
    headers,
    body: hasBody ? bodyStream(request) : undefined,
    // Required by Node's fetch for a streamed body.
    ...(hasBody ? { duplex: 'half' } : {}),
  } as RequestInit);
  return { request: fetchRequest, client: { address } };
}

export async function sendFetchResponse(request: IncomingMessage, response: ServerResponse, answer: Response): Promise<void> {
  const body = Buffer.from(await answer.arrayBuffer());
  const headers: Record<string, string | string[]> = {};
  answer.headers.forEach((value, name) => {
    headers[name] = value;
  });
  // Each cookie on a line of its own (Keystatic's sign-in sets two), where the record above keeps only the last.
  const cookies = answer.headers.getSetCookie();
  if (cookies.length > 0) headers['set-cookie'] = cookies;
  headers['content-length'] = String(body.byteLength);
  // A body left unread (too large): close after answering rather than read the rest of it.
  if (!request.complete) headers.connection = 'close';
  response.writeHead(answer.status, headers);
  response.end(request.method === 'HEAD' ? undefined : body);
}
