import { expect, test, type Page } from '@playwright/test';
import { pages } from '../../src/site/registry.ts';
import { endsWithContact } from './routes.ts';

const marketingPaths = pages.filter((page) => page.layout === 'marketing').map((page) => page.path);

const widths = [320, 1280] as const;

/** Levels of the headings in <main>, in document order. */
async function headingLevels(page: Page): Promise<number[]> {
  return page
    .locator('main')
    .locator('h1, h2, h3, h4, h5, h6')
    .evaluateAll((headings) => headings.map((heading) => Number(heading.tagName.slice(1))));
}

for (const path of marketingPaths) {
  for (const width of widths) {
    test.describe(`${path} at ${width} px`, () => {
      test.use({ viewport: { width, height: 800 } });

      // Its words are checked in site.spec.ts, axe at 375 and 1280 px in a11y.spec.ts; here, what the marketing layout
      // must keep at any width.
      test(`keeps headings in order and fits the screen${endsWithContact(path) ? ', and ends by leading the visitor to /contact' : ''}`, async ({
        page,
      }) => {
        await page.goto(path);
        const levels = await headingLevels(page);
        expect(levels[0]).toBe(1);
        // No level skipped going down: each heading is at most one level below the one before it.
        for (const [index, level] of levels.entries()) if (index > 0) expect(level).toBeLessThanOrEqual((levels[index - 1] ?? 0) + 1);
        expect(levels.filter((level) => level === 1)).toHaveLength(1);
        const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
        expect(overflow).toBeLessThanOrEqual(0);

        if (endsWithContact(path)) {
          const lastLink = page.locator('main a').last();
          await expect(lastLink).toHaveAttribute('href', '/contact');
          await expect(lastLink).toBeVisible();
        }
      });
    });
  }
}

test.describe('home', () => {
  // One page load for these checks of one page: each is a step, named in the report when it fails.
  test('the hero actions, the social proof and six benefit cards, what PropLLC does and what the bank decides; the main call to action opens the contact page', async ({
    page,
  }) => {
    await page.goto('/');

    await test.step('offers the two hero actions', async () => {
      const hero = page.locator('main section').first();
      await expect(hero.getByRole('link', { name: 'En savoir plus' })).toHaveAttribute('href', '/about');
      await expect(hero.getByRole('link', { name: 'Contactez-nous pour démarrer' })).toHaveAttribute('href', '/contact');
    });

    await test.step('shows the social proof, with no figure it cannot prove, and six benefit cards', async () => {
      const proof = page.locator('#confiance');
      await expect(proof.getByRole('heading', { level: 2 })).toHaveText('Pourquoi nous faire confiance');
      await expect(proof.getByRole('listitem').filter({ hasText: '3 à 4 semaines' })).toHaveText(
        '3 à 4 semaines en général, du premier échange au premier payout sur votre LLC',
      );
      await expect(proof.getByRole('listitem').filter({ hasText: '1 compte' })).toHaveText(
        '1 compte bancaire professionnel au nom de votre LLC, dédié à votre trading',
      );
      // No unproven client count, and the account belongs to the LLC, not to the trader.
      await expect(page.getByRole('main')).not.toContainText(/traders accompagnés|Plus de \d+|à votre nom/);
      const cards = page.getByRole('list').filter({ has: page.getByRole('heading', { name: 'Sécurité juridique' }) });
      await expect(cards.getByRole('listitem').getByRole('heading', { level: 3 })).toHaveText([
        'Séparation des finances',
        'Gestion simplifiée',
        'Sécurité juridique',
        'Comptes bancaires professionnels',
        'Fonds dédiés',
        'Crédibilité professionnelle',
      ]);
    });

    await test.step('says what PropLLC does and what the bank decides', async () => {
      const hero = page.locator('main section').first();
      await expect(hero).toContainText('Nous nous chargeons des formalités de création de la LLC et de la demande de son EIN');
      await expect(hero).toContainText('que la banque accepte ou non');
      await expect(page.getByRole('main')).not.toContainText(/ouvrons le compte|Vos fonds restent les vôtres|seul à détenir/);
    });

    await test.step('the main call to action opens the contact page', async () => {
      await page.getByRole('link', { name: 'Contactez-nous pour démarrer' }).last().click();
      await expect(page).toHaveURL(/\/contact$/);
    });
  });
});

