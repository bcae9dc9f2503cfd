/**
 * The hosted editor (`npm run cms:build` → dist-cms/) on Cloudflare's own runtime, offline:
 * `wrangler pages dev dist-cms` serves the static editor and its sign-in function, as a Pages project would.
 * The GitHub App's settings are given as the host gives them (bindings), and never reach the output.
 * Run by `npm run test:e2e`, as the `cms-host` project of playwright.config.ts, after the other specs that start wrangler.
 */
import { execFile } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { createServer, type Server } from 'node:http';
import path from 'node:path';
import { promisify } from 'node:util';
import { type APIRequestContext, expect, type Page, type Request, test } from '@playwright/test';
import { outlined } from './apercu-outlined.ts';
import { listen, root } from './build-copy.ts';
import { e2ePorts } from './ports.ts';
import { type PagesDev, startPagesDev } from './wrangler.ts';

test.describe.configure({ mode: 'serial' });
// The editor's own window, as in the local editor's spec.
test.use({ viewport: { width: 1280, height: 900 } });

const port = e2ePorts.editorHost;
const origin = `http://127.0.0.1:${port}`;
const clientId = 'Iv1.propllc-test-client';
// Values only this test knows: none may appear in what is deployed.
const secrets = {
  KEYSTATIC_GITHUB_CLIENT_SECRET: 'client-secret-never-in-dist',
  // 32 random bytes, as `openssl rand -hex 32` makes them (a shorter one is refused: tests/unit/cms-worker.test.ts).
  KEYSTATIC_SECRET: '9f3c2a71e8d04b56a1c7e29f08b3d64c5a7e1f92b0c48d3e6f1a2b7c9d0e4f58',
};
const previewTemplate = 'https://{branch}.propllc.pages.dev';
let wrangler: PagesDev | undefined;
let projectFolder = '';

/**
 * A stand-in for GitHub's REST API, as the hosted « Aperçu » reads a branch from it: a file's contents (raw), a
 * folder's listing, the branch's head commit (with an ETag). It answers from `files` and `head`, which a test
 * changes as a save would, and records the Authorization header of every request.
 */
const githubPort = e2ePorts.githubStandIn;
const github = {
  files: new Map<string, string>(),
  head: 'a'.repeat(40),
  authorizations: new Set<string>(),
  server: undefined as Server | undefined,
};

function startGithubStandIn(): Promise<number> {
  const cors = {
    'Access-Control-Allow-Origin': '*',
    'Access-Control-Allow-Headers': 'Authorization, Accept, If-None-Match, X-GitHub-Api-Version',
    'Access-Control-Expose-Headers': 'ETag',
  };
  github.server = createServer((request, response) => {
    const url = new URL(request.url ?? '/', `http://127.0.0.1:${githubPort}`);
    if (request.method === 'OPTIONS') return void response.writeHead(204, cors).end();
    if (request.headers.authorization) github.authorizations.add(request.headers.authorization);
    if (url.pathname === '/repos/propllc/site/commits/essai') {
      const etag = `"${github.head}"`;
      if (request.headers['if-none-match'] === etag) return void response.writeHead(304, { ...cors, ETag: etag }).end();
      return void response.writeHead(200, { ...cors, ETag: etag, 'Content-Type': 'text/plain' }).end(github.head);
    }
    const contents = /^\/repos\/propllc\/site\/contents\/(.+)$/.exec(url.pathname);
    if (!contents?.[1] || url.searchParams.get('ref') !== 'essai') return void response.writeHead(404, cors).end();
    const wanted = decodeURIComponent(contents[1]);
    const file = github.files.get(wanted);
    if (file !== undefined) return void response.writeHead(200, { ...cors, 'Content-Type': 'text/plain; charset=utf-8' }).end(file);
    const listing = [...github.files.keys()]
      .filter((name) => name.startsWith(`${wanted}/`) && !name.slice(wanted.length + 1).includes('/'))
      .map((name) => ({ name: name.slice(wanted.length + 1), path: name, type: 'file' }));
    if (listing.length === 0) return void response.writeHead(404, cors).end();
    response.writeHead(200, { ...cors, 'Content-Type': 'application/json' }).end(JSON.stringify(listing));
  });
  return listen(github.server, githubPort);
}

