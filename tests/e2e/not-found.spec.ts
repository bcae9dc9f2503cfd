import { expect, test } from '@playwright/test';
import { unknownPath } from './routes.ts';

test('an unknown path shows the 404 page with status 404', async ({ page }) => {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  const response = await page.goto(unknownPath);
  expect(response?.status()).toBe(404);

  await expect(page.getByText('404', { exact: true })).toBeVisible();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Oops! Page not found');
  const home = page.getByRole('main').getByRole('link', { name: 'Retour à l’accueil' });
  await expect(home).toHaveAttribute('href', '/');
  // Like every screen, it also leads to the contact page.
  await expect(page.getByRole('main').getByRole('link', { name: 'Nous contacter' })).toHaveAttribute('href', '/contact');
  await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', 'noindex');

  // No common layout on this page: no site header, no footer.
  await expect(page.getByRole('banner')).toHaveCount(0);
  await expect(page.getByRole('contentinfo')).toHaveCount(0);

  // The site script logs the missing path, for whoever watches the console.
  await expect.poll(() => errors).toContain(`404\u202f: page introuvable\u202f: ${unknownPath}`);

  await home.click();
  await expect(page).toHaveURL('/');
});

test('the 404 HTML itself carries noindex and the message, before JavaScript', async ({ request }) => {
  const response = await request.get(unknownPath);
  expect(response.status()).toBe(404);
  const html = await response.text();
  expect(html).toMatch(/<meta name="robots" content="noindex"\/?>/);
  expect(html).toContain('Oops! Page not found');
  expect(html).toMatch(/<html lang="fr"[\s>]/);
});
