/**
 * Node's http module ↔ the Fetch API, for the receiver under `npm start`.
 * The body is streamed, not read in advance, so the receiver measures it itself; when it stops
 * reading (body too large), the rest is discarded and the connection closed after the answer.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { TLSSocket } from 'node:tls';
import type { ClientInfo } from '../receiver.ts';

export interface NodeRequestOptions {
  /**
   * Behind a reverse proxy (CONTACT_TRUST_PROXY=1): the client address and scheme come from the
   * X-Forwarded-For (last address, the one the proxy added) and X-Forwarded-Proto headers.
   * Never set it without a proxy: anyone could then choose their address.
   */
  trustProxy?: boolean;
}

const firstValue = (value: string | string[] | undefined) => (Array.isArray(value) ? value[0] : value);

function bodyStream(request: IncomingMessage): ReadableStream<Uint8Array> {
  let detach: () => void = () => undefined;
  return new ReadableStream<Uint8Array>({
    start(controller) {
      const onData = (chunk: Buffer) => {
        controller.enqueue(new Uint8Array(chunk.buffer, chunk.byteOffset, chunk.byteLength));
        if ((controller.desiredSize ?? 0) <= 0) request.pause();
      };
      const onEnd = () => controller.close();
      const onError = (error: Error) => controller.error(error);
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

export function toFetchRequest(request: IncomingMessage, options: NodeRequestOptions = {}): { request: Request; client: ClientInfo } {
  const forwardedProto = options.trustProxy ? firstValue(request.headers['x-forwarded-proto'])?.split(',')[0]?.trim() : undefined;
  const scheme = forwardedProto || ((request.socket as TLSSocket).encrypted ? 'https' : 'http');
  const host = firstValue(request.headers.host) ?? 'localhost';
  const path = request.url ?? '/';
  let url: URL;
  try {
    url = new URL(path, `${scheme}://${host}`);
  } catch {
    url = new URL(path.startsWith('/') ? path : '/', `${scheme}://localhost`);
  }
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

  const forwardedFor = options.trustProxy ? firstValue(request.headers['x-forwarded-for']) : undefined;
  const address = forwardedFor?.split(',').at(-1)?.trim() || request.socket.remoteAddress;
  return { request: fetchRequest, client: { address } };
}

export async function sendFetchResponse(request: IncomingMessage, response: ServerResponse, answer: Response): Promise<void> {
  const body = Buffer.from(await answer.arrayBuffer());
  const headers: Record<string, string> = {};
  answer.headers.forEach((value, name) => {
    headers[name] = value;
  });
  headers['content-length'] = String(body.byteLength);
  // A body left unread (too large): close after answering rather than read the rest of it.
  if (!request.complete) headers.connection = 'close';
  response.writeHead(answer.status, headers);
  response.end(request.method === 'HEAD' ? undefined : body);
}
