/**
 * The hosted editor's server side (`npm run cms:build` → dist-cms/_worker.js, Cloudflare Pages' "advanced
 * mode" Function): Keystatic's GitHub sign-in API under /api/keystatic/, every other path from the static
 * files. The GitHub App's secrets are the host's settings (environment variables of the Pages project),
 * read here per request and never written into the output. Whatever goes wrong answers a short French page,
 * never Keystatic's English text or a stack trace.
 *
 * The sign-in is bound to the browser that started it: Keystatic sends GitHub no `state` (or one only to
 * remember a page) and its callback checks none, so anyone could make an editor's browser finish a sign-in
 * they started (login CSRF). Every redirect to GitHub's sign-in page gets a random `state`, also kept in a
 * `__Host-` cookie (HTTPS, this origin only, unreadable by scripts); the callback refuses a missing or
 * different one before Keystatic sees the request.
 */
import type { Config } from '@keystatic/core';
import { makeGenericAPIRouteHandler } from '@keystatic/core/api/generic';
import { editorHostMessages } from '../src/content/schema/messages.ts';
import { editorApiHeaders, loadsNothingPolicy } from '../src/site/security-headers.ts';
import { isStrongSecret } from './secret.ts';
import { storageFrom } from './storage.ts';

interface Env {
  ASSETS: { fetch(request: Request): Promise<Response> };
  KEYSTATIC_GITHUB_CLIENT_ID?: string;
  KEYSTATIC_GITHUB_CLIENT_SECRET?: string;
  KEYSTATIC_SECRET?: string;
}

const callbackPath = '/api/keystatic/github/oauth/callback';
const githubAuthorize = 'https://github.com/login/oauth/authorize';

const secrets = ['KEYSTATIC_GITHUB_CLIENT_ID', 'KEYSTATIC_GITHUB_CLIENT_SECRET', 'KEYSTATIC_SECRET'] as const;

/** The sign-in's `state`, for the ten minutes a sign-in may take. */
const stateCookie = '__Host-editeur-state';
const stateCookieFor = (value: string, maxAge: number) =>
  `${stateCookie}=${value}; Path=/; Secure; HttpOnly; SameSite=Lax; Max-Age=${maxAge}`;

function randomHex(bytes: number): string {
  return [...crypto.getRandomValues(new Uint8Array(bytes))].map((byte) => byte.toString(16).padStart(2, '0')).join('');
}

function cookieOf(request: Request, name: string): string | undefined {
  for (const pair of (request.headers.get('Cookie') ?? '').split(';')) {
    const [key, ...value] = pair.trim().split('=');
    if (key === name) return value.join('=');
  }
  return undefined;
}

function page(status: number, message: { title: string; text: string }, headers: HeadersInit = {}): Response {
  const html = `<!doctype html>
<html lang="fr">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${message.title}</title></head>
<body>
<main>
<h1>${message.title}</h1>
<p>${message.text}</p>
<p><a href="/keystatic">${editorHostMessages.back}</a></p>
</main>
</body>
</html>
`;
  const answer = new Headers(headers);
  answer.set('Content-Type', 'text/html; charset=utf-8');
  answer.set('Content-Security-Policy', loadsNothingPolicy);
  for (const [name, value] of Object.entries(editorApiHeaders)) answer.set(name, value);
  return new Response(html, { status, headers: answer });
}

/**
 * The callback's `state` is `<ours>` or `<ours>.<Keystatic's>`: ours must be the cookie's; Keystatic's (which
 * names the page to return to) is handed back to it. Undefined: refused.
 */
function checkedCallback(request: Request): Request | undefined {
  const url = new URL(request.url);
  const [ours, keystatics] = (url.searchParams.get('state') ?? '').split('.', 2);
  const expected = cookieOf(request, stateCookie);
  if (!ours || !expected || ours !== expected) return undefined;
  if (keystatics) url.searchParams.set('state', keystatics);
  else url.searchParams.delete('state');
  return new Request(url, request);
}

/** A path of the editor's API that leads nowhere: the French page, not Keystatic's English « Not Found ». */
function notFound(): Response {
  return page(404, editorHostMessages.notFound);
}

async function api(request: Request, env: Env): Promise<Response> {
  if (secrets.some((name) => !env[name])) return page(503, editorHostMessages.notConfigured);
  if (!isStrongSecret(env.KEYSTATIC_SECRET ?? '')) {
    console.error(editorHostMessages.weakSecretAtStart);
    return page(503, editorHostMessages.weakSecret);
  }
  const pathname = new URL(request.url).pathname;
  const clearState = stateCookieFor('', 0);
  let forwarded = request;
  if (pathname === callbackPath) {
    const checked = checkedCallback(request);
    if (!checked) return page(400, editorHostMessages.signInFailed, { 'Set-Cookie': clearState });
    forwarded = checked;
  }
  const handler = makeGenericAPIRouteHandler({
    // The sign-in API reads the storage settings only; the collections are the browser's business.
    config: { storage: storageFrom(__CMS_STORAGE__) } as Config,
    clientId: env.KEYSTATIC_GITHUB_CLIENT_ID,
    clientSecret: env.KEYSTATIC_GITHUB_CLIENT_SECRET,
    secret: env.KEYSTATIC_SECRET,
  });
  const answer = await handler(forwarded);
  let status = answer.status ?? 200;
  // The editor asks for a fresh session on every load; having none to refresh is the normal state of an editor
  // not signed in yet. Keystatic answers 401, which the browser logs as an error: 204 tells its client the same
  // (anything but 200 means "show the sign-in button").
  if (pathname === '/api/keystatic/github/refresh-token' && status === 401) status = 204;
  // GitHub refused the code (expired, used twice, forged), or sent its own error back.
  if (status >= 400 && pathname === callbackPath) {
    return page(401, editorHostMessages.signInFailed, { 'Set-Cookie': clearState });
  }
  if (status === 404) return notFound();
  const headers = new Headers(answer.headers as HeadersInit | undefined);
  for (const [name, value] of Object.entries(editorApiHeaders)) headers.set(name, value);
  headers.set('Content-Security-Policy', loadsNothingPolicy);
  // Off to GitHub's sign-in page (from /login, or /repo-not-found without a session): with our `state`.
  const location = headers.get('Location');
  if (location?.startsWith(`${githubAuthorize}?`)) {
    const target = new URL(location);
    const ours = randomHex(32);
    const keystatics = target.searchParams.get('state');
    target.searchParams.set('state', keystatics ? `${ours}.${keystatics}` : ours);
    headers.set('Location', target.toString());
    headers.append('Set-Cookie', stateCookieFor(ours, 600));
  }
  // A state serves once.
  if (pathname === callbackPath) headers.append('Set-Cookie', clearState);
  return new Response(status === 204 ? null : ((answer.body ?? null) as BodyInit | null), { status, headers });
}

export default {
  async fetch(request: Request, env: Env): Promise<Response> {
    const { pathname } = new URL(request.url);
    if (!pathname.startsWith('/api/keystatic/')) return pathname.startsWith('/api/') ? notFound() : env.ASSETS.fetch(request);
    try {
      return await api(request, env);
    } catch (error) {
      // For the host's logs; the editor sees the French page (GitHub unreachable during sign-in, among others).
      console.error(error);
      return page(502, pathname === callbackPath ? editorHostMessages.signInFailed : editorHostMessages.unexpected);
    }
  },
};
