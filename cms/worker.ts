/**
 * The hosted editor's server side (`npm run cms:build` → dist-cms/_worker.js, Cloudflare Pages' "advanced
 * mode" Function): Keystatic's GitHub sign-in API under /api/keystatic/, every other path from the static
 * files. The GitHub App's secrets are the host's settings (environment variables of the Pages project),
 * read here per request and never written into the output. Whatever goes wrong answers a short French page,
 * never Keystatic's English text or a stack trace.
 */
import type { Config } from '@keystatic/core';
import { makeGenericAPIRouteHandler } from '@keystatic/core/api/generic';
import { editorHostMessages } from '../src/content-schema/messages.ts';
import { editorApiHeaders, loadsNothingPolicy } from '../src/security-headers.ts';
import { storageFrom } from './storage.ts';

interface Env {
  ASSETS: { fetch(request: Request): Promise<Response> };
  KEYSTATIC_GITHUB_CLIENT_ID?: string;
  KEYSTATIC_GITHUB_CLIENT_SECRET?: string;
  KEYSTATIC_SECRET?: string;
}

const callbackPath = '/api/keystatic/github/oauth/callback';

const secrets = ['KEYSTATIC_GITHUB_CLIENT_ID', 'KEYSTATIC_GITHUB_CLIENT_SECRET', 'KEYSTATIC_SECRET'] as const;

function page(status: number, message: { title: string; text: string }): Response {
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
  return new Response(html, {
    status,
    headers: { 'Content-Type': 'text/html; charset=utf-8', 'Content-Security-Policy': loadsNothingPolicy, ...editorApiHeaders },
  });
}

/** A path of the editor's API that leads nowhere: the French page, not Keystatic's English « Not Found ». */
function notFound(): Response {
  return page(404, editorHostMessages.notFound);
}

async function api(request: Request, env: Env): Promise<Response> {
  if (secrets.some((name) => !env[name])) return page(503, editorHostMessages.notConfigured);
  const handler = makeGenericAPIRouteHandler({
    // The sign-in API reads the storage settings only; the collections are the browser's business.
    config: { storage: storageFrom(__CMS_STORAGE__) } as Config,
    clientId: env.KEYSTATIC_GITHUB_CLIENT_ID,
    clientSecret: env.KEYSTATIC_GITHUB_CLIENT_SECRET,
    secret: env.KEYSTATIC_SECRET,
  });
  const answer = await handler(request);
  const pathname = new URL(request.url).pathname;
  let status = answer.status ?? 200;
  // The editor asks for a fresh session on every load; having none to refresh is the normal state of an editor
  // not signed in yet. Keystatic answers 401, which the browser logs as an error: 204 tells its client the same
  // (anything but 200 means "show the sign-in button").
  if (pathname === '/api/keystatic/github/refresh-token' && status === 401) status = 204;
  // GitHub refused the code (expired, used twice, forged), or sent its own error back.
  if (status >= 400 && pathname === callbackPath) {
    return page(401, editorHostMessages.signInFailed);
  }
  if (status === 404) return notFound();
  const headers = new Headers(answer.headers as HeadersInit | undefined);
  for (const [name, value] of Object.entries(editorApiHeaders)) headers.set(name, value);
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
