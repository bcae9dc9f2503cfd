/**
 * Every fixed port the end-to-end tests listen on, from one base (E2E_PORT), so that no two meet. Servers a test
 * only reaches itself take a free port instead (`listen` in build-copy.ts); these are fixed because an address is
 * written into a build, a CSP or a command line before the server exists, or because a run reuses a server.
 */
const base = Number(process.env.E2E_PORT ?? 4321);
const fromEnv = (name: string, fallback: number) => Number(process.env[name] ?? fallback);

export const e2ePorts = {
  /** The built site with its receiver, as `npm start` serves it (Playwright's web server). */
  site: base,
  /** The local editor, `npm run cms` (cms.spec.ts). */
  editor: fromEnv('CMS_E2E_PORT', base + 1),
  /** The one `wrangler pages dev` of the Cloudflare specs (cloudflare-runtime.ts), and its inspector. */
  cloudflare: fromEnv('WRANGLER_PORT', base + 100),
  cloudflareInspector: base + 101,
  /** The webhook stand-in its function delivers to: the address is one of wrangler's bindings. */
  webhookStandIn: base + 102,
  /** The hosted editor, dist-cms/ (cms-host.spec.ts), that wrangler's inspector, and its GitHub API stand-in. */
  editorHost: fromEnv('CMS_WRANGLER_PORT', base + 105),
  editorHostInspector: base + 106,
  githubStandIn: base + 107,
};
