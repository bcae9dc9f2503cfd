/**
 * The legal notice says the site sets no cookie and no other tracker: every route, and the contact form
 * once used, must leave the browser's cookie jar and storage empty.
 */
import { expect, test, type BrowserContext, type Page } from '@playwright/test';
import { allPaths } from './routes.ts';
import { fillContactForm } from '../fixtures/visitor.ts';

/** Cookies seen by the browser (HTTP and script), and what scripts could read or store. */
async function trackers(page: Page, context: BrowserContext) {
  const inPage = await page.evaluate(() => ({
    documentCookie: document.cookie,
    localStorage: Object.keys(window.localStorage),
    sessionStorage: Object.keys(window.sessionStorage),
  }));
  return { cookies: await context.cookies(), ...inPage };
}

const none = { cookies: [], documentCookie: '', localStorage: [], sessionStorage: [] };

/** Resolves once the page's scripts have run (the site script marks the menu toggle), so they had their chance to write. */
async function settled(page: Page) {
  await page.waitForLoadState('networkidle');
  await page.waitForFunction(() => {
    const toggle = document.querySelector('[data-menu-toggle]');
    return toggle === null || toggle.hasAttribute('aria-expanded');
  });
}

test('no route sets a cookie or stores anything in the browser', async ({ page, context }) => {
  for (const path of allPaths) {
    const response = await page.goto(path);
    expect(response?.headers()['set-cookie'], `Set-Cookie header on ${path}`).toBeUndefined();
    await settled(page);
    expect(await trackers(page, context), path).toEqual(none);
  }
});

test('sending the contact form and moving around the site sets none either', async ({ page, context }) => {
  await page.goto('/contact');
  await settled(page);
  await fillContactForm(page);
  await page.getByRole('button', { name: 'Envoyer le message' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Message envoyé' })).toBeVisible();
  expect(await trackers(page, context)).toEqual(none);

  // Client-side navigation through the menu, then to the legal notice from the form's data notice.
  await page.getByRole('link', { name: 'FAQ', exact: true }).first().click();
  await expect(page).toHaveURL(/\/faq$/);
  await page.goBack();
  await page.getByRole('link', { name: 'vos données et vos droits' }).click();
  await expect(page).toHaveURL(/\/legal#donnees-personnelles$/);
  expect(await trackers(page, context)).toEqual(none);
});
