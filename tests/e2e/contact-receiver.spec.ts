/**
 * The site's own receiver, as `npm start` runs it: the site built with VITE_CONTACT_ENDPOINT=/api/contact
 * (build-copy.ts, into build/e2e-receiver) and served with `/api/contact` by scripts/site-server.ts,
 * each test on its own port with its own LEADS_DIR and settings.
 */
import { mkdtemp, readdir, readFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { createSiteServer } from '../../scripts/site-server.ts';
import { buildCopy, close, listen, readBody } from './build-copy.ts';

test.describe.configure({ mode: 'serial' });

let builtSite = '';
let servers: Server[] = [];

test.beforeAll(async () => {
  test.setTimeout(180_000);
  builtSite = await buildCopy('e2e-receiver', { VITE_CONTACT_ENDPOINT: '/api/contact' });
});

test.afterEach(async () => {
  await Promise.all(servers.map((server) => close(server)));
  servers = [];
});

/** Starts the npm start server on a free port with these settings; a fresh LEADS_DIR unless one is given. */
async function startSite(env: Record<string, string> = {}) {
  const leadsDir = await mkdtemp(path.join(tmpdir(), 'propllc-e2e-leads-'));
  const { server } = createSiteServer({
    root: builtSite,
    env: { LEADS_DIR: leadsDir, ...env },
    log: () => undefined,
    logError: () => undefined,
  });
  servers.push(server);
  return { url: `http://127.0.0.1:${await listen(server)}`, leadsDir };
}

const visitor = {
  name: '  Jeanne Martin ',
  // An email field drops surrounding spaces itself (the browser's value sanitization).
  email: 'jeanne.martin@example.com',
  phone: '+33 6 12 34 56 78 ',
  message: '  Bonjour, je voudrais encaisser mes payouts sur une LLC.\n',
};
const trimmed = {
  name: 'Jeanne Martin',
  email: 'jeanne.martin@example.com',
  phone: '+33 6 12 34 56 78',
  message: 'Bonjour, je voudrais encaisser mes payouts sur une LLC.',
};

const fields = (page: Page) =>
  [
    [page.getByLabel('Nom complet'), visitor.name],
    [page.getByLabel('Adresse email'), visitor.email],
    [page.getByLabel('Numéro de téléphone'), visitor.phone],
    [page.getByLabel('Message', { exact: true }), visitor.message],
  ] as const;

async function fillAndSend(page: Page, siteUrl: string) {
  await page.goto(`${siteUrl}/contact`);
  const submit = page.getByRole('button', { name: 'Envoyer le message' });
  await expect(submit).toBeEnabled();
  for (const [field, value] of fields(page)) await field.fill(value);
  await submit.click();
}

const jsonFiles = async (dir: string) => (await readdir(dir)).filter((name) => name.endsWith('.json'));

test('a message sent with JavaScript becomes one file in LEADS_DIR holding exactly the trimmed fields', async ({ page }) => {
  const { url, leadsDir } = await startSite();
  await fillAndSend(page, url);
  await expect(page.getByRole('status').filter({ hasText: 'Message envoyé !' })).toContainText(
    'Nous vous contacterons dans les plus brefs délais.',
  );
  const files = await readdir(leadsDir);
  expect(files).toHaveLength(1);
  expect(files[0]).toMatch(/\.json$/);
  expect(JSON.parse(await readFile(path.join(leadsDir, files[0] ?? ''), 'utf8'))).toEqual(trimmed);
});

test('when the delivery fails, the visitor keeps the text and gets the contact email', async ({ page }) => {
  // The provider (webhook mode) answers 500.
  const received: unknown[] = [];
  const provider = createServer(async (request, response) => {
    received.push(JSON.parse(await readBody(request)));
    response.writeHead(500, { 'Content-Type': 'application/json' }).end('{"error":"boom"}');
  });
  servers.push(provider);
  const providerUrl = `http://127.0.0.1:${await listen(provider)}/hook`;
  const { url, leadsDir } = await startSite({ CONTACT_WEBHOOK_URL: providerUrl });

  await fillAndSend(page, url);
  const alert = page.getByRole('alert');
  await expect(alert).toContainText("Échec de l'envoi");
  await expect(alert).toContainText('contact@propllc.fr');
  await expect(page.getByRole('status')).toHaveCount(0);
  for (const [field, value] of fields(page)) await expect(field).toHaveValue(value);
  await expect(page.getByRole('button', { name: 'Envoyer le message' })).toBeEnabled();
  expect(received).toEqual([expect.objectContaining(trimmed)]);
  expect(await readdir(leadsDir)).toEqual([]);
});

test('30 messages posted at once, with the limit raised to 30 by its setting: 30 complete files', async ({ request }) => {
  const { url, leadsDir } = await startSite({ CONTACT_RATE_LIMIT: '30' });
  const messages = Array.from({ length: 30 }, (_, index) => ({
    ...trimmed,
    message: `Message ${index} : ${'payouts '.repeat(100)}`.trim(),
  }));
  const post = (data: unknown) => request.post(`${url}/api/contact`, { data, headers: { Origin: url } });
  const statuses = await Promise.all(messages.map(async (message) => (await post(message)).status()));
  expect(statuses).toEqual(Array(30).fill(200));

  const files = await readdir(leadsDir);
  expect(files).toHaveLength(30);
  expect(await jsonFiles(leadsDir)).toHaveLength(30);
  const stored = await Promise.all(files.map(async (name) => JSON.parse(await readFile(path.join(leadsDir, name), 'utf8'))));
  const byText = (a: { message: string }, b: { message: string }) => a.message.localeCompare(b.message);
  expect(stored.sort(byText)).toEqual([...messages].sort(byText));

  // The 31st within 10 minutes is over the setting.
  const over = await post(trimmed);
  expect(over.status()).toBe(429);
  expect(Number(over.headers()['retry-after'])).toBeGreaterThan(0);
  expect(await jsonFiles(leadsDir)).toHaveLength(30);
});
