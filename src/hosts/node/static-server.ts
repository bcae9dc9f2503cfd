/**
 * A static file server that behaves like Netlify or Cloudflare Pages on dist/:
 * `/about` → about.html (`/about/` and `/about.html` redirect there), files as they are, anything else →
 * 404.html with status 404, `GET` and `HEAD` only (405 otherwise),
 * the permanent redirects of dist/_redirects (the guides' old addresses),
 * and the headers of dist/_headers (Content-Security-Policy included) on every answer, so the end-to-end
 * tests run under the policy the site is deployed with.
 * Used by `npm start` (through src/hosts/node/site-server.ts, which adds the contact receiver) and by the
 * end-to-end tests.
 */
import { existsSync, readFileSync, statSync } from 'node:fs';
import { open } from 'node:fs/promises';
import { createServer, type IncomingMessage, type RequestListener, type Server, type ServerResponse } from 'node:http';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { createGzip } from 'node:zlib';
import { BadRequest, originFormTarget } from './fetch-bridge.ts';
import { immutableCache } from '../../site/security-headers.ts';
import { withErrorBoundary } from './boundary.ts';
import { type HeaderRule, headersFor, parseHeaders } from './headers.ts';
import { parseRedirects } from './redirects.ts';

const types: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.webmanifest': 'application/manifest+json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.webp': 'image/webp',
  '.ico': 'image/x-icon',
  '.txt': 'text/plain; charset=utf-8',
  '.xml': 'application/xml; charset=utf-8',
  '.woff2': 'font/woff2',
};

const isFile = (file: string) => existsSync(file) && statSync(file).isFile();

/**
 * An encoded slash or backslash (or a raw backslash, which URL parsers read as a slash) is part of no
 * file name of the site; decoded, it could turn a redirect into `//other.host/`.
 */
const encodedSeparator = /%2f|%5c|\\/i;

/** What a request path is answered with: a file, a permanent redirect, or nothing (404). */
export type Resolution = { file: string } | { redirect: string } | undefined;

/**
 * The canonical URL of a page file of `root`: `about.html` → `/about`, `index.html` → `/`,
 * `faq/index.html` → `/faq/`. Built from the file found, never from the request, each segment
 * percent-encoded, with exactly one leading `/`: a redirect never leaves the site.
 */
function pageUrl(root: string, file: string): string {
  const segments = path.relative(root, file).split(path.sep);
  const last = segments.pop() ?? '';
  const folder = segments.map(encodeURIComponent);
  if (last === 'index.html') {
    // A folder's index beside a flat page of the same name (guides/index.html, guides.html) is that page.
    if (segments.length > 0 && isFile(`${path.join(root, ...segments)}.html`)) return `/${folder.join('/')}`;
    return `/${folder.map((segment) => `${segment}/`).join('')}`;
  }
  return `/${[...folder, encodeURIComponent(last.slice(0, -'.html'.length))].join('/')}`;
}

/**
 * Maps a request path to a file of `root` the way Cloudflare Pages (and Netlify, GitHub Pages) treat
 * flat pages: `about.html` is served at `/about`; `/about/` and `/about.html` redirect there (308);
 * `/` is `index.html` and `/index.html` redirects to `/`. Nothing outside the root is ever served.
 */
export function resolveRequest(root: string, urlPath: string): Resolution {
  if (encodedSeparator.test(urlPath)) return undefined;
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
    const flat = `${candidate.replace(/\/+$/, '')}.html`;
    if (isFile(flat)) return { redirect: pageUrl(root, flat) };
    return isFile(path.join(candidate, 'index.html')) ? { file: path.join(candidate, 'index.html') } : undefined;
  }
  if (decoded.endsWith('.html') && isFile(candidate)) return { redirect: pageUrl(root, candidate) };
  if (isFile(candidate)) return { file: candidate };
  if (isFile(`${candidate}.html`)) return { file: `${candidate}.html` };
  return undefined;
}

/**
 * The rules of `_headers`, read again when the file changes: a `dist/` rebuilt under the running server
 * brings new CSP hashes. A file missing or unreadable mid-rebuild keeps the rules last read.
 */
function headerRules(file: string): () => readonly HeaderRule[] {
  let read: { mtime: number; rules: HeaderRule[] } = { mtime: Number.NaN, rules: [] };
  return () => {
    try {
      const mtime = statSync(file).mtimeMs;
      if (mtime !== read.mtime) read = { mtime, rules: parseHeaders(readFileSync(file, 'utf8')) };
    } catch {
      // Keep the last rules read.
    }
    return read.rules;
  };
}

