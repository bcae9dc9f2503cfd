/**
 * Every fixed port the end-to-end tests listen on, from one base (E2E_PORT), so that no two meet. Servers a test
 * only reaches itself take a free port instead (`listen` in build-copy.ts); these are fixed because an address is
 * written into a build, a CSP or a command line before the server exists, or because a run reuses a server.
 * The wrangler specs run one after the other, yet each keeps ports of its own: one may still be closing its
 * inspector when the next starts.
 */
const base = Number(process.env.E2E_PORT ?? 4321);
const fromEnv = (name: string, fallback: number) => Number(process.env[name] ?? fallback);

export const e2ePorts = {
  /** The built site with its receiver, as `npm start` serves it (Playwright's web server). */
  site: base,
  /** The local editor, `npm run cms` (cms.spec.ts). */
  editor: fromEnv('CMS_E2E_PORT', base + 1),
  /** `wrangler pages dev` over dist/ (cloudflare.spec.ts). */
  cloudflare: fromEnv('WRANGLER_PORT', base + 100),
  /** The leads on D1 (cloudflare-leads.spec.ts), and that wrangler's inspector. */
  cloudflareLeads: base + 101,
  cloudflareLeadsInspector: base + 102,
  /** The audience on D1 (cloudflare-audience.spec.ts), and that wrangler's inspector. */
  cloudflareAudience: base + 103,
  cloudflareAudienceInspector: base + 104,
  /** The hosted editor, dist-cms/ (cms-host.spec.ts), that wrangler's inspector, and its GitHub API stand-in. */
  editorHost: fromEnv('CMS_WRANGLER_PORT', base + 105),
  editorHostInspector: base + 106,
  githubStandIn: base + 107,
  /** contact-endpoint.spec.ts's stub endpoint: this port plus the worker's index, one build per worker. */
  endpointStub: base + 110,
};
