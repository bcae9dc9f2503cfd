/**
 * WCAG 2.2 AA: axe on every route at desktop and phone sizes, plus what axe cannot see — keyboard use,
 * visible focus, focus never hidden under the sticky header, target sizes.
 */
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { interfaceText } from '../../src/content/data/interface.ts';
import { navigation } from '../../src/content/data/navigation.ts';
import { allPaths, unknownPath, viewports } from './routes.ts';
import { islandHydrated } from './page-ready.ts';

const wcagTags = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

async function axeViolations(page: Page) {
  const results = await new AxeBuilder({ page }).withTags(wcagTags).analyze();
  // Rule id, help and the offending elements: enough to fix without rerunning.
  return results.violations.map((violation) => ({
    rule: violation.id,
    help: violation.help,
    targets: violation.nodes.map((node) => node.target.join(' ')),
  }));
}

/** Empty submission of the contact form, or undefined when this build has no form yet. */
async function submitEmptyContactForm(page: Page) {
  await page.goto('/contact', { waitUntil: 'networkidle' });
  const form = page.locator('main form');
  // The contact page without its form is a failure, not a case to skip.
  await expect(form).toHaveCount(1);
  await islandHydrated(page);
  const submit = form.locator('button[type="submit"], button:not([type])').first();
  await submit.focus();
  await page.keyboard.press('Enter');
  return form;
}

for (const [viewportName, viewport] of Object.entries(viewports)) {
  test.describe(`${viewportName} (${viewport.width}×${viewport.height})`, () => {
    test.use({ viewport });

    for (const path of allPaths) {
      // The not-found page stands alone (no site header or footer): its one landmark is main.
      const standalone = path === unknownPath;
      // One page load for both: axe and the landmarks first, on the page as it loads, then the walk with the keyboard.
      test(`${path}: no axe violation, one h1, ${standalone ? 'its main landmark' : 'the four landmarks'}; every Tab stop shows focus, is at least 24×24 px and is not under the sticky header`, async ({
        page,
      }) => {
        await page.goto(path, { waitUntil: 'networkidle' });
        await test.step('no axe violation, one h1, its landmarks', async () => {
          expect(await axeViolations(page)).toEqual([]);
          await expect(page.locator('h1')).toHaveCount(1);
          await expect(page.getByRole('main')).toHaveCount(1);
          await expect(page.getByRole('banner')).toHaveCount(standalone ? 0 : 1);
          await expect(page.getByRole('contentinfo')).toHaveCount(standalone ? 0 : 1);
          if (!standalone) {
            // Under 48em the main navigation sits in the closed menu, out of the accessibility tree until opened.
            await expect(page.locator('header nav')).toHaveAttribute('aria-label', navigation.nav.label);
            expect(await page.getByRole('navigation').count()).toBeGreaterThanOrEqual(1);
          }
        });

        await test.step('every Tab stop shows focus, is at least 24×24 px and is not under the sticky header', async () => {
          const problems: string[] = [];
          let first: string | undefined;
          for (let stop = 0; stop < 120; stop += 1) {
            await page.keyboard.press('Tab');
            const probe = await page.evaluate(() => {
              const element = document.activeElement as HTMLElement | null;
              if (!element || element === document.body) return undefined;
              const style = getComputedStyle(element);
              const focused = {
                outline: style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) > 0 ? style.outline : 'none',
                shadow: style.boxShadow,
              };
              // The same element's style without focus: the indicator must be a change, not a constant border.
              element.blur();
              const plain = getComputedStyle(element);
              const unfocused = {
                outline: plain.outlineStyle !== 'none' && parseFloat(plain.outlineWidth) > 0 ? plain.outline : 'none',
                shadow: plain.boxShadow,
              };
              element.focus();
              const rect = element.getBoundingClientRect();
              const header = document.querySelector('header');
              const headerStyle = header ? getComputedStyle(header) : undefined;
              const sticky = headerStyle && ['sticky', 'fixed'].includes(headerStyle.position);
              const name = `${element.tagName.toLowerCase()} "${(element.getAttribute('aria-label') ?? element.textContent ?? '').trim().slice(0, 40)}"`;
              return {
                key: `${name}@${Math.round(rect.top + window.scrollY)}:${Math.round(rect.left)}`,
                name,
                changed: focused.outline !== unfocused.outline || focused.shadow !== unfocused.shadow,
                visible: focused.outline !== 'none' || focused.shadow !== 'none',
                inline: style.display === 'inline',
                width: rect.width,
                height: rect.height,
                hiddenByHeader:
                  Boolean(sticky && header && !header.contains(element)) &&
                  rect.top < (header?.getBoundingClientRect().bottom ?? 0) - 1 &&
                  // The skip link is positioned over the header on purpose, above it in the stacking order.
                  !['absolute', 'fixed'].includes(style.position),
              };
            });
            if (!probe) continue;
            if (probe.key === first) break;
            first ??= probe.key;
            if (!probe.visible || !probe.changed) problems.push(`${probe.name}: no visible focus indicator`);
            if (!probe.inline && (probe.width < 24 || probe.height < 24)) {
              problems.push(`${probe.name}: target ${Math.round(probe.width)}×${Math.round(probe.height)} px`);
            }
            if (probe.hiddenByHeader) problems.push(`${probe.name}: focused under the sticky header`);
          }
          expect(first, 'no focusable element').toBeDefined();
          // Going back up is when a sticky header covers focus: the browser scrolls the element to the top edge.
          for (let stop = 0; stop < 40; stop += 1) {
            await page.keyboard.press('Shift+Tab');
            const hidden = await page.evaluate(() => {
              const element = document.activeElement as HTMLElement | null;
              const header = document.querySelector('header');
              // Past the first element focus leaves the page (body) before wrapping to the last one.
              if (!element || element === document.body) return null;
              if (!header || header.contains(element)) return undefined;
              if (['absolute', 'fixed'].includes(getComputedStyle(element).position)) return undefined;
              const covered = element.getBoundingClientRect().top < header.getBoundingClientRect().bottom - 1;
              return covered ? `${element.tagName.toLowerCase()} "${(element.textContent ?? '').trim().slice(0, 40)}"` : '';
            });
            if (hidden === undefined) break;
            if (hidden === null) continue;
            if (hidden) problems.push(`${hidden}: focused under the sticky header (Shift+Tab)`);
          }
          expect(problems).toEqual([]);
        });
      });
    }

    test("/contact after an empty submission: no axe violation, nor any of axe's best practices in the form", async ({ page }) => {
      await submitEmptyContactForm(page);
      await expect(page.getByRole('alert')).toBeVisible();
      await page.waitForLoadState('networkidle');
      expect(await axeViolations(page)).toEqual([]);
      // Every rule axe has, best practices included, over the main content: the form with its messages and toast.
      const all = await new AxeBuilder({ page }).include('main').analyze();
      expect(all.violations.map((violation) => violation.id)).toEqual([]);
    });
  });
}

