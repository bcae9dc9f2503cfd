/**
 * /tarifs in the browser: the comparison of the states first, each state's figures folded and opened with the
 * keyboard, the page's height on a phone; the « Estimation » island, at phone and desktop widths, with the keyboard alone. The
 * expected totals come from content/tarifs.json through the function the island uses. The tables without
 * JavaScript: tests/built/tarifs.test.ts; axe and the Tab walk of the page as it loads: ./a11y.spec.ts.
 */
import AxeBuilder from '@axe-core/playwright';
import { expect, test } from '@playwright/test';
import { tarifs } from '../../src/content/data/tarifs.ts';
import { estimate, formatEur, formatUsd } from '../../src/site/components/Estimation/estimate.ts';
import { viewports } from './routes.ts';

for (const [name, viewport] of Object.entries(viewports)) {
  test.describe(`${name} (${viewport.width} px)`, () => {
    test.use({ viewport });

    test("the states compared first, each state's figures one key away in its fold, the page at most 5,000 px tall on a phone", async ({
      page,
    }) => {
      await page.goto('/tarifs');
      const comparison = page.getByRole('table', { name: tarifs.textes.comparaison });
      await expect(comparison.getByRole('rowheader')).toHaveText(tarifs.etats.map((state) => state.nom));
      // Folds closed: the height a visitor scrolls through before opening any.
      if (viewport.width <= 375) expect(await page.evaluate(() => document.documentElement.scrollHeight)).toBeLessThanOrEqual(5000);

      const [first] = tarifs.etats;
      if (!first) throw new Error('content/tarifs.json has no state');
      const summary = page.locator('summary', { hasText: tarifs.textes.detailEtat.replaceAll('{etat}', first.nom) });
      const fold = page.locator('details', { has: summary });
      const source = fold.locator(`a[href="${first.depot.source}"]`);
      await expect(source).toBeHidden();
      await summary.focus();
      await page.keyboard.press('Enter');
      await expect(fold).toHaveAttribute('open', '');
      await expect(source).toBeVisible();
      await expect(fold.getByRole('table', { name: first.nom })).toBeVisible();
    });

    // One page load: the keyboard walk through every state, then axe on the island as the visitor left it.
    test('a state is chosen with the keyboard and its totals follow; no axe violation after the change', async ({ page }) => {
      await page.goto('/tarifs');
      const island = page.locator('[data-island="estimation"]');
      const select = island.getByLabel(tarifs.textes.choix);
      // Disabled until hydrated: the island answers once it is enabled.
      await expect(select).toBeEnabled();

      for (let stop = 0; stop < 60 && !(await select.evaluate((element) => element === document.activeElement)); stop += 1) {
        await page.keyboard.press('Tab');
      }
      await expect(select).toBeFocused();

      const totals = island.locator('tfoot td');
      for (const [index, state] of tarifs.etats.entries()) {
        if (index > 0) await page.keyboard.press('ArrowDown');
        await expect(select).toHaveValue(state.nom);
        await expect(island.locator('caption')).toHaveText(state.nom);
        const { total } = estimate(tarifs, state.nom);
        await expect(totals.nth(0)).toHaveText(`${formatUsd(total.premiereAnnee.usd)}${formatEur(total.premiereAnnee.eur)}`);
        await expect(totals.nth(1)).toHaveText(`${formatUsd(total.anneesSuivantes.usd)}${formatEur(total.anneesSuivantes.eur)}`);
      }
      await expect(select).toBeFocused();

      const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa']).analyze();
      expect(
        results.violations.map((violation) => ({ rule: violation.id, targets: violation.nodes.map((node) => node.target.join(' ')) })),
      ).toEqual([]);
    });
  });
}
