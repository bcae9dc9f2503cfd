/**
 * A static file server that behaves like Netlify or Cloudflare Pages on dist/:
 * `/about` → about.html (`/about/` and `/about.html` redirect there), files as they are, anything else →
 * 404.html with status 404,
 * and the headers of dist/_headers (Content-Security-Policy included), so the end-to-end tests run
 * under the policy the site is deployed with.
 * Used by `npm start` (through scripts/site-server.ts, which adds the contact receiver) and by the
 * end-to-end tests.
 */
import { createReadStream, existsSync, readFileSync, statSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import path from 'node:path';
import { createGzip } from 'node:zlib';
import { headersFor, parseHeaders } from './headers.ts';

const types: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.webmanifest': 'application/manifest+json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.ico': 'image/x-icon',
  '.txt': 'text/plain; charset=utf-8',
  '.xml': 'application/xml; charset=utf-8',
  '.woff2': 'font/woff2',
};

const isFile = (file: string) => existsSync(file) && statSync(file).isFile();

/** What a request path is answered with: a file, a permanent redirect, or nothing (404). */
export type Resolution = { file: string } | { redirect: string } | undefined;

/**
 * Maps a request path to a file of `root` the way Cloudflare Pages (and Netlify, GitHub Pages) treat
 * flat pages: `about.html` is served at `/about`; `/about/` and `/about.html` redirect there (308);
 * `/` is `index.html` and `/index.html` redirects to `/`. Nothing outside the root is ever served.
 */
export function resolveRequest(root: string, urlPath: string): Resolution {
  let decoded: string;
  try {
    decoded = decodeURIComponent(urlPath);
  } catch {
    return undefined;
  }
  // Never anything outside the root: `..` in the URL, encoded or not, absolute paths, NUL bytes.
  if (decoded.includes('\0')) return undefined;
  const candidate = path.join(root, path.normalize(decoded));
  if (candidate !== root && !candidate.startsWith(root + path.sep)) return undefined;
  if (decoded === '/') return isFile(path.join(root, 'index.html')) ? { file: path.join(root, 'index.html') } : undefined;
  if (decoded.endsWith('/')) {
    const page = decoded.replace(/\/+$/, '');
    if (isFile(`${candidate.replace(/\/+$/, '')}.html`)) return { redirect: page };
    return isFile(path.join(candidate, 'index.html')) ? { file: path.join(candidate, 'index.html') } : undefined;
  }
  if (decoded.endsWith('.html') && isFile(candidate)) {
    const page = decoded.slice(0, -'.html'.length);
    return { redirect: page.endsWith('/index') ? page.slice(0, -'index'.length) || '/' : page };
  }
  if (isFile(candidate)) return { file: candidate };
  if (isFile(`${candidate}.html`)) return { file: `${candidate}.html` };
  return undefined;
}

export type RequestListener = (request: IncomingMessage, response: ServerResponse) => void;

/** The file-serving part alone, so scripts/site-server.ts can put the contact receiver beside it. */
export function createStaticHandler(root: string): RequestListener {
  const absoluteRoot = path.resolve(root);
  const headersFile = path.join(absoluteRoot, '_headers');
  const rules = existsSync(headersFile) ? parseHeaders(readFileSync(headersFile, 'utf8')) : [];
  return (request, response) => {
    const url = new URL(request.url ?? '/', 'http://localhost');
    const resolved = resolveRequest(absoluteRoot, url.pathname);
    if (resolved && 'redirect' in resolved) {
      response.writeHead(308, { location: `${resolved.redirect}${url.search}` }).end();
      return;
    }
    // Hosts read _headers and never serve it.
    const found = resolved?.file === headersFile ? undefined : resolved?.file;
    const file = found ?? path.join(absoluteRoot, '404.html');
    const status = found ? 200 : 404;
    // Header names lower-cased throughout, so a _headers value replaces a default rather than doubling it.
    const headers: Record<string, string> = {
      'content-type': types[path.extname(file)] ?? 'application/octet-stream',
      // Hashed assets never change; pages must be revalidated.
      'cache-control': url.pathname.startsWith('/assets/') ? 'public, max-age=31536000, immutable' : 'no-cache',
    };
    // _headers wins over the defaults above, as on the hosts it is written for.
    for (const [name, value] of headersFor(rules, url.pathname)) headers[name] = value;
    const type = headers['content-type'] ?? '';
    // Text is compressed, as every static host does: Lighthouse (npm run bench) measures what phones receive.
    const compress =
      /^(text\/|application\/([\w.+-]+\+)?(json|xml)|application\/manifest|image\/svg)/.test(type) &&
      /\bgzip\b/.test(String(request.headers['accept-encoding'] ?? ''));
    headers.vary = 'Accept-Encoding';
    if (compress) headers['content-encoding'] = 'gzip';
    response.writeHead(status, headers);
    if (request.method === 'HEAD') {
      response.end();
      return;
    }
    const stream = createReadStream(file);
    if (compress) stream.pipe(createGzip()).pipe(response);
    else stream.pipe(response);
  };
}

export function createStaticServer(root: string): Server {
  return createServer(createStaticHandler(root));
}
