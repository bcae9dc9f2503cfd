/**
 * The hosted editor's server side (`npm run cms:build` → dist-cms/_worker.js, Cloudflare Pages' "advanced
 * mode" Function): Keystatic's GitHub sign-in API under /api/keystatic/, every other path from the static
 * files. The GitHub App's secrets are the host's settings (environment variables of the Pages project),
 * read here per request and never written into the output. Whatever goes wrong answers a short French page,
 * never Keystatic's English text or a stack trace (./error-page.ts). The sign-in is bound to the browser that
 * started it (./sign-in-state.ts), with a `__Host-` cookie.
 */
import type { Config } from '@keystatic/core';
import { makeGenericAPIRouteHandler } from '@keystatic/core/api/generic';
import { editorHostMessages } from '../src/content/schema/messages.ts';
import { editorApiHeaders, loadsNothingPolicy } from '../src/site/security-headers.ts';
import { errorPage } from './error-page.ts';
import { isStrongSecret } from './secret.ts';
import { callbackPath, signInState } from './sign-in-state.ts';
import { storageFrom } from './storage.ts';

interface Env {
  ASSETS: { fetch(request: Request): Promise<Response> };
  KEYSTATIC_GITHUB_CLIENT_ID?: string;
  KEYSTATIC_GITHUB_CLIENT_SECRET?: string;
  KEYSTATIC_SECRET?: string;
}

const secrets = ['KEYSTATIC_GITHUB_CLIENT_ID', 'KEYSTATIC_GITHUB_CLIENT_SECRET', 'KEYSTATIC_SECRET'] as const;

const state = signInState(true);

/** A path of the editor's API that leads nowhere: the French page, not Keystatic's English « Not Found ». */
function notFound(): Response {
  return errorPage(404, editorHostMessages.notFound);
}

async function api(request: Request, env: Env): Promise<Response> {
  if (secrets.some((name) => !env[name])) return errorPage(503, editorHostMessages.notConfigured);
  if (!isStrongSecret(env.KEYSTATIC_SECRET ?? '')) {
    console.error(editorHostMessages.weakSecretAtStart);
    return errorPage(503, editorHostMessages.weakSecret);
  }
  const pathname = new URL(request.url).pathname;
  let forwarded = request;
  if (pathname === callbackPath) {
    const checked = state.checkedCallback(request);
    if (!checked) return state.refused();
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
    return errorPage(401, editorHostMessages.signInFailed, { 'Set-Cookie': state.clear });
  }
  if (status === 404) return notFound();
  const headers = new Headers(answer.headers as HeadersInit | undefined);
  for (const [name, value] of Object.entries(editorApiHeaders)) headers.set(name, value);
  headers.set('Content-Security-Policy', loadsNothingPolicy);
  state.bind(headers);
  if (pathname === callbackPath) headers.append('Set-Cookie', state.clear);
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
      return errorPage(502, pathname === callbackPath ? editorHostMessages.signInFailed : editorHostMessages.unexpected);
    }
  },
};