test.describe('keyboard only', () => {
  test('the skip link is the first Tab stop, shows, and moves focus to the main content', async ({ page }) => {
    await page.goto('/', { waitUntil: 'networkidle' });
    await page.keyboard.press('Tab');
    const skip = page.getByRole('link', { name: interfaceText.a11y.skipLink });
    await expect(skip).toBeFocused();
    await expect(skip).toBeInViewport();
    await page.keyboard.press('Enter');
    await expect(page.getByRole('main')).toBeFocused();
    // The next Tab continues after the start of the main content, past the header's links.
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.closest('main, footer') !== null)).toBe(true);
  });

  test.describe('phone', () => {
    test.use({ viewport: viewports.mobile });

    test('the menu opens, is walked, closes with Escape and navigates, with the keyboard alone', async ({ page }) => {
      await page.goto('/', { waitUntil: 'networkidle' });
      const toggle = page.getByRole('button', { name: navigation.nav.openMenu });
      for (let stop = 0; stop < 5 && !(await toggle.evaluate((element) => element === document.activeElement)); stop += 1) {
        await page.keyboard.press('Tab');
      }
      await expect(toggle).toBeFocused();
      await page.keyboard.press('Enter');
      const close = page.getByRole('button', { name: navigation.nav.closeMenu });
      await expect(close).toHaveAttribute('aria-expanded', 'true');
      const nav = page.getByRole('navigation', { name: navigation.nav.label });
      await expect(nav).toBeVisible();

      await page.keyboard.press('Tab');
      await expect(nav.getByRole('link').first()).toBeFocused();
      await page.keyboard.press('Escape');
      await expect(nav).toBeHidden();
      await expect(page.getByRole('button', { name: navigation.nav.openMenu })).toBeFocused();

      await page.keyboard.press('Enter');
      await page.keyboard.press('Tab');
      await page.keyboard.press('Tab');
      const second = navigation.nav.links[1];
      await expect(nav.getByRole('link', { name: second?.label })).toBeFocused();
      await page.keyboard.press('Enter');
      await expect(page).toHaveURL(second?.to ?? '/');
      await expect(nav).toBeHidden();
    });
  });

  test('an FAQ answer opens and closes with Enter and Space', async ({ page }) => {
    await page.goto('/faq', { waitUntil: 'networkidle' });
    const summary = page.locator('main details > summary').first();
    await expect(summary).toHaveCount(1);
    for (let stop = 0; stop < 40 && !(await summary.evaluate((element) => element === document.activeElement)); stop += 1) {
      await page.keyboard.press('Tab');
    }
    await expect(summary).toBeFocused();
    const details = page.locator('main details').first();
    await page.keyboard.press('Enter');
    await expect(details).toHaveAttribute('open', '');
    await expect(details.locator(':scope > :not(summary)').first()).toBeVisible();
    await page.keyboard.press('Space');
    await expect(details).not.toHaveAttribute('open', '');
  });

  test('the contact form: an empty submission by keyboard sends focus to the first field in error', async ({ page }) => {
    await submitEmptyContactForm(page);
    const focused = page.locator(':focus');
    await expect(focused).toHaveCount(1);
    expect(await focused.evaluate((element) => ['INPUT', 'TEXTAREA', 'SELECT'].includes(element.tagName))).toBe(true);
    expect(await focused.evaluate((element) => element.getAttribute('aria-invalid') === 'true' || element.matches(':invalid'))).toBe(
      true,
    );
    // Typing goes into that field: the form is usable without a pointer.
    await page.keyboard.type('a');
    expect(await focused.inputValue()).toContain('a');
  });
});
