// @vitest-environment node
/**
 * `npm run cms` in GitHub mode (editor/server.ts's middleware, over a stand-in for Vite's dev server and its
 * Node request and answer), with Keystatic's real handler behind it and GitHub's token endpoint stood in for: the
 * sign-in's `state`, as the hosted editor checks it (tests/unit/cms-worker.test.ts).
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import path from 'node:path';
import type { ViteDevServer } from 'vite';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { keystaticServer } from '../../editor/server.ts';

type Middleware = (req: IncomingMessage, res: ServerResponse, next: (error?: unknown) => void) => void;
let middleware: Middleware;

const origin = 'http://127.0.0.1:4400';

beforeAll(() => {
  // What `npm run cms` reads from .env in GitHub mode; Keystatic's handler reads them when it is made.
  vi.stubEnv('KEYSTATIC_GITHUB_CLIENT_ID', 'Iv1.client');
  vi.stubEnv('KEYSTATIC_GITHUB_CLIENT_SECRET', 'client-secret');
  vi.stubEnv('KEYSTATIC_SECRET', '9f3c2a71e8d04b56a1c7e29f08b3d64c5a7e1f92b0c48d3e6f1a2b7c9d0e4f58');
  const plugin = keystaticServer({
    contentDir: path.resolve(import.meta.dirname, '../../content'),
    storage: { githubRepo: 'propllc/site', branchPrefix: 'contenu/' },
    preview: { template: '', live: false },
  });
  const server = {
    watcher: { add() {}, on() {} },
    moduleGraph: {},
    middlewares: { use: (handle: Middleware) => (middleware = handle) },
    httpServer: null,
    resolvedUrls: { local: [`${origin}/`], network: [] },
  } as unknown as ViteDevServer;
  (plugin.configureServer as (server: ViteDevServer) => void)(server);
  vi.unstubAllEnvs();
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

interface Answer {
  status: number;
  headers: Record<string, string | string[]>;
  body: string;
}

/** A GET as the editor's browser sends it, and the answer as it reaches the browser. */
function get(target: string, cookie?: string): Promise<Answer> {
  return new Promise((resolve, reject) => {
    let status = 0;
    let headers: Record<string, string | string[]> = {};
    const req = {
      url: target,
      method: 'GET',
      headersDistinct: cookie ? { cookie: [cookie] } : {},
      socket: { remoteAddress: '127.0.0.1' },
      complete: true,
    } as unknown as IncomingMessage;
    const res = {
      writeHead(code: number, written: typeof headers) {
        status = code;
        headers = written;
      },
      end: (body?: Buffer) => resolve({ status, headers, body: body?.toString('utf8') ?? '' }),
    } as unknown as ServerResponse;
    middleware(req, res, (error) => reject(error ?? new Error(`${target} went past the editor's API`)));
  });
}

const setCookies = (answer: Answer) => [answer.headers['set-cookie'] ?? []].flat();
const heading = (answer: Answer) => /<h1>(.*)<\/h1>/.exec(answer.body)?.[1];
const spent = 'editeur-state=; Path=/; HttpOnly; SameSite=Lax; Max-Age=0';

/** GitHub's token endpoint, answering as it does for a good code. */
const github = () =>
  vi.fn(
    async () =>
      new Response(
        JSON.stringify({
          access_token: 'ghu_access',
          expires_in: 28800,
          refresh_token: 'ghr_refresh',
          refresh_token_expires_in: 15897600,
          scope: '',
          token_type: 'bearer',
        }),
      ),
  );

describe('npm run cms in GitHub mode: the sign-in’s state', () => {
  it('every redirect to GitHub carries a new random state, kept in a cookie of its own (http: not Secure)', async () => {
    const first = await get('/api/keystatic/github/login');
    expect(first.status).toBe(307);
    const location = new URL(String(first.headers.location));
    expect(location.origin + location.pathname).toBe('https://github.com/login/oauth/authorize');
    expect(location.searchParams.get('redirect_uri')).toBe(`${origin}/api/keystatic/github/oauth/callback`);
    const state = location.searchParams.get('state') ?? '';
    expect(state).toMatch(/^[0-9a-f]{64}$/);
    expect(setCookies(first)).toEqual([`editeur-state=${state}; Path=/; HttpOnly; SameSite=Lax; Max-Age=600`]);
    const second = new URL(String((await get('/api/keystatic/github/login')).headers.location));
    expect(second.searchParams.get('state')).not.toBe(state);
  });

  it('a callback without it, without the cookie, or with another one gets the French page and never reaches GitHub', async () => {
    const token = github();
    vi.stubGlobal('fetch', token);
    const state = 'a1'.repeat(32);
    for (const [target, cookie] of [
      ['/api/keystatic/github/oauth/callback?code=c', `editeur-state=${state}`],
      [`/api/keystatic/github/oauth/callback?code=c&state=${state}`, undefined],
      [`/api/keystatic/github/oauth/callback?code=c&state=${state}`, `editeur-state=${'b2'.repeat(32)}`],
      ['/api/keystatic/github/oauth/callback?code=c&state=', 'editeur-state='],
    ] as const) {
      const answer = await get(target, cookie);
      expect(answer.status, target).toBe(400);
      expect(heading(answer)).toBe('La connexion avec GitHub n’a pas abouti');
      expect(answer.body).toContain('choisissez de nouveau « Log in with GitHub »');
      expect(setCookies(answer)).toEqual([spent]);
    }
    expect(token).not.toHaveBeenCalled();
  });

  it('with its state, the sign-in goes through to the page Keystatic remembered, and the state is spent', async () => {
    const login = await get('/api/keystatic/github/login?from=branch/main/collection/faq');
    const state = new URL(String(login.headers.location)).searchParams.get('state') ?? '';
    const [ours, keystatics] = state.split('.');
    expect(ours).toMatch(/^[0-9a-f]{64}$/);
    expect(keystatics).toMatch(/^[0-9a-f]{20}$/);
    const cookie = setCookies(login)
      .map((line) => line.split(';')[0])
      .join('; ');

    const token = github();
    vi.stubGlobal('fetch', token);
    const callback = await get(`/api/keystatic/github/oauth/callback?code=bon-code&state=${state}`, cookie);
    expect(callback.status).toBe(307);
    expect(callback.headers.location).toBe('/keystatic/branch/main/collection/faq');
    expect(token).toHaveBeenCalledOnce();
    expect(setCookies(callback)).toEqual(
      expect.arrayContaining([expect.stringMatching(/^keystatic-gh-access-token=ghu_access;/), spent]),
    );
  });
});
