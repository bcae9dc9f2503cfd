/**
 * The contact form against its endpoint, as the visitor sees it: sending, thanks, failures. On the receiver build
 * (tests/e2e/build-copy.ts, the site as `npm start` serves it), served without its receiver: `page.route` stands for
 * the endpoint, records what the browser sent and answers as the test says. What the endpoint setting decides at
 * build time (the CSP's connect-src, where the form posts, the body a third-party service gets, the GDPR notice naming
 * it) is tested in-process in tests/unit/build-settings.test.tsx, with the setting injected.
 */
import type { Server } from 'node:http';
import { expect, test, type Page, type Route } from '@playwright/test';
import { createStaticServer } from '../../src/hosts/node/static-server.ts';
import { close, listen, receiverBuild } from './build-copy.ts';
import { islandHydrated } from './page-ready.ts';
import { countPath } from '../../src/contact/audience-settings.ts';
import { contactFields } from '../../src/contact/contact-fields.ts';
import { contactInputs, fillContactForm, validLead } from '../fixtures/visitor.ts';

test.describe.configure({ mode: 'serial' });

interface Received {
  method: string;
  contentType: string | undefined;
  accept: string | undefined;
  body: unknown;
}

let site: Server;
let siteUrl = '';

test.beforeAll(async () => {
  site = createStaticServer(await receiverBuild());
  siteUrl = `http://127.0.0.1:${await listen(site)}`;
});

test.afterAll(() => close(site));

/**
 * Answers the form's POSTs to /api/contact with `answer`, after `hold` (resolved by the test once it has seen what
 * the visitor sees meanwhile); returns what the browser sent.
 */
async function endpoint(page: Page, answer: (route: Route) => Promise<void>, hold: Promise<void> = Promise.resolve()) {
  const received: Received[] = [];
  await page.route('**/api/contact', async (route) => {
    const request = route.request();
    const headers = request.headers();
    received.push({
      method: request.method(),
      contentType: headers['content-type'],
      accept: headers.accept,
      body: request.postDataJSON(),
    });
    await hold;
    await answer(route);
  });
  return received;
}

const json = (status: number, body: unknown) => (route: Route) =>
  route.fulfill({ status, contentType: 'application/json', body: JSON.stringify(body) });

// The name is typed with spaces around it: what is sent is trimmed.
const sent = validLead();
const visitor = { ...sent, name: `  ${sent.name} ` };

let consoleErrors: string[] = [];

test.beforeEach(async ({ page }) => {
  consoleErrors = [];
  // The receiver build counts its audience at /api/count (src/api/audience/), which this static server lacks.
  await page.route(`**${countPath}*`, (route) => route.fulfill({ status: 204 }));
  page.on('console', (message) => {
    if (message.type() === 'error') consoleErrors.push(message.text());
  });
  page.on('pageerror', (error) => consoleErrors.push(error.message));
});

async function fillAndSend(page: Page) {
  await page.goto(`${siteUrl}/contact`);
  const submit = page.getByRole('button', { name: 'Envoyer le message' });
  await islandHydrated(page);
  await fillContactForm(page, visitor);
  await submit.click();
}

/** Each input, found by its label, with the visitor's value for it. */
const fieldsOf = (page: Page) => {
  const inputs = contactInputs(page);
  return contactFields.map((field) => [inputs[field.name], visitor[field.name]] as const);
};

test('a valid message is POSTed as JSON to the endpoint, the button waits for its answer, then the visitor is thanked', async ({
  page,
}) => {
  let answered = () => {};
  const received = await endpoint(page, json(200, { ok: true }), new Promise((resolve) => (answered = resolve)));
  await fillAndSend(page);
  // The answer is held until the visitor has seen the pending state: « Envoi en cours... », not clickable twice.
  await expect(page.getByRole('button', { name: 'Envoi en cours...' })).toBeDisabled();
  await expect(page.getByRole('status').filter({ hasText: 'Message envoyé !' })).toHaveCount(0);
  answered();
  const toast = page.getByRole('status').filter({ hasText: 'Message envoyé !' });
  await expect(toast).toContainText('Nous vous contacterons dans les plus brefs délais.');
  // The site's own receiver also gets the time taken (`_elapsed`), a spam signal; the fields are trimmed.
  expect(received).toEqual([
    {
      method: 'POST',
      contentType: 'application/json',
      accept: 'application/json',
      body: { ...sent, _elapsed: expect.any(Number) },
    },
  ]);
  for (const [field] of fieldsOf(page)) await expect(field).toHaveValue('');
  await expect(page.getByRole('button', { name: 'Envoyer le message' })).toBeEnabled();
  expect(consoleErrors).toEqual([]);
});

for (const failure of ['error', 'network'] as const) {
  test(`when the endpoint fails (${failure}), the visitor gets the contact email and keeps every field`, async ({ page }) => {
    const received = await endpoint(
      page,
      failure === 'error' ? json(500, { error: 'boom' }) : (route) => route.abort('connectionreset'),
    );
    await fillAndSend(page);
    const alert = page.getByRole('alert');
    await expect(alert).toContainText('Échec de l’envoi');
    await expect(alert).toContainText('Votre message n’a pas pu être envoyé');
    await expect(alert).toContainText('contact@propllc.fr');
    await expect(page.getByRole('status')).toHaveCount(0);
    for (const [field, value] of fieldsOf(page)) await expect(field).toHaveValue(value);
    await expect(page.getByRole('button', { name: 'Envoyer le message' })).toBeEnabled();
    expect(received).toHaveLength(1);
    // The browser itself logs the failed request; the page adds no error of its own.
    expect(consoleErrors.filter((text) => !/Failed to load resource|net::ERR_/.test(text))).toEqual([]);
  });
}
