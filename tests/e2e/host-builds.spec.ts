/**
 * A build as Netlify runs it: `npm run build` with NETLIFY set and no VITE_CONTACT_ENDPOINT (Cloudflare Pages sets
 * CF_PAGES and is chosen by the same rule: tests/unit/contact-endpoint.test.ts). The form must post to the site's
 * receiver, never simulate the sending. Built apart (build-copy.ts, into build/e2e-netlify), served here by the
 * static server; /api/contact is answered by the test, which records what the browser sent.
 */
import type { Server } from 'node:http';
import { expect, test } from '@playwright/test';
import { createStaticServer } from '../../src/hosts/node/static-server.ts';
import { buildCopy, close, listen } from './build-copy.ts';
import { islandHydrated } from './page-ready.ts';

test.describe.configure({ mode: 'serial' });

let site: Server;
let siteUrl = '';

test.beforeAll(async () => {
  test.setTimeout(300_000);
  // What the host gives its build: its marker, and the two settings the GDPR notice names. No endpoint.
  const built = await buildCopy('e2e-netlify', {
    NETLIFY: 'true',
    CONTACT_STORE: 'blobs',
    CONTACT_DELIVERY: 'email',
    VITE_CONTACT_ENDPOINT: '',
  });
  site = createStaticServer(built);
  siteUrl = `http://127.0.0.1:${await listen(site)}`;
});

test.afterAll(() => close(site));

test('the contact form posts to /api/contact, with and without JavaScript', async ({ page }) => {
  const received: { contentType: string | undefined; body: unknown }[] = [];
  await page.route('**/api/contact', async (route) => {
    received.push({ contentType: route.request().headers()['content-type'], body: route.request().postDataJSON() });
    await route.fulfill({ status: 200, contentType: 'application/json', body: '{"ok":true}' });
  });
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