/** The branch's files as the repository holds them, but for one FAQ answer (and the FAQ's menu label) only the stand-in has. */
function branchFiles(answer: string, faqLabel = 'FAQ') {
  github.files.clear();
  for (const name of readdirSync(path.join(root, 'content')).filter((file) => file.endsWith('.json'))) {
    github.files.set(`content/${name}`, readFileSync(path.join(root, 'content', name), 'utf8'));
  }
  const navigation = github.files.get('content/navigation.json') ?? '';
  github.files.set('content/navigation.json', navigation.replace('"label": "FAQ"', `"label": ${JSON.stringify(faqLabel)}`));
  github.files.set('content/pages/faq.mdx', readFileSync(path.join(root, 'content/pages/faq.mdx'), 'utf8'));
  for (const name of readdirSync(path.join(root, 'content/faq'))) {
    github.files.set(`content/faq/${name}`, readFileSync(path.join(root, 'content/faq', name), 'utf8'));
  }
  const delai = github.files.get('content/faq/delai.mdx') ?? '';
  github.files.set('content/faq/delai.mdx', delai.replace(/^---\n([\s\S]*?)\n---\n[\s\S]*$/, `---\n$1\n---\n${answer}\n`));
}

/** Every CSP violation the page reports, as `directive blocked-uri`. */
async function recordViolations(page: Page): Promise<() => Promise<string[]>> {
  await page.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { cspViolations: string[] }).cspViolations = seen;
    document.addEventListener('securitypolicyviolation', (event) => seen.push(`${event.effectiveDirective} ${event.blockedURI}`));
  });
  return () => page.evaluate(() => (window as unknown as { cspViolations: string[] }).cspViolations);
}

/** Every file of the output, recursively. */
const filesOf = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? filesOf(path.join(dir, entry.name)) : [path.join(dir, entry.name)],
  );

/**
 * Opens a page of the editor on wrangler's local server, waiting for DOMContentLoaded: the page's module scripts
 * (one to three megabytes) have all arrived, which is what every check after it needs. Run from the project folder
 * beside the site's wranglers, about one navigation in thirty once never got there while wrangler answered the next
 * requests at once. This wrangler now runs in a folder of its own; alone, 280 navigations (half of them from the
 * project folder) never stalled. Should one stall again, it fails, naming the requests still open and wrangler's
 * last lines, rather than being opened again after a while.
 */
async function openServed(page: Page, address: string): Promise<void> {
  const open = new Set<string>();
  const track = (request: Request) => open.add(request.url());
  const done = (request: Request) => open.delete(request.url());
  page.on('request', track);
  page.on('requestfinished', done);
  page.on('requestfailed', done);
  try {
    // A deadline only a hang reaches (a load takes a few seconds), inside the test's own, so that this report is seen.
    await page.goto(address, { waitUntil: 'domcontentloaded', timeout: 120_000 });
  } catch (error) {
    throw new Error(
      `${address} not loaded; still open: ${[...open].join(', ')}. wrangler's last lines:\n${wrangler?.output().slice(-2_000)}`,
      { cause: error },
    );
  } finally {
    page.off('request', track);
    page.off('requestfinished', done);
    page.off('requestfailed', done);
  }
}

test.beforeAll(async () => {
  await startGithubStandIn();
  // Built with the secrets in the environment, as a careless host setting would: they must stay out anyway.
  await promisify(execFile)('npm', ['run', 'cms:build'], {
    cwd: root,
    env: {
      ...process.env,
      CMS_GITHUB_REPO: 'propllc/site',
      PREVIEW_URL: previewTemplate,
      CMS_GITHUB_API_URL: `http://127.0.0.1:${githubPort}`,
      KEYSTATIC_GITHUB_CLIENT_ID: clientId,
      ...secrets,
    },
  });
  const bindings = Object.entries({ KEYSTATIC_GITHUB_CLIENT_ID: clientId, ...secrets }).flatMap(([name, value]) => [
    '--binding',
    `${name}=${value}`,
  ]);
  // A wrangler of its own, run from a folder of its own: the hosted editor is another Pages project (its own
  // _worker.js, no D1, no site), and two `wrangler pages dev` in one project folder restart each other's worker,
  // while the site's shared one (cloudflare-runtime.ts) lives as long as this Playwright worker. Without the site's
  // wrangler.toml, its compatibility date is given here.
  const compatibilityDate =
    /^compatibility_date = "([\d-]+)"$/m.exec(readFileSync(path.join(root, 'wrangler.toml'), 'utf8'))?.[1] ?? '';
  projectFolder = await mkdtemp(path.join(tmpdir(), 'propllc-cms-host-'));
  const args = [
    path.join(root, 'dist-cms'),
    '--compatibility-date',
    compatibilityDate,
    '--inspector-port',
    String(e2ePorts.editorHostInspector),
    ...bindings,
  ];
  wrangler = await startPagesDev({ port, args, cwd: projectFolder, readyPath: '/keystatic' });
});

