/**
 * Requests written byte for byte on a socket (`node:net`), as a hostile or broken client sends them: no
 * HTTP client library in between to fix the method, the target, the headers or the body. Also a small
 * site in a temporary folder to serve, with the security headers of the real `_headers`.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdir, mkdtemp, writeFile } from 'node:fs/promises';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

export interface RawAnswer {
  /** 0 when the server closed the connection without a status line. */
  status: number;
  headers: Record<string, string>;
  body: string;
}

/** Sends `bytes` (then `more`, after `pauseMs`), and reads the first answer until the connection ends or `timeoutMs`. */
export function rawRequest(
  port: number,
  bytes: string | Buffer,
  { more, pauseMs = 0, timeoutMs = 5000 }: { more?: string | Buffer; pauseMs?: number; timeoutMs?: number } = {},
): Promise<RawAnswer> {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1');
    const chunks: Buffer[] = [];
    const finish = () => {
      clearTimeout(timer);
      socket.destroy();
      resolve(parseAnswer(Buffer.concat(chunks)));
    };
    const timer = setTimeout(finish, timeoutMs);
    socket.on('data', (chunk) => {
      chunks.push(chunk);
      // One whole answer with a Content-Length is enough: keep-alive would hold the socket open.
      const answer = parseAnswer(Buffer.concat(chunks));
      const length = Number(answer.headers['content-length']);
      if (answer.status > 0 && Number.isFinite(length) && Buffer.byteLength(answer.body) >= length) finish();
    });
    socket.on('end', finish);
    socket.on('close', finish);
    socket.on('error', finish);
    socket.write(bytes);
    if (more !== undefined) setTimeout(() => socket.writable && socket.write(more), pauseMs);
  });
}

function parseAnswer(raw: Buffer): RawAnswer {
  const text = raw.toString('latin1');
  const end = text.indexOf('\r\n\r\n');
  if (end < 0) return { status: 0, headers: {}, body: '' };
  const [statusLine = '', ...lines] = text.slice(0, end).split('\r\n');
  const status = Number(/^HTTP\/1\.[01] (\d{3})/.exec(statusLine)?.[1] ?? 0);
  const headers: Record<string, string> = {};
  for (const line of lines) {
    const colon = line.indexOf(':');
    if (colon > 0) headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
  }
  return { status, headers, body: Buffer.from(text.slice(end + 4), 'latin1').toString('utf8') };
}

/** Security headers every answer of the site carries (src/site/security-headers.ts), with a short policy. */
export const pageSecurityHeaders = {
  'Content-Security-Policy': "default-src 'self'; frame-ancestors 'none'",
  'Referrer-Policy': 'strict-origin-when-cross-origin',
  'X-Content-Type-Options': 'nosniff',
  'Strict-Transport-Security': 'max-age=31536000; includeSubDomains',
  'X-Frame-Options': 'DENY',
  'Cross-Origin-Opener-Policy': 'same-origin',
};

/** A built site in miniature: home, a flat page, a page in a folder, a page with a non-ASCII name, 404.html, _headers. */
export async function miniSite(): Promise<{ folder: string; root: string; leads: string }> {
  const folder = await mkdtemp(path.join(tmpdir(), 'propllc-hostile-'));
  const root = path.join(folder, 'dist');
  await mkdir(path.join(root, 'faq'), { recursive: true });
  await writeFile(path.join(root, 'index.html'), '<!doctype html><title>Accueil</title>');
  await writeFile(path.join(root, 'about.html'), '<!doctype html><title>À propos</title>');
  await writeFile(path.join(root, 'faq', 'index.html'), '<!doctype html><title>FAQ</title>');
  await writeFile(path.join(root, '中.html'), '<!doctype html><title>中</title>');
  await writeFile(path.join(root, '404.html'), '<!doctype html><title>Page introuvable</title>');
  const rules = Object.entries(pageSecurityHeaders)
    .map(([name, value]) => `  ${name}: ${value}`)
    .join('\n');
  await writeFile(path.join(root, '_headers'), `/*\n${rules}\n`);
  return { folder, root, leads: path.join(folder, 'leads') };
}

/** A raw POST of `body` to /api/contact with a correct Content-Length. */
export function rawPost(body: string, headers: Record<string, string> = {}, target = '/api/contact'): string {
  const lines = Object.entries({ Host: 'localhost', 'Content-Type': 'application/json', ...headers }).map(([n, v]) => `${n}: ${v}`);
  return `POST ${target} HTTP/1.1\r\n${lines.join('\r\n')}\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`;
}

const projectRoot = fileURLToPath(new URL('../..', import.meta.url));

export interface ServeProcess {
  child: ChildProcess;
  port: number;
  /** Everything the server printed so far. */
  output: () => string;
  exited: Promise<number | null>;
  /** Ends the server at once, whatever state the test left it in. */
  kill: () => void;
}

/** The server of `npm start` (src/hosts/node/serve.ts), in `folder` (its dist/), on a free port. */
export async function serveProcess(folder: string, env: Record<string, string>): Promise<ServeProcess> {
  // Node itself with tsx's loader, as `npm start` runs it: a signal reaches the server's own handler. Through the
  // `tsx` command, which relays signals to a second process, a SIGTERM under load once went without the graceful
  // stop (its « stopping » line never came, the connection was reset).
  const loader = pathToFileURL(path.join(projectRoot, 'node_modules/tsx/dist/loader.mjs')).href;
  const child = spawn(process.execPath, ['--import', loader, path.join(projectRoot, 'src/hosts/node/serve.ts')], {
    cwd: folder,
    env: { ...process.env, PORT: '0', HOST: '127.0.0.1', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
    // Its own process group, which `kill` ends whole.
    detached: true,
  });
  const kill = () => {
    try {
      if (child.pid !== undefined) process.kill(-child.pid, 'SIGKILL');
    } catch {
      // Already gone.
    }
  };
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  const port = await new Promise<number>((resolve, reject) => {
    const started = Date.now();
    const look = setInterval(() => {
      const found = /http:\/\/localhost:(\d+)\//.exec(output)?.[1];
      if (found) {
        clearInterval(look);
        resolve(Number(found));
      } else if (Date.now() - started > 60_000 || child.exitCode !== null) {
        clearInterval(look);
        kill();
        reject(new Error(`the server did not start:\n${output}`));
      }
    }, 50);
  });
  return { child, port, output: () => output, exited, kill };
}
