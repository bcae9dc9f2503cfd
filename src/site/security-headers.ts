/**
 * Every HTTP header the site and its editor send, declared once (docs/deploying.md, "Security headers"):
 * - the pages and files: tools/build/postbuild.ts writes `siteHeaderRules` into dist/_headers, which Netlify,
 *   Cloudflare Pages and the Node server (src/hosts/node/static-server.ts) read; the build adds the hashes of the
 *   pages' inline elements to `pagePolicy` (tools/build/csp.ts);
 * - the contact receiver's answers (`receiverSecurityHeaders`): hosts apply `_headers` to static files only,
 *   never to a function's answers, so the receiver sets them itself, on every host;
 * - the hosted editor: dist-cms/_headers (editor/build.ts) and its Function's answers (editor/worker.ts).
 * Plain data with no Node API: the receiver and the editor's Function read it on Cloudflare's runtime too.
 */

/** A Content-Security-Policy as directive → sources, in the order it is written. */
export type Directives = Readonly<Record<string, readonly string[]>>;

export function serializePolicy(directives: Directives): string {
  return Object.entries(directives)
    .map(([name, sources]) => [name, ...sources].join(' '))
    .join('; ');
}

/**
 * The pages' policy: only the site's own files. The build adds the sha256 of the two inline elements every
 * page carries (its stylesheet and the site script's loader), the contact endpoint's origin when it is
 * another site, and the editor's origin to frame-ancestors on preview builds (tools/build/csp.ts).
 */
export const pagePolicy = {
  'default-src': ["'self'"],
  'script-src': ["'self'"],
  'style-src': ["'self'"],
  'img-src': ["'self'", 'data:'],
  'font-src': ["'self'"],
  'connect-src': ["'self'"],
  'form-action': ["'self'"],
  // Browsers ignore X-Frame-Options when the policy has frame-ancestors: both say the same.
  'frame-ancestors': ["'none'"],
  'base-uri': ["'none'"],
  'object-src': ["'none'"],
} as const satisfies Directives;

/**
 * For the small pages a server writes itself (the receiver's confirmation and error pages, the editor's
 * error pages): they load nothing at all, no script, no stylesheet, no image.
 */
export const loadsNothingPolicy = serializePolicy({
  'default-src': ["'none'"],
  'form-action': pagePolicy['form-action'],
  'frame-ancestors': pagePolicy['frame-ancestors'],
  'base-uri': pagePolicy['base-uri'],
});

const noFraming = { 'X-Frame-Options': 'DENY' } as const;
const noSniffing = { 'X-Content-Type-Options': 'nosniff' } as const;
const httpsOnly = { 'Strict-Transport-Security': 'max-age=31536000; includeSubDomains' } as const;

/** What every answer of the site carries besides its policy: its pages, files and receiver alike. */
const everyAnswer = {
  'Referrer-Policy': 'strict-origin-when-cross-origin',
  ...noSniffing,
  'Permissions-Policy': 'camera=(), microphone=(), geolocation=(), payment=(), usb=()',
  ...httpsOnly,
  ...noFraming,
  'Cross-Origin-Opener-Policy': 'same-origin',
} as const;

export const immutableCache = 'public, max-age=31536000, immutable';

/** A rule of `_headers`: the headers of every path its pattern matches, and why it exists. */
export interface HeaderRuleDeclaration {
  note?: string;
  /** Headers an earlier rule set that this path drops (`! Name`, Cloudflare Pages), before setting its own. */
  unset?: readonly string[];
  headers: Readonly<Record<string, string>>;
}

/**
 * dist/_headers, by path pattern (keyed by pattern: Cloudflare and Netlify keep only the last rule written
 * for one). Every page carries one policy, `contentSecurityPolicy`, in the `/*` rule alone: a response
 * matching two rules that both set one would carry two policies.
 */
export function siteHeaderRules(contentSecurityPolicy: string): Record<string, HeaderRuleDeclaration> {
  return {
    '/*': {
      headers: {
        'Content-Security-Policy': contentSecurityPolicy,
        ...everyAnswer,
        // The next pages pre-rendered on hover, without an inline script.
        'Speculation-Rules': '"/speculation-rules.json"',
      },
    },
    '/speculation-rules.json': {
      note: 'Chromium applies speculation rules only from a file served with this type.',
      headers: { 'Content-Type': 'application/speculationrules+json' },
    },
    '/assets/*': {
      note: 'File names under /assets/ carry a hash of their content: they can be cached for good.',
      headers: { 'Cache-Control': immutableCache },
    },
  };
}

/** Every answer of the contact receiver, and of the Node server when it answers without a page (400, 405, 500). */
export const receiverSecurityHeaders: Readonly<Record<string, string>> = {
  'Content-Security-Policy': loadsNothingPolicy,
  ...everyAnswer,
  // An answer is about one message: no cache may keep it.
  'Cache-Control': 'no-store',
};