test.describe('about', () => {
  // One page load for these checks of one page: each is a step, named in the report when it fails.
  test('the four opening steps in order with the link to how it works; the challenge fees as what the trader risks', async ({
    page,
  }) => {
    await page.goto('/about');

    await test.step('lists the four opening steps in order and links to how it works', async () => {
      const steps = page.locator('ol').filter({ has: page.getByRole('heading', { name: 'Consultation initiale' }) });
      await expect(steps.getByRole('heading', { level: 3 })).toHaveText([
        'Consultation initiale',
        'Création de la LLC',
        'Configuration bancaire',
        'Mise en place auprès des propfirms',
      ]);
      await expect(steps.getByRole('listitem').nth(1).getByRole('link', { name: 'tarifs' })).toHaveAttribute('href', '/tarifs');
      await expect(steps.getByRole('listitem').nth(1)).toContainText('l’EIN, gratuite');
      await expect(steps.getByRole('listitem').nth(1)).toContainText('1 à 2 semaines');
      await expect(steps.getByRole('listitem').nth(2)).toContainText('quelques jours de plus');
      await expect(steps.getByRole('listitem').nth(2)).toContainText('La banque reste seule à décider');
      await expect(page.getByRole('link', { name: 'Découvrir comment ça marche' })).toHaveAttribute('href', '/how-it-works');
    });

    await test.step('names the challenge fees as what the trader risks, not their own savings', async () => {
      const propfirm = page.locator('#propfirm');
      await expect(propfirm).toContainText('Ce que vous risquez, ce sont les frais du challenge');
      await expect(propfirm).not.toContainText('Vous ne risquez pas');
    });
  });
});

test.describe('how it works', () => {
  for (const width of widths) {
    test(`shows exactly one payment diagram, within the screen, at ${width} px`, async ({ page }) => {
      await page.setViewportSize({ width, height: 900 });
      await page.goto('/how-it-works');
      const diagram = page.getByRole('img', { name: /Trajet d’un payout/ });
      await expect(diagram).toHaveCount(1);
      await expect(diagram).toBeVisible();
      const box = await diagram.boundingBox();
      expect(box && box.x >= 0 && box.x + box.width <= width).toBe(true);
      await expect(page.locator('figure figcaption')).toContainText('compte bancaire professionnel de votre LLC');
    });
  }
  // One page load for these checks of one page: each is a step, named in the report when it fails.
  test('the trader pays themselves as manager within the rules; three steps and a 5 000 € monthly example', async ({ page }) => {
    await page.goto('/how-it-works');

    await test.step('the trader pays themselves as manager, within the rules that apply to them', async () => {
      await expect(page.locator('figure figcaption')).toContainText('en tant que gérant, qui décidez des virements');
      await expect(page.getByRole('main')).not.toContainText('ce que vous voulez, quand vous le décidez');
    });

    await test.step('walks through three steps and a 5 000 € monthly example', async () => {
      const steps = page.locator('ol').filter({ has: page.getByRole('heading', { name: 'Créer votre LLC' }) });
      await expect(steps.getByRole('heading', { level: 3 })).toHaveText([
        'Créer votre LLC',
        'Recevoir vos payouts',
        'Gérer vos fonds',
      ]);
      await expect(steps.getByRole('listitem').first()).toContainText('EIN');
      // The state's fees are not restated here: the step leads to the Tarifs page, which has them from its data file.
      await expect(steps.getByRole('listitem').first().getByRole('link', { name: 'tarifs' })).toHaveAttribute('href', '/tarifs');
      await expect(page.getByRole('heading', { level: 3, name: /Scénario/ })).toHaveText('Scénario : un payout de 5 000 € par mois');
    });
  });
});
