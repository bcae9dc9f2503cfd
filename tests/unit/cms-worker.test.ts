// @vitest-environment node
/**
 * The hosted editor's Function (editor/worker.ts) as Cloudflare calls it, with Keystatic's real handler behind it and
 * GitHub's token endpoint stood in for: the sign-in's `state` and the strength of KEYSTATIC_SECRET.
 * tests/e2e/cms-host.spec.ts runs the bundled function under `wrangler pages dev`.
 */
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { isStrongSecret, secretBytes } from '../../editor/secret.ts';
import { editorHeaderRules, githubApiFrom, previewFrameSource } from '../../src/site/security-headers.ts';
import { formatHeaders } from '../../src/hosts/node/headers.ts';

type Worker = typeof import('../../editor/worker.ts')['default'];
let worker: Worker;

beforeAll(async () => {
  // What editor/build.ts writes into the bundle.
  Object.assign(globalThis, { __CMS_STORAGE__: { githubRepo: 'propllc/site', branchPrefix: 'contenu/' } });
  worker = (await import('../../editor/worker.ts')).default;
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const origin = 'https://editeur.propllc.fr';
const strongSecret = '9f3c2a71e8d04b56a1c7e29f08b3d64c5a7e1f92b0c48d3e6f1a2b7c9d0e4f58';
const env = (secret = strongSecret) => ({
  ASSETS: { fetch: async () => new Response('static') },
  KEYSTATIC_GITHUB_CLIENT_ID: 'Iv1.client',
  KEYSTATIC_GITHUB_CLIENT_SECRET: 'client-secret',
  KEYSTATIC_SECRET: secret,
});
const get = (path: string, cookie?: string, secret?: string) =>
  worker.fetch(new Request(`${origin}${path}`, { headers: cookie ? { Cookie: cookie } : {} }), env(secret));

const setCookies = (response: Response) => response.headers.getSetCookie();
const heading = async (response: Response) => /<h1>(.*)<\/h1>/.exec(await response.text())?.[1];

describe('KEYSTATIC_SECRET', () => {
  it('needs 32 random bytes: 64 hexadecimal characters, or 43 of base64', () => {
    expect(isStrongSecret(strongSecret)).toBe(true);
    // What Keystatic's own setup writes into .env (40 bytes in hexadecimal).
    expect(isStrongSecret('ab12'.repeat(10) + 'cd34ef56'.repeat(5))).toBe(true);
    expect(isStrongSecret('q8Vz2LmN0xR4tY7wK1pS9dF3gH6jB5cX0vA2eU8iO4w=')).toBe(true);
    expect(secretBytes(strongSecret.slice(0, 62))).toBe(31);
    expect(isStrongSecret(strongSecret.slice(0, 62))).toBe(false);
    // Keystatic's own rule (32 characters) would take these.
    expect(isStrongSecret('session-secret-0123456789-abcdef')).toBe(false);
    expect(isStrongSecret('0'.repeat(80))).toBe(false);
  });

  it('a short one is refused before anything else, with the command that makes one', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    const response = await get('/api/keystatic/github/login', undefined, 'trop-court-0123456789-0123456789-abc');
    expect(response.status).toBe(503);
    const text = await response.text();
    expect(text).toContain('KEYSTATIC_SECRET est trop court');
    expect(text).toContain('openssl rand -hex 32');
    expect(response.headers.get('location')).toBeNull();
    expect(logged).toHaveBeenCalledWith(expect.stringContaining('openssl rand -hex 32'));
  });
});

describe('the sign-in’s state', () => {
  it('every redirect to GitHub carries a new random state, kept in a __Host- cookie', async () => {
    const first = await get('/api/keystatic/github/login');
    const location = new URL(first.headers.get('location') ?? '');
    expect(location.origin + location.pathname).toBe('https://github.com/login/oauth/authorize');
    const state = location.searchParams.get('state') ?? '';
    expect(state).toMatch(/^[0-9a-f]{64}$/);
    expect(setCookies(first)).toEqual([`__Host-editeur-state=${state}; Path=/; Secure; HttpOnly; SameSite=Lax; Max-Age=600`]);
    const second = new URL((await get('/api/keystatic/github/login')).headers.get('location') ?? '');
    expect(second.searchParams.get('state')).not.toBe(state);
  });

  it('a callback without it, without the cookie, or with another one never reaches GitHub', async () => {
    const github = vi.fn(async () => new Response('{}'));
    vi.stubGlobal('fetch', github);
    const state = 'a1'.repeat(32);
    for (const [path, cookie] of [
      ['/api/keystatic/github/oauth/callback?code=c', `__Host-editeur-state=${state}`],
      [`/api/keystatic/github/oauth/callback?code=c&state=${state}`, undefined],
      [`/api/keystatic/github/oauth/callback?code=c&state=${state}`, `__Host-editeur-state=${'b2'.repeat(32)}`],
      ['/api/keystatic/github/oauth/callback?code=c&state=', '__Host-editeur-state='],
    ] as const) {
      const response = await get(path, cookie);
      expect(response.status, path).toBe(400);
      expect(await heading(response)).toBe('La connexion avec GitHub n’a pas abouti');
      expect(setCookies(response)).toContain('__Host-editeur-state=; Path=/; Secure; HttpOnly; SameSite=Lax; Max-Age=0');
    }
    expect(github).not.toHaveBeenCalled();
  });

  it('with its state, the sign-in goes through to the page Keystatic remembered, and the state is spent', async () => {
    // Keystatic remembers the page to return to under a state of its own, which travels after ours.
    const login = await get('/api/keystatic/github/login?from=branch/main/collection/faq');
    const state = new URL(login.headers.get('location') ?? '').searchParams.get('state') ?? '';
    const [ours, keystatics] = state.split('.');
    expect(ours).toMatch(/^[0-9a-f]{64}$/);
    expect(keystatics).toMatch(/^[0-9a-f]{20}$/);
    const cookie = setCookies(login)
      .map((line) => line.split(';')[0])
      .join('; ');
    expect(cookie).toContain(`ks-${keystatics}=branch%2Fmain%2Fcollection%2Ffaq`);

    const github = vi.fn(
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
    vi.stubGlobal('fetch', github);
    const callback = await get(`/api/keystatic/github/oauth/callback?code=bon-code&state=${state}`, cookie);
    expect(callback.status).toBe(307);
    expect(callback.headers.get('location')).toBe('/keystatic/branch/main/collection/faq');
    expect(github).toHaveBeenCalledOnce();
    expect(setCookies(callback)).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/^keystatic-gh-access-token=ghu_access;/),
        '__Host-editeur-state=; Path=/; Secure; HttpOnly; SameSite=Lax; Max-Age=0',
      ]),
    );
  });
});

