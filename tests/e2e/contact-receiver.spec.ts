/**
 * The site's own receiver, as `npm start` runs it: the site built with VITE_CONTACT_ENDPOINT=/api/contact
 * (`receiverBuild` of build-copy.ts, shared with audience.spec.ts) and served with `/api/contact` by src/hosts/node/site-server.ts,
 * each test on its own port with its own LEADS_DIR and settings.
 */
import { mkdtemp, readdir, readFile, rename, writeFile } from 'node:fs/promises';
import type { Server } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect, test, type Page, type Route } from '@playwright/test';
import { createSiteServer } from '../../src/hosts/node/site-server.ts';
import { close, listen, receiverBuild } from './build-copy.ts';
import { islandHydrated, siteScriptRan } from './page-ready.ts';
import { contactFields, honeypotName } from '../../src/contact/contact-fields.ts';
import { mapFields } from '../../src/contact/map-fields.ts';
import { contactInputs, fillContactForm, validLead } from '../fixtures/visitor.ts';

test.describe.configure({ mode: 'serial' });

let builtSite = '';
let servers: Server[] = [];

test.beforeAll(async () => {
  builtSite = await receiverBuild();
});

test.afterEach(async () => {
  await Promise.all(servers.map((server) => close(server)));
  servers = [];
});

/** Starts the npm start server on a free port with these settings; a fresh LEADS_DIR unless one is given. */
async function startSite(env: Record<string, string> = {}) {
  const leadsDir = await mkdtemp(path.join(tmpdir(), 'propllc-e2e-leads-'));
  const { server } = await createSiteServer({
    root: builtSite,
    env: { LEADS_DIR: leadsDir, ...env },
    log: () => undefined,
    logError: () => undefined,
  });
  servers.push(server);
  return { url: `http://127.0.0.1:${await listen(server)}`, leadsDir };
}

const trimmed = validLead();
/**
 * The test visitor as typed, with spaces around each value for the receiver to trim. An email field drops
 * surrounding spaces itself (the browser's value sanitization), so its value is typed as it is.
 */
const visitor = mapFields((field) => {
  const value = trimmed[field.name];
  if (field.type === 'email') return value;
  return field.type === 'textarea' ? `  ${value}\n` : `  ${value} `;
});

/** Each input, found by its label, with the visitor's value for it. */
const fields = (page: Page) => {
  const inputs = contactInputs(page);
  return contactFields.map((field) => [inputs[field.name], visitor[field.name]] as const);
};

/** Fills the form with the visitor's values and submits it, once the island runs (the JSON path). */
async function fillAndSend(page: Page, siteUrl: string) {
  await page.goto(`${siteUrl}/contact`);
  // The button is enabled from the start (the form also posts by itself); this is the island's path.
  await islandHydrated(page);
  await fillAndSubmit(page);
}

async function fillAndSubmit(page: Page) {
  for (const [field, value] of fields(page)) await field.fill(value);
  await page.getByRole('button', { name: 'Envoyer le message' }).click();
}

/** The leads' files of `dir` (src/api/store/lead-store.ts: `lead/<id>.json`, and `spam/` for those kept apart). */
async function leadFiles(dir: string, folder: 'lead' | 'spam' = 'lead'): Promise<string[]> {
  const names = await readdir(path.join(dir, folder)).catch(() => []);
  return names.filter((name) => name.endsWith('.json') && !name.startsWith('.')).map((name) => path.join(dir, folder, name));
}

/** The one message stored in `dir` (kept apart or not): its fields as stored, and its review reasons if any. */
async function storedMessage(dir: string, folder: 'lead' | 'spam' = 'lead'): Promise<Record<string, unknown>> {
  // Beside the lead, never another one: the memories have their own folders (repeat/, due/, gate/…).
  const files = [...(await leadFiles(dir, 'lead')), ...(await leadFiles(dir, 'spam'))];
  expect(files).toHaveLength(1);
  expect(path.basename(path.dirname(files[0] ?? ''))).toBe(folder);
  const { name, email, phone, message, review } = JSON.parse(await readFile(files[0] ?? '', 'utf8'));
  return { name, email, phone, message, ...(review ? { review } : {}) };
}

const jsonFiles = (dir: string) => leadFiles(dir);

