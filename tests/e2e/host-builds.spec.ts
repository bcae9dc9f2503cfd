/**
 * The form of a build that posts to the site's receiver, as the host builds do (Netlify and Cloudflare Pages choose
 * /api/contact when VITE_CONTACT_ENDPOINT is not set, and never simulate the sending): on the receiver build
 * (tests/e2e/build-copy.ts), served by the static server; /api/contact is answered by the test, which records what the
 * browser sent. That a Netlify or Cloudflare build chooses this endpoint, and what its GDPR notice names, is tested
 * in-process with those hosts' settings injected (tests/unit/contact-endpoint.test.ts, tests/unit/build-settings.test.tsx).
 */
import type { Server } from 'node:http';
import { expect, test } from '@playwright/test';
import { createStaticServer } from '../../src/hosts/node/static-server.ts';
import { countPath } from '../../src/contact/audience-settings.ts';
import { close, listen, receiverBuild } from './build-copy.ts';
import { islandHydrated } from './page-ready.ts';

test.describe.configure({ mode: 'serial' });

let site: Server;
let siteUrl = '';

test.beforeAll(async () => {
  site = createStaticServer(await receiverBuild());
  siteUrl = `http://127.0.0.1:${await listen(site)}`;
});

test.afterAll(() => close(site));

test('the contact form posts to /api/contact, with and without JavaScript', async ({ page }) => {
  const received: { contentType: string | undefined; body: unknown }[] = [];
  await page.route('**/api/contact', async (route) => {
    received.push({ contentType: route.request().headers()['content-type'], body: route.request().postDataJSON() });
    await route.fulfill({ status: 200, contentType: 'application/json', body: '{"ok":true}' });
  });
  // The audience count (src/api/audience/), which this static server lacks.
  await page.route(`**${countPath}*`, (route) => route.fulfill({ status: 204 }));
  await page.goto(`${siteUrl}/contact`);
  // Without JavaScript, the browser posts the form there itself.
  await expect(page.locator('form:has(textarea)')).toHaveAttribute('action', '/api/contact');
  await islandHydrated(page);
  const submit = page.getByRole('button', { name: 'Envoyer le message' });
  await page.getByLabel('Nom complet').fill('Jeanne Martin');
  await page.getByLabel('Adresse email').fill('jeanne.martin@example.com');
  await page.getByLabel('Numéro de téléphone').fill('+33 6 12 34 56 78');
  await page.getByLabel('Message', { exact: true }).fill('Bonjour, je voudrais ouvrir une LLC.');
  await submit.click();
  await expect(page.getByRole('status').filter({ hasText: 'Message envoyé !' })).toBeVisible();
  // The simulation would thank the visitor too, having sent nothing.
  expect(received).toEqual([
    {
      contentType: 'application/json',
      body: expect.objectContaining({ name: 'Jeanne Martin', email: 'jeanne.martin@example.com', phone: '+33 6 12 34 56 78' }),
    },
  ]);
});
