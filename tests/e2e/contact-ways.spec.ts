import { expect, type Page, test } from '@playwright/test';
import { contactForm } from '../../src/content/data/contact-form.ts';
import { islandHydrated, siteScriptRan } from './page-ready.ts';

/** Every layout shift not caused by the visitor, added up from the first paint (Cumulative Layout Shift). */
async function watchLayoutShifts(page: Page) {
  await page.addInitScript(() => {
    const scope = window as unknown as { layoutShift: number };
    scope.layoutShift = 0;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as (PerformanceEntry & { value: number; hadRecentInput: boolean })[]) {
        if (!entry.hadRecentInput) scope.layoutShift += entry.value;
      }
    }).observe({ type: 'layout-shift', buffered: true });
  });
}

/** The shifts so far, once the browser has drawn two more frames (the observer reports after a frame). */
const layoutShift = (page: Page) =>
  page.evaluate(async () => {
    for (let frame = 0; frame < 2; frame++) await new Promise(requestAnimationFrame);
    return (window as unknown as { layoutShift: number }).layoutShift;
  });

test('a propfirm of the table opens the contact form with the message naming it', async ({ page }) => {
  await page.goto('/how-it-works#propfirms');
  const link = page.locator('#propfirms tbody tr').first().locator('a[href^="/contact?propfirm="]');
  const name = new URL(`http://x${await link.getAttribute('href')}`).searchParams.get('propfirm') ?? '';
  expect(name).not.toBe('');
  await link.click();
  await expect(page).toHaveURL(/\/contact\?propfirm=/);
  await islandHydrated(page);
  await expect(page.getByLabel('Message')).toHaveValue(contactForm.propfirmPrefill.replaceAll('{propfirm}', name));
});

for (const { width, beside } of [
  { width: 1280, beside: true },
  { width: 375, beside: false },
]) {
  test(`at ${width} px the form and « Et ensuite ? » sit ${beside ? 'side by side' : 'one under the other'}, and nothing shifts`, async ({
    page,
  }) => {
    await page.setViewportSize({ width, height: 900 });
    await watchLayoutShifts(page);
    await page.goto('/contact');
    await islandHydrated(page);
    const form = await page.locator('[data-island] form').boundingBox();
    const next = await page.getByRole('heading', { level: 2, name: 'Et ensuite ?' }).boundingBox();
    if (!form || !next) throw new Error('the form or « Et ensuite ? » is not shown');
    if (beside) {
      expect(next.x).toBeGreaterThanOrEqual(form.x + form.width);
      expect(next.y).toBeLessThan(form.y + form.height);
    } else {
      expect(next.y).toBeGreaterThanOrEqual(form.y + form.height);
    }
    expect(await page.locator('a[data-intent]').count()).toBeGreaterThanOrEqual(2);
    expect(await layoutShift(page)).toBe(0);

    // The home hero: its drawing beside the text on a wide screen, under it on a phone, without a shift either.
    await page.goto('/');
    await siteScriptRan(page);
    const title = await page.getByRole('heading', { level: 1 }).boundingBox();
    const drawing = await page.locator('main figure').first().boundingBox();
    if (!title || !drawing) throw new Error('the hero title or its drawing is not shown');
    if (beside) expect(drawing.x).toBeGreaterThanOrEqual(title.x + title.width);
    else expect(drawing.y).toBeGreaterThan(title.y + title.height);
    expect(await layoutShift(page)).toBe(0);
  });
}