test('a message sent with JavaScript becomes one file in LEADS_DIR holding exactly the trimmed fields', async ({ page }) => {
  const { url, leadsDir } = await startSite();
  const posted = page.waitForRequest((request) => request.method() === 'POST' && new URL(request.url()).pathname === '/api/contact');
  await fillAndSend(page, url);
  await expect(page.getByRole('status').filter({ hasText: 'Message envoyé !' })).toContainText(
    'Nous vous contacterons dans les plus brefs délais.',
  );
  // Beside the fields, the island posts the milliseconds from the form's first use to its sending (a spam signal)…
  expect((await posted).postDataJSON()).toEqual({ ...trimmed, _elapsed: expect.any(Number) });
  // … which is never stored with the lead. A test fills the form faster than a person: the lead may be marked
  // « à vérifier » for it (`review`), never withheld.
  const { review, ...stored } = (await storedMessage(leadsDir)) as Record<string, unknown>;
  expect(stored).toEqual(trimmed);
  expect([undefined, ['tooFast']]).toContainEqual(review);
  // The island sent it: the visitor stayed on the page, with an empty form.
  expect(new URL(page.url()).pathname).toBe('/contact');
  await expect(page.getByLabel('Nom complet')).toHaveValue('');
});

test('with JavaScript, a message whose hidden trap field is filled is posted, answered like any, and kept apart', async ({ page }) => {
  const { url, leadsDir } = await startSite();
  const posted = page.waitForRequest((request) => request.method() === 'POST' && new URL(request.url()).pathname === '/api/contact');
  await page.goto(`${url}/contact`);
  await islandHydrated(page);
  await page.locator(`input[name="${honeypotName}"]`).evaluate((input: HTMLInputElement) => {
    input.value = 'https://spam.example';
  });
  await fillAndSubmit(page);
  await expect(page.getByRole('status').filter({ hasText: 'Message envoyé !' })).toBeVisible();
  expect((await posted).postDataJSON()).toMatchObject({ ...trimmed, [honeypotName]: 'https://spam.example' });
  // Stored apart (the operator lists it with npm run leads -- --indesirables), with its reason, and never notified.
  expect(await storedMessage(leadsDir, 'spam')).toEqual(trimmed);
  const [file] = await leadFiles(leadsDir, 'spam');
  expect(path.basename(file ?? '')).toMatch(/\.honeypot\.json$/);
  expect(JSON.parse(await readFile(file ?? '', 'utf8')).notification).toMatchObject({
    state: 'spam',
    reasons: expect.arrayContaining(['honeypot']),
  });
});

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('the same form posts by itself, lands on the confirmation page and becomes one file', async ({ page }) => {
    const { url, leadsDir } = await startSite();
    await page.goto(`${url}/contact`);
    const form = page.locator('main form');
    await expect(form).toHaveAttribute('method', 'post');
    await expect(form).toHaveAttribute('action', '/api/contact');
    // The note tells the truth: the form sends; the email is another way.
    await expect(form).toContainText('Vous préférez l’email\u202f? Écrivez-nous directement à contact@propllc.fr.');
    await expect(form).not.toContainText('Le formulaire se charge');

    await fillAndSubmit(page);
    await expect(page).toHaveURL(`${url}/contact/merci`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Merci pour votre message');
    await expect(page.getByRole('main')).toContainText('Votre message nous est bien parvenu.');
    expect(await storedMessage(leadsDir)).toEqual(trimmed);
  });

  test('a message as long as the textarea allows, with line breaks, is accepted and stored with its line breaks', async ({ page }) => {
    const { url, leadsDir } = await startSite();
    await page.goto(`${url}/contact`);
    const textarea = page.getByLabel('Message', { exact: true });
    const limit = Number(await textarea.getAttribute('maxlength'));
    // 99 line breaks: the textarea counts each as one character, the browser posts each as CRLF (two).
    const lines = Array.from({ length: 100 }, (_, index) => (index === 0 ? 'x'.repeat(limit - 99 * 10) : 'y'.repeat(9)));
    const message = lines.join('\n');
    expect(message).toHaveLength(limit);
    await fillContactForm(page, { ...visitor, message });
    await page.getByRole('button', { name: 'Envoyer le message' }).click();
    await expect(page).toHaveURL(`${url}/contact/merci`);
    // A filler text of one letter says nothing of the site: it may be marked « à vérifier » (`review`), never withheld.
    expect(await storedMessage(leadsDir)).toMatchObject({ ...trimmed, message });
  });

  test('invalid fields get the French page listing them, and nothing is stored', async ({ page }) => {
    const { url, leadsDir } = await startSite();
    await page.goto(`${url}/contact`);
    // Values the browser's own checks let through, which the schema refuses once trimmed or parsed.
    await fillContactForm(page, { ...visitor, name: '   J   ', email: 'jeanne@exemple' });
    const answer = page.waitForResponse((response) => new URL(response.url()).pathname === '/api/contact');
    await page.getByRole('button', { name: 'Envoyer le message' }).click();
    expect((await answer).status()).toBe(422);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Votre message n’a pas été envoyé');
    await expect(page.getByRole('main').getByRole('list').first().getByRole('listitem')).toHaveText([
      'Nom complet\u202f: Le nom doit contenir au moins 2 caractères',
      'Adresse email\u202f: Adresse email invalide',
    ]);
    await expect(page.getByText('Le bouton «\u202fRetour\u202f» de votre navigateur ramène le formulaire')).toBeVisible();
    expect(await leadFiles(leadsDir)).toEqual([]);

    // As the page says: back brings the form back as it was typed.
    await page.goBack();
    await expect(page).toHaveURL(`${url}/contact`);
    await expect(page.getByLabel('Adresse email')).toHaveValue('jeanne@exemple');
    await expect(page.getByLabel('Message', { exact: true })).toHaveValue(visitor.message);
  });
});

