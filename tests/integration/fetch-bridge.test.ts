// @vitest-environment node
/**
 * The one bridge between node:http and the Fetch API (src/hosts/node/fetch-bridge.ts), as the visual editor's
 * server uses it for Keystatic's API: the URL a handler sees is on the server's own address whatever the
 * client sends as Host, the body arrives whole, and each cookie of an answer reaches the browser.
 * The receiver's side of it is tested through the server of `npm start` (hostile-client, receiver-adapters).
 */
import { createServer, type IncomingHttpHeaders, request as httpRequest, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { sendFetchResponse, toFetchRequest } from '../../src/hosts/node/fetch-bridge.ts';

let server: Server | undefined;

afterEach(async () => {
  server?.closeAllConnections();
  await new Promise((resolve) => server?.close(resolve));
  server = undefined;
});

/** A server whose handler answers with what it was given: the URL, and the body read as JSON. */
async function editorLike(origin: string): Promise<number> {
  const started = createServer((req, res) => {
    const { request } = toFetchRequest(req, { origin });
    const answer = async () => {
      const body = request.method === 'POST' ? await request.json() : null;
      const headers = new Headers({ 'Content-Type': 'application/json' });
      // What Keystatic sends at sign-in: two cookies in one answer.
      headers.append('Set-Cookie', 'keystatic-gh-access-token=a; Path=/');
      headers.append('Set-Cookie', 'keystatic-gh-refresh-token=b; Path=/');
      return new Response(JSON.stringify({ url: request.url, body }), { status: 200, headers });
    };
    void answer().then((response) => sendFetchResponse(req, res, response));
  });
  server = started;
  await new Promise<void>((resolve) => started.listen(0, '127.0.0.1', resolve));
  return (started.address() as AddressInfo).port;
}

function send(
  port: number,
  options: { method: string; path: string; host: string; body?: string },
): Promise<{ headers: IncomingHttpHeaders; json: { url: string; body: unknown } }> {
  return new Promise((resolve, reject) => {
    const request = httpRequest(
      { host: '127.0.0.1', port, method: options.method, path: options.path, headers: { Host: options.host } },
      (response) => {
        let text = '';
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => {
          text += chunk;
        });
        response.on('end', () => resolve({ headers: response.headers, json: JSON.parse(text) }));
      },
    );
    request.on('error', reject);
    request.end(options.body);
  });
}

describe('the Node ↔ Fetch bridge, as the editor uses it', () => {
  it('builds the URL on the server’s own address, never on the Host header', async () => {
    const port = await editorLike('http://127.0.0.1:4400');
    const { json } = await send(port, { method: 'GET', path: '/api/keystatic/github/login?from=x', host: 'evil.example' });
    expect(json.url).toBe('http://127.0.0.1:4400/api/keystatic/github/login?from=x');
  });

  it('hands the handler the whole body, and sends each cookie of the answer on its own line', async () => {
    const port = await editorLike('http://127.0.0.1:4400');
    const update = { additions: [{ path: 'content/faq/cout.mdx', contents: 'x'.repeat(200_000) }], deletions: [] };
    const { headers, json } = await send(port, {
      method: 'POST',
      path: '/api/keystatic/update',
      host: '127.0.0.1:4400',
      body: JSON.stringify(update),
    });
    expect(json.body).toEqual(update);
    expect(headers['set-cookie']).toEqual(['keystatic-gh-access-token=a; Path=/', 'keystatic-gh-refresh-token=b; Path=/']);
  });
});