test.afterAll(async () => {
  await wrangler?.stop();
  if (projectFolder) await rm(projectFolder, { recursive: true, force: true });
  await new Promise((resolve) => (github.server ? github.server.close(resolve) : resolve(undefined)));
});

test('the output holds the editor and its function, and none of the GitHub App’s secrets', () => {
  const files = filesOf(path.join(root, 'dist-cms')).map((file) => path.relative(path.join(root, 'dist-cms'), file));
  expect(files).toEqual(expect.arrayContaining(['index.html', 'apercu.html', '_worker.js', '_routes.json', '_headers']));
  for (const file of files) {
    const text = readFileSync(path.join(root, 'dist-cms', file), 'latin1');
    for (const value of Object.values(secrets)) expect(text.includes(value), `${file} holds a secret`).toBe(false);
  }
});

test('dist-cms/_headers gives the editor a strict CSP and HSTS, and the host serves them', async ({ request }) => {
  const headers = readFileSync(path.join(root, 'dist-cms', '_headers'), 'utf8');
  const policy = /^ {2}Content-Security-Policy: (.+)$/m.exec(headers)?.[1] ?? '';
  const directives = Object.fromEntries(
    policy.split('; ').map((directive) => [directive.split(' ')[0], directive.split(' ').slice(1)]),
  );
  expect(directives['script-src']).toEqual(["'self'"]);
  // GitHub's API as the build names it (CMS_GITHUB_API_URL: the stand-in here), for Keystatic and « Aperçu ».
  expect(directives['connect-src']).toEqual(["'self'", `http://127.0.0.1:${githubPort}`, 'https://raw.githubusercontent.com']);
  expect(directives['frame-src']).toEqual(["'self'", 'https://*.propllc.pages.dev']);
  expect(directives['object-src']).toEqual(["'none'"]);
  expect(directives['base-uri']).toEqual(["'none'"]);
  expect(directives['frame-ancestors']).toEqual(["'none'"]);
  expect(headers).toMatch(/^ {2}Strict-Transport-Security: max-age=31536000; includeSubDomains$/m);
  for (const address of ['/keystatic', '/keystatic/branch/main', '/apercu?page=%2Ffaq']) {
    const served = (await request.get(`${origin}${address}`)).headers();
    expect(served['content-security-policy'], address).toBe(policy);
    expect(served['strict-transport-security'], address).toBe('max-age=31536000; includeSubDomains');
    expect(served['x-frame-options'], address).toBe('DENY');
  }
});

test('/keystatic loads with no console error and asks nothing of another origin', async ({ page }) => {
  const violations = await recordViolations(page);
  const errors: string[] = [];
  const outside: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(error.message));
  page.on('request', (request) => {
    const url = new URL(request.url());
    if ((url.protocol === 'http:' || url.protocol === 'https:') && url.origin !== origin) outside.push(request.url());
  });
  await openServed(page, `${origin}/keystatic`);
  // Not signed in yet: GitHub mode's sign-in screen.
  await expect(
    page
      .getByRole('button', { name: /GitHub/ })
      .or(page.getByRole('link', { name: /GitHub/ }))
      .first(),
  ).toBeVisible({
    timeout: 60_000,
  });
  await page.waitForLoadState('networkidle');
  expect(errors).toEqual([]);
  expect(outside).toEqual([]);
  expect(await violations()).toEqual([]);
});

/** `/api/keystatic/github/login`'s redirect to GitHub, and the `state` cookie it sets. */
async function signIn(request: APIRequestContext) {
  const response = await request.get(`${origin}/api/keystatic/github/login`, { maxRedirects: 0 });
  expect(response.status()).toBe(307);
  const cookies = response.headersArray().filter(({ name }) => name.toLowerCase() === 'set-cookie');
  const stateCookie = cookies.find(({ value }) => value.startsWith('__Host-'))?.value ?? '';
  return { location: new URL(response.headers().location ?? ''), stateCookie };
}