/** The rules of `_redirects`, read again when the file changes, as `_headers`. */
function redirectRules(file: string): () => ReadonlyMap<string, string> {
  let read: { mtime: number; rules: ReadonlyMap<string, string> } = { mtime: Number.NaN, rules: new Map() };
  return () => {
    try {
      const mtime = statSync(file).mtimeMs;
      if (mtime !== read.mtime) read = { mtime, rules: parseRedirects(readFileSync(file, 'utf8')) };
    } catch {
      // No _redirects (or one being rewritten): the rules last read.
    }
    return read.rules;
  };
}

/** The file-serving part alone, so src/hosts/node/site-server.ts can put the contact receiver beside it. It throws on what it cannot answer. */
export function createStaticRoute(root: string): (request: IncomingMessage, response: ServerResponse) => Promise<void> {
  const absoluteRoot = path.resolve(root);
  const headersFile = path.join(absoluteRoot, '_headers');
  const rules = headerRules(headersFile);
  const redirectsFile = path.join(absoluteRoot, '_redirects');
  const redirects = redirectRules(redirectsFile);
  return async (request, response) => {
    const target = originFormTarget(request.url);
    if (!target) throw new BadRequest(`request target ${JSON.stringify(request.url)}`);
    const { pathname, search } = target;
    // Header names lower-cased throughout, so a _headers value replaces a default rather than doubling it.
    const pathHeaders = Object.fromEntries(headersFor(rules(), pathname));

    if (request.method !== 'GET' && request.method !== 'HEAD') {
      response.writeHead(405, { ...pathHeaders, allow: 'GET, HEAD', 'content-length': '0' }).end();
      return;
    }
    const rawPath = (request.url ?? '').split('?')[0] ?? '';
    const resolved = encodedSeparator.test(rawPath) ? undefined : resolveRequest(absoluteRoot, pathname);
    // As on Netlify, a file found wins over a rule of _redirects (npm run check keeps old addresses off live pages).
    const moved = resolved ? undefined : redirects().get(pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname);
    if (moved) {
      response.writeHead(301, { ...pathHeaders, location: `${moved}${search}`, 'content-length': '0' }).end();
      return;
    }
    if (resolved && 'redirect' in resolved) {
      response.writeHead(308, { ...pathHeaders, location: `${resolved.redirect}${search}`, 'content-length': '0' }).end();
      return;
    }
    // Hosts read _headers and _redirects and never serve them.
    const found = resolved?.file === headersFile || resolved?.file === redirectsFile ? undefined : resolved?.file;
    // The file may vanish between the lookup and the opening (dist/ rebuilt): then it is not found.
    let status = 200;
    let file = found;
    let handle = found ? await open(found, 'r').catch(() => undefined) : undefined;
    if (!handle) {
      status = 404;
      file = path.join(absoluteRoot, '404.html');
      handle = await open(file, 'r').catch(() => undefined);
    }
    if (!handle || !file) {
      response.writeHead(404, { ...pathHeaders, 'content-length': '0' }).end();
      return;
    }
    const stream = handle.createReadStream();
    try {
      const headers: Record<string, string> = {
        'content-type': types[path.extname(file)] ?? 'application/octet-stream',
        // Hashed assets never change; pages must be revalidated.
        'cache-control': pathname.startsWith('/assets/') ? immutableCache : 'no-cache',
        // _headers wins over the defaults above, as on the hosts it is written for.
        ...pathHeaders,
        vary: 'Accept-Encoding',
      };
      const type = headers['content-type'] ?? '';
      // Text is compressed, as every static host does: Lighthouse (npm run bench) measures what phones receive.
      const compress =
        /^(text\/|application\/([\w.+-]+\+)?(json|xml)|application\/manifest|image\/svg)/.test(type) &&
        /\bgzip\b/.test(String(request.headers['accept-encoding'] ?? ''));
      if (compress) headers['content-encoding'] = 'gzip';
      else headers['content-length'] = String((await handle.stat()).size);
      response.writeHead(status, headers);
      if (request.method === 'HEAD') {
        stream.destroy();
        response.end();
        return;
      }
      // pipeline: a read error or a client gone mid-file closes the file and ends the answer, never the process.
      await (compress ? pipeline(stream, createGzip(), response) : pipeline(stream, response));
    } catch (error) {
      stream.destroy();
      // A client that went away is not an error of the server.
      if ((error as NodeJS.ErrnoException).code === 'ERR_STREAM_PREMATURE_CLOSE') return;
      throw error;
    }
  };
}

/** The static server alone (tests, bench, review screenshots), behind the one error boundary. */
export function createStaticHandler(root: string): RequestListener {
  return withErrorBoundary(createStaticRoute(root), { onError: (error) => console.error(error) });
}

export function createStaticServer(root: string): Server {
  return createServer(createStaticHandler(root));
}
