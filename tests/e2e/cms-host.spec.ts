/**
 * The hosted editor (`npm run cms:build` → dist-cms/) on Cloudflare's own runtime, offline:
 * `wrangler pages dev dist-cms` serves the static editor and its sign-in function, as a Pages project would.
 * The GitHub App's settings are given as the host gives them (bindings), and never reach the output.
 * Run by `npm run test:e2e` through playwright.cms.config.ts.
 */
import { execFile } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { expect, test } from '@playwright/test';
import { root } from './build-copy.ts';
import { type PagesDev, startPagesDev } from './wrangler.ts';

test.describe.configure({ mode: 'serial' });

const port = Number(process.env.CMS_WRANGLER_PORT ?? Number(process.env.E2E_PORT ?? 4321) + 102);
const origin = `http://127.0.0.1:${port}`;
const clientId = 'Iv1.propllc-test-client';
// Values only this test knows: none may appear in what is deployed.
const secrets = {
  KEYSTATIC_GITHUB_CLIENT_SECRET: 'client-secret-never-in-dist',
  KEYSTATIC_SECRET: 'session-secret-never-in-dist-0123456789',
};
let wrangler: PagesDev | undefined;

/** Every file of the output, recursively. */
const filesOf = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? filesOf(path.join(dir, entry.name)) : [path.join(dir, entry.name)],
  );

test.beforeAll(async () => {
  test.setTimeout(240_000);
  // Built with the secrets in the environment, as a careless host setting would: they must stay out anyway.
  await promisify(execFile)('npm', ['run', 'cms:build'], {
    cwd: root,
    env: {
      ...process.env,
      CMS_GITHUB_REPO: 'propllc/site',
      PREVIEW_URL: 'https://{branch}.propllc.pages.dev',
      KEYSTATIC_GITHUB_CLIENT_ID: clientId,
      ...secrets,
    },
  });
  const bindings = Object.entries({ KEYSTATIC_GITHUB_CLIENT_ID: clientId, ...secrets }).flatMap(([name, value]) => [
    '--binding',
    `${name}=${value}`,
  ]);
  const args = ['dist-cms', '--inspector-port', String(port + 1), ...bindings];
  wrangler = await startPagesDev({ port, args, readyPath: '/keystatic' });
});

test.afterAll(() => wrangler?.stop());

test('the output holds the editor and its function, and none of the GitHub App’s secrets', () => {
  const files = filesOf(path.join(root, 'dist-cms')).map((file) => path.relative(path.join(root, 'dist-cms'), file));
  expect(files).toEqual(expect.arrayContaining(['index.html', 'apercu.html', '_worker.js', '_routes.json', '_headers']));
  for (const file of files) {
    const text = readFileSync(path.join(root, 'dist-cms', file), 'latin1');
    for (const value of Object.values(secrets)) expect(text.includes(value), `${file} holds a secret`).toBe(false);
  }
});

test('/keystatic loads with no console error and asks nothing of another origin', async ({ page }) => {
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
  await page.goto(`${origin}/keystatic`);
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
});

test('the GitHub sign-in route sends the editor to GitHub with the app’s client id and the deployed callback', async ({ request }) => {
  const response = await request.get(`${origin}/api/keystatic/github/login`, { maxRedirects: 0 });
  expect(response.status()).toBe(307);
  const location = new URL(response.headers().location ?? '');
  expect(`${location.origin}${location.pathname}`).toBe('https://github.com/login/oauth/authorize');
  expect(location.searchParams.get('client_id')).toBe(clientId);
  expect(location.searchParams.get('redirect_uri')).toBe(`${origin}/api/keystatic/github/oauth/callback`);
});

test('a callback with a bad code gets a French error page, not a stack trace', async ({ page }) => {
  const response = await page.goto(`${origin}/api/keystatic/github/oauth/callback?code=mauvais-code&state=x`);
  expect(response?.status()).toBeGreaterThanOrEqual(400);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('La connexion avec GitHub n’a pas abouti');
  await expect(page.getByRole('link', { name: 'Revenir à l’éditeur' })).toHaveAttribute('href', '/keystatic');
  const text = (await page.locator('body').textContent()) ?? '';
  expect(text).not.toMatch(/\bat \S+ \(|Error:|TypeError|node_modules|_worker\.js/);
  expect(await page.locator('html').getAttribute('lang')).toBe('fr');
});

test('the sign-in error page names the sign-in button as the editor shows it', async ({ page }) => {
  await page.goto(`${origin}/keystatic`);
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

test('« Aperçu » of a branch shows its preview deployment on the host, at phone and desktop widths', async ({ page }) => {
  // Offline, the frames cannot load: only where they point is checked.
  await page.route('https://**', (route) => route.abort());
  await page.goto(`${origin}/apercu?page=%2Ffaq%23cout&branche=contenu%2FTarifs-2027`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Aperçu de /faq#cout');
  for (const title of ['Téléphone (375 px)', 'Ordinateur (1280 px)']) {
    await expect(page.locator(`iframe[title="${title}"]`)).toHaveAttribute(
      'src',
      'https://contenu-tarifs-2027.propllc.pages.dev/faq#cout',
    );
  }
  await expect(page.locator('iframe[title="Téléphone (375 px)"]')).toHaveAttribute('width', '375');
  await expect(page.locator('iframe[title="Ordinateur (1280 px)"]')).toHaveAttribute('width', '1280');
  await expect(page.getByRole('button', { name: 'Recharger' })).toBeVisible();
});