test('the GitHub sign-in route sends the editor to GitHub with the app’s client id, the deployed callback and a random state', async ({
  request,
}) => {
  const { location, stateCookie } = await signIn(request);
  expect(`${location.origin}${location.pathname}`).toBe('https://github.com/login/oauth/authorize');
  expect(location.searchParams.get('client_id')).toBe(clientId);
  expect(location.searchParams.get('redirect_uri')).toBe(`${origin}/api/keystatic/github/oauth/callback`);
  const state = location.searchParams.get('state') ?? '';
  expect(state).toMatch(/^[0-9a-f]{64}$/);
  // HTTPS only, this origin only (no Domain), unreadable by the editor's scripts, for the sign-in's ten minutes.
  expect(stateCookie).toBe(`__Host-editeur-state=${state}; Path=/; Secure; HttpOnly; SameSite=Lax; Max-Age=600`);
  expect((await signIn(request)).location.searchParams.get('state')).not.toBe(state);
});

/** The French page of a sign-in that did not go through, with its status. */
async function expectSignInFailedPage(page: Page, address: string, cookie?: string) {
  if (cookie) await page.setExtraHTTPHeaders({ Cookie: cookie });
  const response = await page.goto(`${origin}${address}`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('La connexion avec GitHub n’a pas abouti');
  await expect(page.getByRole('link', { name: 'Revenir à l’éditeur' })).toHaveAttribute('href', '/keystatic');
  const text = (await page.locator('body').textContent()) ?? '';
  expect(text).not.toMatch(/\bat \S+ \(|Error:|TypeError|node_modules|_worker\.js/);
  expect(await page.locator('html').getAttribute('lang')).toBe('fr');
  return response?.status();
}

test('a callback without the sign-in’s state, or with another one, gets the French error page', async ({ page, request }) => {
  const { location, stateCookie } = await signIn(request);
  const state = location.searchParams.get('state') ?? '';
  const cookie = stateCookie.split(';')[0] ?? '';
  const callback = '/api/keystatic/github/oauth/callback?code=un-code';
  // No state at all, a state without the cookie, a state other than the cookie's.
  expect(await expectSignInFailedPage(page, callback, cookie)).toBe(400);
  expect(await expectSignInFailedPage(page, `${callback}&state=${state}`, 'autre=1')).toBe(400);
  expect(await expectSignInFailedPage(page, `${callback}&state=${'0'.repeat(64)}`, cookie)).toBe(400);
});

test('with its own state, a callback whose code GitHub refuses gets the French error page too', async ({ page, request }) => {
  const { location, stateCookie } = await signIn(request);
  const state = location.searchParams.get('state') ?? '';
  // Past the state check: Keystatic asks GitHub for a token, which fails (offline, or a code GitHub does not know).
  const status = await expectSignInFailedPage(
    page,
    `/api/keystatic/github/oauth/callback?code=mauvais-code&state=${state}`,
    stateCookie.split(';')[0],
  );
  expect(status).toBeGreaterThan(400);
});

test('the sign-in error page names the sign-in button as the editor shows it', async ({ page }) => {
  // The button is what this test reads: once, on a loaded machine, the page's `load` event (every file of the page)
  // had not come after six minutes under `wrangler pages dev`, and the test died waiting for it.
  await openServed(page, `${origin}/keystatic`);
  const button = page
    .getByRole('button', { name: /GitHub/ })
    .or(page.getByRole('link', { name: /GitHub/ }))
    .first();
  await expect(button).toBeVisible({ timeout: 60_000 });
  const name = ((await button.textContent()) ?? '').trim();
  expect(name).toMatch(/GitHub/);
  await page.goto(`${origin}/api/keystatic/github/oauth/callback?code=mauvais-code&state=x`);
  await expect(page.getByRole('main')).toContainText(`« ${name} »`);
});

test('an unknown path of the editor’s API answers a French 404 page', async ({ page }) => {
  for (const address of ['/api/keystatic/nulle-part', '/api/autre-chose']) {
    const response = await page.goto(`${origin}${address}`);
    expect(response?.status(), address).toBe(404);
    await expect(page.getByRole('heading', { level: 1 }), address).toHaveText('Cette adresse n’existe pas dans l’éditeur');
    await expect(page.getByRole('link', { name: 'Revenir à l’éditeur' })).toHaveAttribute('href', '/keystatic');
    expect(await page.locator('html').getAttribute('lang')).toBe('fr');
    expect((await page.locator('body').textContent()) ?? '').not.toContain('Not Found');
  }
});

test('« Aperçu » of a branch frames the editor’s own page of it, and links to its preview deployment on the host', async ({
  page,
}) => {
  const violations = await recordViolations(page);
  // Offline: the preview deployment is only linked to.
  await page.route('https://**', (route) => route.abort());
  // Its frames load beside it: the checks below wait for what they need, not for every frame's last file.
  await openServed(page, `${origin}/apercu?page=%2Ffaq%23cout&branche=contenu%2FTarifs-2027`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Aperçu de /faq#cout');
  for (const title of ['Téléphone (375 px)', 'Ordinateur (1280 px)']) {
    await expect(page.locator(`iframe[title="${title}"]`)).toHaveAttribute(
      'src',
      '/apercu-page?page=%2Ffaq%23cout&branche=contenu%2FTarifs-2027',
    );
  }
  await expect(page.getByRole('link', { name: 'Ouvrir la page seule' })).toHaveAttribute(
    'href',
    'https://contenu-tarifs-2027.propllc.pages.dev/faq#cout',
  );
  await expect(page.locator('iframe[title="Téléphone (375 px)"]')).toHaveAttribute('width', '375');
  await expect(page.locator('iframe[title="Ordinateur (1280 px)"]')).toHaveAttribute('width', '1280');
  // Signed out (no GitHub token): each frame says so, in French.
  await expect(page.frameLocator('iframe[title="Téléphone (375 px)"]').getByRole('alert')).toContainText('Connectez-vous');
  expect(await violations()).toEqual([]);
});

test('the hosted « Aperçu » renders the branch read with the editor’s token, and shows a save within seconds', async ({
  page,
  context,
}, testInfo) => {
  const first = 'Réponse lue sur la branche essai : environ trois semaines en tout.';
  const second = 'Réponse enregistrée ensuite : comptez plutôt quatre semaines en tout.';
  branchFiles(first);
  github.authorizations.clear();
  const token = 'gho_jeton-de-test-de-l-editeur';
  // Signed in, as Keystatic keeps it: the token in the cookie its browser code reads.
  await context.addCookies([{ name: 'keystatic-gh-access-token', value: token, url: origin }]);
  await recordViolations(page);
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(error.message));
  await openServed(page, `${origin}/apercu?page=%2Ffaq%23delai&branche=essai`);
  const frames = ['Téléphone (375 px)', 'Ordinateur (1280 px)'].map((title) => page.frameLocator(`iframe[title="${title}"]`));
  for (const frame of frames) {
    // The site's page, with its header, around the answer read from the branch, unfolded and in view.
    await expect(frame.getByRole('heading', { level: 1 })).toHaveText('Questions fréquentes', { timeout: 30_000 });
    await expect(frame.getByText(first)).toBeVisible({ timeout: 30_000 });
    await expect(frame.getByText(first)).toBeInViewport();
  }
  // A save: the file changes on the branch and its head commit moves.
  branchFiles(second, 'Vos questions');
  const saved = Date.now();
  github.head = 'b'.repeat(40);
  await Promise.all(frames.map((frame) => expect(frame.getByText(second)).toBeVisible({ timeout: 15_000 })));
  const delay = Date.now() - saved;
  // A data file of the branch too: the menu's label, in the desktop frame's header.
  await expect(frames[1]!.getByRole('link', { name: 'Vos questions' }).first()).toBeVisible();
  console.log(`hosted « Aperçu »: the save shown in both frames ${delay} ms after the head moved`);
  testInfo.annotations.push({ type: 'hosted preview delay (ms)', description: String(delay) });
  for (const frame of frames) {
    await expect(frame.getByText(second)).toBeInViewport();
    // Outlined for a moment: the eye goes to what the save changed.
    await expect.poll(() => outlined(frame, second), { message: 'the saved answer outlined' }).toBe(true);
  }
  testInfo.attach('apercu-heberge.png', { body: await page.screenshot(), contentType: 'image/png' });
  // Read with the editor's own session.
  expect([...github.authorizations]).toEqual([`Bearer ${token}`]);
  expect(errors).toEqual([]);
  for (const frame of page.frames()) {
    expect(await frame.evaluate(() => (window as unknown as { cspViolations?: string[] }).cspViolations ?? []), frame.url()).toEqual(
      [],
    );
  }
});
