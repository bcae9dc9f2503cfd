import { expect, test, type Page } from '@playwright/test';
import { siteScriptRan } from './page-ready.ts';

test.use({ viewport: { width: 375, height: 740 }, isMobile: true, hasTouch: true });

const toggle = (page: Page) => page.getByRole('banner').getByRole('button');
const nav = (page: Page) => page.getByRole('navigation', { name: 'Navigation principale' });

test('the menu toggle is labelled and controls the main navigation', async ({ page }) => {
  await page.goto('/');
  await siteScriptRan(page);
  const button = toggle(page);
  await expect(button).toHaveCount(1);
  await expect(button).toHaveAccessibleName('Ouvrir le menu');
  await expect(button).toHaveAttribute('aria-expanded', 'false');
  const controls = await button.getAttribute('aria-controls');
  expect(controls).toBeTruthy();
  await expect(page.locator(`[id="${controls}"]`)).toHaveAttribute('aria-label', 'Navigation principale');
  await expect(nav(page).getByRole('link', { name: 'FAQ', exact: true })).toBeHidden();
});

test('open the menu, follow a link: the page changes and the menu closes', async ({ page }) => {
  await page.goto('/');
  await siteScriptRan(page);
  const button = toggle(page);
  await button.click();
  await expect(button).toHaveAttribute('aria-expanded', 'true');
  await expect(button).toHaveAccessibleName('Fermer le menu');
  const faq = nav(page).getByRole('link', { name: 'FAQ', exact: true });
  await expect(faq).toBeVisible();
  await expect(nav(page).getByRole('link', { name: 'Démarrer', exact: true })).toBeVisible();

  await faq.click();
  await expect(page).toHaveURL('/faq');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Questions fréquentes');
  await expect(button).toHaveAttribute('aria-expanded', 'false');
  await expect(button).toHaveAccessibleName('Ouvrir le menu');
  await expect(faq).toBeHidden();
});

test('the toggle closes the menu it opened', async ({ page }) => {
  await page.goto('/faq');
  await siteScriptRan(page);
  const button = toggle(page);
  await button.click();
  await expect(nav(page).getByRole('link', { name: 'Accueil', exact: true })).toBeVisible();
  await button.click();
  await expect(button).toHaveAttribute('aria-expanded', 'false');
  await expect(nav(page).getByRole('link', { name: 'Accueil', exact: true })).toBeHidden();
});

test('Escape closes the menu and returns focus to the toggle', async ({ page }) => {
  await page.goto('/');
  await siteScriptRan(page);
  const button = toggle(page);
  await button.click();
  const link = nav(page).getByRole('link', { name: 'À propos', exact: true });
  await expect(link).toBeVisible();
  // Focus inside the menu, as a keyboard user would be.
  await link.focus();
  await page.keyboard.press('Escape');
  await expect(button).toHaveAttribute('aria-expanded', 'false');
  await expect(link).toBeHidden();
  await expect(button).toBeFocused();
});

test.describe('with JavaScript disabled', () => {
  test.use({ javaScriptEnabled: false });

  test('the toggle opens the menu and a link loads its page with the menu closed', async ({ page }) => {
    await page.goto('/');
    const button = toggle(page);
    await expect(button).toHaveAccessibleName('Ouvrir le menu');
    const faq = nav(page).getByRole('link', { name: 'FAQ', exact: true });
    await expect(faq).toBeHidden();
    await button.click();
    await expect(faq).toBeVisible();
    await faq.click();
    await expect(page).toHaveURL('/faq');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Questions fréquentes');
    await expect(nav(page).getByRole('link', { name: 'FAQ', exact: true })).toBeHidden();
  });

  test('Escape closes the menu', async ({ page }) => {
    await page.goto('/about');
    await toggle(page).click();
    const link = nav(page).getByRole('link', { name: 'Accueil', exact: true });
    await expect(link).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(link).toBeHidden();
  });
});

test('the desktop header shows the links in the bar, without a toggle', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto('/faq');
  await expect(toggle(page)).toBeHidden();
  for (const name of ['Accueil', 'À propos', 'Comment ça marche', 'FAQ', 'Contact', 'Démarrer']) {
    await expect(nav(page).getByRole('link', { name, exact: true })).toBeVisible();
  }
});