/**
 * The hosted editor's policy. Keystatic's interface runs from the editor's own scripts and talks to GitHub from
 * the browser: its GraphQL and REST API (api.github.com), and, for a public repository, the files' contents from
 * raw.githubusercontent.com; the signed-in editor's picture comes from avatars.githubusercontent.com. Its styles
 * are written at run time (emotion: `<style>` elements and style attributes), hence `'unsafe-inline'` for styles
 * only. « Aperçu » frames the site's branch previews (`previewSource`, from PREVIEW_URL) and reads the branch from
 * GitHub's API (`githubApi`, from CMS_GITHUB_API_URL: a stand-in in the end-to-end test). Nobody frames the editor.
 */
function editorPolicy(
  previewSource: string | undefined,
  githubApi: string,
  framedBy: readonly string[] = pagePolicy['frame-ancestors'],
): string {
  return serializePolicy({
    'default-src': ["'self'"],
    'script-src': ["'self'"],
    'style-src': ["'self'", "'unsafe-inline'"],
    // data: for the page's empty icon (`<link rel="icon" href="data:,">`), blob: for images read from the repository.
    'img-src': ["'self'", 'data:', 'blob:', 'https://avatars.githubusercontent.com'],
    'font-src': ["'self'"],
    'connect-src': ["'self'", githubApi, 'https://raw.githubusercontent.com'],
    'frame-src': ["'self'", ...(previewSource ? [previewSource] : [])],
    'form-action': pagePolicy['form-action'],
    'frame-ancestors': framedBy,
    'base-uri': pagePolicy['base-uri'],
    'object-src': pagePolicy['object-src'],
  });
}

const defaultGithubApi = 'https://api.github.com';

/**
 * GitHub's REST API for the hosted editor's « Aperçu » (CMS_GITHUB_API_URL): https://api.github.com by default; an
 * origin with no path, https, or http on 127.0.0.1 or localhost only (a stand-in on the test's machine).
 */
export function githubApiFrom(setting: string | undefined): string {
  const raw = setting?.trim();
  if (!raw) return defaultGithubApi;
  const match = /^(https:\/\/[^/]+|http:\/\/(?:127\.0\.0\.1|localhost)(?::\d+)?)\/?$/.exec(raw);
  if (!match?.[1]) throw new Error(`CMS_GITHUB_API_URL must be an https origin such as https://api.github.com, got "${raw}"`);
  return match[1];
}

/**
 * The CSP source of the site's branch previews, from PREVIEW_URL's template: `https://{branch}.propllc.pages.dev`
 * → `https://*.propllc.pages.dev` (the branch names the host's first label), `https://apercu.example.org/{branch}/`
 * → `https://apercu.example.org`. Undefined without a template; anything but https is refused.
 */
export function previewFrameSource(template: string | undefined): string | undefined {
  const raw = template?.trim();
  if (!raw) return undefined;
  const match = /^https:\/\/([^/]+)/.exec(raw);
  if (!match?.[1]) throw new Error(`PREVIEW_URL must be an https address such as https://{branch}.example.pages.dev, got "${raw}"`);
  const labels = match[1].split('.');
  if (!labels[0]?.includes('{branch}')) return `https://${match[1]}`;
  // A first label that holds more than the branch (`{branch}--site`) still only fits a wildcard for the whole label.
  return `https://*.${labels.slice(1).join('.')}`;
}

/**
 * The hosted editor's static files (dist-cms/_headers). It is not the site: no search engine lists it, and
 * the addresses it opens (branches, entries) are nobody else's business. HTTPS only: a script injected on
 * its origin could read the editor's GitHub token (docs/editor.md, "Hosted editor").
 */
const editorHeaders = {
  ...noSniffing,
  ...noFraming,
  ...httpsOnly,
  'Referrer-Policy': 'no-referrer',
  'X-Robots-Tag': 'noindex',
} as const;

export function editorHeaderRules(
  previewSource: string | undefined,
  githubApi = defaultGithubApi,
): Record<string, HeaderRuleDeclaration> {
  return {
    '/*': { headers: { 'Content-Security-Policy': editorPolicy(previewSource, githubApi), ...editorHeaders } },
    '/apercu-page': {
      note: '« Aperçu »’s frames: the editor’s own page, framed by its preview page (same origin) and by nothing else.',
      unset: ['Content-Security-Policy', 'X-Frame-Options'],
      headers: {
        'Content-Security-Policy': editorPolicy(previewSource, githubApi, ["'self'"]),
        'X-Frame-Options': 'SAMEORIGIN',
      },
    },
  };
}

/** The editor's Function answers (sign-in API, error pages): `_headers` does not apply to them. */
export const editorApiHeaders: Readonly<Record<string, string>> = {
  'Cache-Control': 'no-store',
  ...editorHeaders,
};
