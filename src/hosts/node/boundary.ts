/**
 * The one error boundary of the Node server (`npm start`, `npm run serve`, the test servers): every
 * request goes through it. Whatever a handler throws, synchronously or not, becomes a logged `500`, a
 * `400` for a request refused as malformed, or a closed socket when the headers already left. A throw
 * in `http.createServer`'s callback would otherwise end the process, and every visitor and lead with it.
 */
import type { IncomingMessage, RequestListener, ServerResponse } from 'node:http';
import { BadRequest } from './fetch-bridge.ts';
import { receiverSecurityHeaders } from '../../site/security-headers.ts';

export type RequestHandler = (request: IncomingMessage, response: ServerResponse) => Promise<void> | void;

export interface BoundaryOptions {
  /** Called with each unexpected error (not with malformed requests, which are the client's doing). */
  onError?: (error: unknown, request: IncomingMessage) => void;
}

function fail(request: IncomingMessage, response: ServerResponse, error: unknown, options: BoundaryOptions): void {
  const status = error instanceof BadRequest ? 400 : 500;
  if (status === 500) options.onError?.(error, request);
  if (response.headersSent) {
    response.destroy();
    return;
  }
  try {
    // No body: what failed may be the page itself. The headers the pages have, with the strictest policy.
    response.writeHead(status, { ...receiverSecurityHeaders, 'Content-Length': '0', Connection: 'close' }).end();
  } catch {
    response.destroy();
  }
}

export function withErrorBoundary(handler: RequestHandler, options: BoundaryOptions = {}): RequestListener {
  return (request, response) => {
    let settled: Promise<void> | void;
    try {
      settled = handler(request, response);
    } catch (error) {
      fail(request, response, error, options);
      return;
    }
    Promise.resolve(settled).catch((error: unknown) => fail(request, response, error, options));
  };
}
