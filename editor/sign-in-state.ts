/**
 * The GitHub sign-in bound to the browser that started it, on the hosted editor (./worker.ts) and under
 * `npm run cms` in GitHub mode (./server.ts). Keystatic sends GitHub no `state` (or one only to remember a page)
 * and its callback checks none, so anyone could make an editor's browser finish a sign-in they started (login
 * CSRF). Every redirect to GitHub's sign-in page gets a random `state`, also kept in a cookie unreadable by
 * scripts; the callback refuses a missing or different one before Keystatic sees the request.
 */
import { editorHostMessages } from '../src/content/schema/messages.ts';
import { errorPage } from './error-page.ts';

export const callbackPath = '/api/keystatic/github/oauth/callback';
const githubAuthorize = 'https://github.com/login/oauth/authorize';

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

/**
 * `secure`: the hosted editor's cookie is `__Host-` (HTTPS, this origin only). `npm run cms` is served over http,
 * where a browser may refuse a `Secure` cookie: there it is a plain one, like Keystatic's own.
 */
export function signInState(secure: boolean) {
  const name = secure ? '__Host-editeur-state' : 'editeur-state';
  // For the ten minutes a sign-in may take.
  const cookieFor = (value: string, maxAge: number) =>
    `${name}=${value}; Path=/;${secure ? ' Secure;' : ''} HttpOnly; SameSite=Lax; Max-Age=${maxAge}`;
  /** Spends the state: it serves once. */
  const clear = cookieFor('', 0);
  return {
    clear,
    /**
     * The callback's `state` is `<ours>` or `<ours>.<Keystatic's>`: ours must be the cookie's; Keystatic's (which
     * names the page to return to) is handed back to it. Undefined: refused.
     */
    checkedCallback(request: Request): Request | undefined {
      const url = new URL(request.url);
      const [ours, keystatics] = (url.searchParams.get('state') ?? '').split('.', 2);
      const expected = cookieOf(request, name);
      if (!ours || !expected || ours !== expected) return undefined;
      if (keystatics) url.searchParams.set('state', keystatics);
      else url.searchParams.delete('state');
      return new Request(url, request);
    },
    /** The French page of a refused callback. */
    refused: () => errorPage(400, editorHostMessages.signInFailed, { 'Set-Cookie': clear }),
    /** An answer off to GitHub's sign-in page (from /login, or /repo-not-found without a session) gets our `state`. */
    bind(headers: Headers): void {
      const location = headers.get('Location');
      if (!location?.startsWith(`${githubAuthorize}?`)) return;
      const target = new URL(location);
      const ours = randomHex(32);
      const keystatics = target.searchParams.get('state');
      target.searchParams.set('state', keystatics ? `${ours}.${keystatics}` : ours);
      headers.set('Location', target.toString());
      headers.append('Set-Cookie', cookieFor(ours, 600));
    },
  };
}
