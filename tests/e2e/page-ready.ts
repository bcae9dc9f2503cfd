/** Waiting for the browser-side behaviour of a page. Pages are static HTML: only the site script runs. */
import { expect, type Page } from '@playwright/test';

/** Resolves once the site script has run: it gives the menu toggle its `aria-expanded` state. */
export async function siteScriptRan(page: Page): Promise<void> {
  await expect(page.locator('[data-menu-toggle]')).toHaveAttribute('aria-expanded', /^(true|false)$/);
}

/**
 * Resolves once the contact form island has hydrated: the form then validates by itself, in French,
 * and turns the browser's own checks off (`novalidate`). Wait for it before sending: the island starts when the
 * browser is idle, which may come after `networkidle`, and in a build that posts to a receiver the button is enabled
 * without it (a click then is the browser's own post).
 */
export async function islandHydrated(page: Page): Promise<void> {
  await expect(page.locator('[data-island] form')).toHaveAttribute('novalidate', '');
}
