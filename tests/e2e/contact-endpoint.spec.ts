/**
 * Endpoint mode with a third-party service: VITE_CONTACT_ENDPOINT is read at build time, so this file
 * builds the site a second time (build-copy.ts, into build/e2e-endpoint-<port>, not dist/) with the endpoint
 * pointing at a stub server started here, then serves that build on a free port.
 */
import { createServer, type Server } from 'node:http';
import { expect, test, type Page } from '@playwright/test';
import { createStaticServer } from '../../src/hosts/node/static-server.ts';
import { buildCopy, close, listen, readBody } from './build-copy.ts';
import { islandHydrated } from './page-ready.ts';
import { e2ePorts } from './ports.ts';
import { company } from '../../src/content/data/company.ts';
import { processors } from '../../src/content/data/processors.ts';
import { contactFields } from '../../src/contact/contact-fields.ts';
import { contactInputs, fillContactForm, validLead } from '../fixtures/visitor.ts';

test.describe.configure({ mode: 'serial' });

type Mode = 'ok' | 'error' | 'network';
interface Received {
  method: string;
  contentType: string | undefined;
  accept: string | undefined;
  body: unknown;
}

let mode: Mode = 'ok';
let received: Received[] = [];
let stub: Server;
let site: Server;
let siteUrl = '';

test.beforeAll(async () => {
  test.setTimeout(120_000);
  // A Formspree-like endpoint on another origin: answers CORS preflights, then the POST.
  stub = createServer(async (request, response) => {
    const cors = {
      'Access-Control-Allow-Origin': '*',
      'Access-Control-Allow-Methods': 'POST',
      'Access-Control-Allow-Headers': 'Content-Type, Accept',
    };
    if (request.method === 'OPTIONS') {
      response.writeHead(204, cors).end();
      return;
    }
    const body = await readBody(request);
    received.push({
      method: request.method ?? '',
      contentType: request.headers['content-type'],
      accept: request.headers.accept,
      body: JSON.parse(body),
    });
    if (mode === 'network') {
      request.socket.destroy();
      return;
    }
    // Long enough to see the "sending" state.
    await new Promise((resolve) => setTimeout(resolve, 400));
    response
      .writeHead(mode === 'ok' ? 200 : 500, { ...cors, 'Content-Type': 'application/json' })
      .end(JSON.stringify(mode === 'ok' ? { ok: true } : { error: 'boom' }));
  });
  // The endpoint's address is written into the build (and its CSP): one port per worker, the same for every repeat
  // of this file in a run (`--repeat-each`), so that each worker's build is made once and found again.
  const stubPort = await listen(stub, e2ePorts.endpointStub + test.info().parallelIndex);
  const endpoint = `http://127.0.0.1:${stubPort}/contact`;
  site = createStaticServer(await buildCopy(`e2e-endpoint-${stubPort}`, { VITE_CONTACT_ENDPOINT: endpoint }));
  siteUrl = `http://127.0.0.1:${await listen(site)}`;
});

test.afterAll(async () => {
  await close(site);
  await close(stub);
});

// The name is typed with spaces around it: what is sent is trimmed.
const sent = validLead();
const visitor = { ...sent, name: `  ${sent.name} ` };

let consoleErrors: string[] = [];

test.beforeEach(({ page }) => {
  mode = 'ok';
  received = [];
  consoleErrors = [];
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

test('a valid message is POSTed as JSON to the endpoint, then the visitor is thanked', async ({ page }) => {
  await fillAndSend(page);
  await expect(page.getByRole('button', { name: 'Envoi en cours...' })).toBeDisabled();
  const toast = page.getByRole('status').filter({ hasText: 'Message envoyé !' });
  await expect(toast).toContainText('Nous vous contacterons dans les plus brefs délais.');
  expect(received).toEqual([
    {
      method: 'POST',
      contentType: 'application/json',
      accept: 'application/json',
      body: sent,
    },
  ]);
  for (const [field] of fieldsOf(page)) await expect(field).toHaveValue('');
  expect(consoleErrors).toEqual([]);
});

for (const failure of ['error', 'network'] as const) {
  test(`when the endpoint fails (${failure}), the visitor gets the contact email and keeps every field`, async ({ page }) => {
    mode = failure;
    await fillAndSend(page);
    const alert = page.getByRole('alert');
    await expect(alert).toContainText('Échec de l’envoi');
    await expect(alert).toContainText('Votre message n’a pas pu être envoyé');
    await expect(alert).toContainText('contact@propllc.fr');
    await expect(page.getByRole('status')).toHaveCount(0);
    for (const [field, value] of fieldsOf(page)) await expect(field).toHaveValue(value);
    await expect(page.getByRole('button', { name: 'Envoyer le message' })).toBeEnabled();
    // Chromium may retry once a POST whose connection was reset; a 500 is never retried.
    if (failure === 'error') expect(received).toHaveLength(1);
    else expect(received.length).toBeGreaterThanOrEqual(1);
    // The browser itself logs the failed request; the page adds no error of its own.
    expect(consoleErrors.filter((text) => !/Failed to load resource|net::ERR_/.test(text))).toEqual([]);
  });
}

test('the GDPR notice names the delivery service, as a processor beside the host', async ({ page }) => {
  await page.goto(`${siteUrl}/legal`);
  const data = page.getByRole('region', { name: 'Protection des données personnelles' });
  await expect(data.locator('dl')).toHaveCount(2);
  const delivery = data.locator('dl').nth(1);
  await expect(delivery.locator('dd')).toHaveText([
    processors.contactDelivery.name,
    processors.contactDelivery.role,
    processors.contactDelivery.country,
    processors.contactDelivery.safeguard,
  ]);
  await expect(delivery.getByRole('link', { name: processors.contactDelivery.name })).toHaveAttribute(
    'href',
    processors.contactDelivery.website,
  );
  await expect(data.locator('dl').first().locator('dd').first()).toHaveText(company.host.name);
  expect(consoleErrors).toEqual([]);
});