describe('the pages « Aperçu » may frame', () => {
  it('are the branch previews of PREVIEW_URL, as one CSP source', () => {
    expect(previewFrameSource('https://{branch}.propllc.pages.dev')).toBe('https://*.propllc.pages.dev');
    expect(previewFrameSource('https://{branch}--propllc.netlify.app')).toBe('https://*.netlify.app');
    expect(previewFrameSource('https://apercu.propllc.fr/{branch}/')).toBe('https://apercu.propllc.fr');
    expect(previewFrameSource(undefined)).toBeUndefined();
    expect(() => previewFrameSource('http://{branch}.propllc.pages.dev')).toThrow(/https/);
    const policy = editorHeaderRules(undefined)['/*']?.headers['Content-Security-Policy'];
    expect(policy).toContain("frame-src 'self';");
  });
});

describe('GitHub’s API for the hosted « Aperçu » (CMS_GITHUB_API_URL)', () => {
  it('is api.github.com unless set, an https origin, or http on this machine only', () => {
    expect(githubApiFrom(undefined)).toBe('https://api.github.com');
    expect(githubApiFrom(' ')).toBe('https://api.github.com');
    expect(githubApiFrom('https://github.example.org/')).toBe('https://github.example.org');
    expect(githubApiFrom('http://127.0.0.1:4484')).toBe('http://127.0.0.1:4484');
    expect(() => githubApiFrom('http://github.example.org')).toThrow(/CMS_GITHUB_API_URL/);
    expect(() => githubApiFrom('https://github.example.org/api/v3')).toThrow(/CMS_GITHUB_API_URL/);
  });

  it('is the one origin besides GitHub’s files the editor’s pages may connect to; only the preview’s page may be framed, by the editor', () => {
    const rules = editorHeaderRules('https://*.propllc.pages.dev', 'http://127.0.0.1:4484');
    const editor = rules['/*']?.headers['Content-Security-Policy'] ?? '';
    expect(editor).toContain("connect-src 'self' http://127.0.0.1:4484 https://raw.githubusercontent.com;");
    expect(editor).toContain("frame-ancestors 'none'");
    expect(editor).not.toContain('unsafe-eval');
    const framed = rules['/apercu-page'];
    expect(framed?.headers['Content-Security-Policy']).toContain("frame-ancestors 'self'");
    expect(framed?.headers['Content-Security-Policy']).toContain("script-src 'self';");
    expect(framed?.headers['Content-Security-Policy']).not.toContain('unsafe-eval');
    expect(framed?.headers['X-Frame-Options']).toBe('SAMEORIGIN');
    // Written so that Cloudflare drops the editor-wide values before setting these (one policy, not two).
    expect(formatHeaders(rules)).toMatch(
      /^\/apercu-page\n {2}! Content-Security-Policy\n {2}! X-Frame-Options\n {2}Content-Security-Policy: .+\n {2}X-Frame-Options: SAMEORIGIN\n/m,
    );
  });
});