test('a message typed and sent before the island has loaded goes through as a form post', async ({ page }) => {
  const { url, leadsDir } = await startSite();
  // Hold the island's code back: the page stays as pre-rendered, as on a slow connection.
  const held: Route[] = [];
  await page.route('**/assets/contact-form-*.js', (route) => {
    held.push(route);
  });
  await page.goto(`${url}/contact`);
  // The site script comes after the first paint; once it runs, focusing a field asks for the island.
  await siteScriptRan(page);
  await fillAndSubmit(page);
  await expect(page).toHaveURL(`${url}/contact/merci`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Merci pour votre message');
  // The island had been asked for (focusing a field starts it) and never ran.
  expect(held.length).toBeGreaterThan(0);
  expect(await storedMessage(leadsDir)).toEqual(trimmed);
  await Promise.all(held.map((route) => route.abort().catch(() => undefined)));
});

test('when the message cannot be stored, the visitor keeps the text and gets the contact email', async ({ page }) => {
  // The disk fails once the server runs: LEADS_DIR is replaced by a file, so nothing can be stored there. Moved
  // aside in one step, not deleted: the server may be writing in it (its start's passes), which a deletion would race.
  const { url, leadsDir } = await startSite();
  await rename(leadsDir, `${leadsDir}-moved`);
  await writeFile(leadsDir, '');

  await fillAndSend(page, url);
  const alert = page.getByRole('alert');
  await expect(alert).toContainText('Échec de l’envoi');
  await expect(alert).toContainText('contact@propllc.fr');
  await expect(page.getByRole('status')).toHaveCount(0);
  for (const [field, value] of fields(page)) await expect(field).toHaveValue(value);
  await expect(page.getByRole('button', { name: 'Envoyer le message' })).toBeEnabled();
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

  const files = await jsonFiles(leadsDir);
  expect(files).toHaveLength(30);
  const stored = await Promise.all(
    files.map(async (file) => {
      const { name, email, phone, message } = JSON.parse(await readFile(file, 'utf8'));
      return { name, email, phone, message };
    }),
  );
  const byText = (a: { message: string }, b: { message: string }) => a.message.localeCompare(b.message);
  expect(stored.sort(byText)).toEqual([...messages].sort(byText));

  // The 31st within 10 minutes is over the setting.
  const over = await post(trimmed);
  expect(over.status()).toBe(429);
  expect(Number(over.headers()['retry-after'])).toBeGreaterThan(0);
  expect(await jsonFiles(leadsDir)).toHaveLength(30);
});
