/** Waiting for the browser-side behaviour of a page. Pages are static HTML: only the site script runs. */
import { expect, type Page } from '@playwright/test';

/** Resolves once the site script has run: it gives the menu toggle its `aria-expanded` state. */
export async function siteScriptRan(page: Page): Promise<void> {
  await expect(page.locator('[data-menu-toggle]')).toHaveAttribute('aria-expanded', /^(true|false)$/);
}

/** Resolves once React has hydrated the contact form island: its DOM nodes then carry React's fiber key. */
export async function islandHydrated(page: Page): Promise<void> {
  await page.waitForFunction(() => {
    const form = document.querySelector('[data-island] form');
    return form !== null && Object.keys(form).some((key) => key.startsWith('__reactFiber'));
  });
}
