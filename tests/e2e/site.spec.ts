import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { navigation } from '../../src/content/data/navigation.ts';
import { type PagePath, pages } from '../../src/site/registry.ts';
import { builtPages, guidesFolderIndex } from '../../tools/build/built-pages.ts';
import { islandHydrated, siteScriptRan } from './page-ready.ts';
import { endsWithContact, unknownPath } from './routes.ts';

/**
 * The words a visitor must find on these pages: the h1 and a few key sentences. Every page of the registry gets
 * the checks below; one with no entry here has them with any h1.
 */
const copy: Partial<Record<PagePath, { h1: string; keyCopy?: string[] }>> = {
  '/': { h1: 'Encaissez vos payouts de propfirm sur votre propre LLC américaine' },
  '/about': { h1: 'Propfirms et LLC : comprendre avant de se lancer' },
  '/how-it-works': { h1: 'Comment ça marche' },
  '/tarifs': {
    h1: 'Tarifs',
    keyCopy: [
      'Les quatre États en un coup d’œil',
      'Votre estimation, ligne par ligne',
      'Une estimation, pas un devis',
      'Chaque État, chiffre par chiffre',
    ],
  },
  '/faq': {
    h1: 'Questions fréquentes',
    keyCopy: ['Pourquoi créer une LLC pour recevoir mes payouts ?', 'Quelles sont mes obligations fiscales ?'],
  },
  '/contact': { h1: 'Contactez-nous', keyCopy: ['Envoyez-nous un message'] },
  '/contact/merci': { h1: 'Merci pour votre message', keyCopy: ['En attendant'] },
  '/legal': { h1: 'Mentions Légales', keyCopy: ['Éditeur du site', 'Hébergement', 'Protection des données personnelles', 'Cookies'] },
  '/terms': {
    h1: 'Conditions d’utilisation',
    keyCopy: ['1. Acceptation des conditions', '3. Services proposés', '9. Droit applicable et médiation', '10. Contact'],
  },
};

/** Its h1 and key copy, or for a page with no entry in `copy`, one h1 with words in it. */
async function expectCopy(page: Page, path: PagePath) {
  const h1 = page.getByRole('heading', { level: 1 });
  await expect(h1).toHaveText(copy[path]?.h1 ?? /\p{L}/u);
  await expect(h1).toHaveCount(1);
  for (const text of copy[path]?.keyCopy ?? []) {
    await expect(page.getByText(text, { exact: true }).first()).toBeVisible();
  }
}

/** The menu as content/navigation.json writes it: a page added there is expected here with no change. */
const navLabels = navigation.nav.links.map((link) => link.label);

/** Console errors and warnings (hydration mismatches are reported there) and uncaught exceptions. */
function recordProblems(page: Page): string[] {
  const problems: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error' || message.type() === 'warning') {
      problems.push(`${message.type()}: ${message.text()}`);
    }
  });
  page.on('pageerror', (error) => problems.push(`exception: ${error.message}`));
  return problems;
}

const mainNav = (page: Page) => page.getByRole('banner').getByRole('navigation', { name: 'Navigation principale' });

// One page load per page: each check is a step of its test, named in the report when it fails.
for (const { path } of pages) {
  test(`page ${path}: its h1 and key copy without console errors, its own nav link marked, the header CTA and footer links${
    endsWithContact(path) ? ', and it ends by leading to /contact' : ''
  }`, async ({ page }) => {
    const problems = recordProblems(page);
    const response = await page.goto(path);
    expect(response?.status()).toBe(200);
    await siteScriptRan(page);
    if (path === '/contact') await islandHydrated(page);

    await test.step('shows its h1 and key copy, without console errors or warnings', async () => {
      await expectCopy(page, path);
      expect(problems).toEqual([]);
    });

    await test.step('marks its own nav link, and only it, as the current page', async () => {
      const nav = mainNav(page);
      await expect(nav.getByRole('list').getByRole('link')).toHaveText(navLabels);
      const current = nav.locator('[aria-current="page"]');
      const own = navigation.nav.links.find((link) => link.to === path);
      if (own) {
        await expect(current).toHaveCount(1);
        await expect(current).toHaveText(own.label);
        await expect(current).toHaveAttribute('href', path);
      } else {
        await expect(current).toHaveCount(0);
      }
    });

    await test.step('has the header CTA to /contact and the footer links', async () => {
      const cta = page.getByRole('banner').getByRole('link', { name: 'Démarrer', exact: true });
      await expect(cta).toBeVisible();
      await expect(cta).toHaveAttribute('href', '/contact');

      const footer = page.getByRole('contentinfo');
      await expect(footer.getByRole('link', { name: 'Mentions légales', exact: true })).toHaveAttribute('href', '/legal');
      await expect(footer.getByRole('link', { name: 'Conditions d’utilisation', exact: true })).toHaveAttribute('href', '/terms');
      await expect(footer).toContainText(`© ${new Date().getFullYear()} PropLLC. Tous droits réservés.`);
    });

    // The confirmation page's own links are tested below.
    if (endsWithContact(path)) {
      await test.step('ends by leading to /contact', async () => {
        const last = page.getByRole('main').locator('a[href], button').last();
        await expect(last).toBeVisible();
        await expect(last).toHaveAttribute('href', '/contact');
      });
    }
  });
}

test('the contact confirmation says the message arrived, then leads home and onwards', async ({ page }) => {
  await page.goto('/contact/merci');
  const main = page.getByRole('main');
  await expect(main).toContainText('Votre message nous est bien parvenu. Nous le lisons et vous répondons par email ou par téléphone');
  // MDX prose: the build sets the typographic apostrophe.
  await expect(main.getByRole('link', { name: 'Retour à l’accueil' })).toHaveAttribute('href', '/');
  await expect(main.getByRole('link', { name: 'Voir comment ça marche' })).toHaveAttribute('href', '/how-it-works');
  await expect(main.getByRole('link', { name: 'FAQ', exact: true })).toHaveAttribute('href', '/faq');
  await expect(main.getByRole('link', { name: 'contact@propllc.fr' })).toHaveAttribute('href', 'mailto:contact@propllc.fr');
  await main.getByRole('link', { name: 'Retour à l’accueil' }).click();
  await expect(page).toHaveURL('/');
});

test('the footer links open the legal notice and the terms', async ({ page }) => {
  await page.goto('/');
  await siteScriptRan(page);
  const footer = page.getByRole('contentinfo');
  await footer.getByRole('link', { name: 'Mentions légales', exact: true }).click();
  await expect(page).toHaveURL('/legal');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Mentions Légales');
  await footer.getByRole('link', { name: 'Conditions d’utilisation', exact: true }).click();
  await expect(page).toHaveURL('/terms');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Conditions d’utilisation');
});

test('the header CTA opens the contact page', async ({ page }) => {
  await page.goto('/faq');
  await siteScriptRan(page);
  await page.getByRole('banner').getByRole('link', { name: 'Démarrer', exact: true }).click();
  await expect(page).toHaveURL('/contact');
});

test('moving through every page: each link loads its page, marked in the menu, with no console error or warning', async ({ page }) => {
  const problems = recordProblems(page);
  await page.goto('/');
  await siteScriptRan(page);

  const nav = mainNav(page);
  const h1 = page.getByRole('heading', { level: 1 });
  let previous = await h1.textContent();
  for (const link of navigation.nav.links.filter((entry) => entry.to !== '/')) {
    await nav.getByRole('link', { name: link.label, exact: true }).click();
    await expect(page).toHaveURL(link.to);
    await expect(h1).not.toHaveText(previous ?? '');
    await expect(nav.locator('[aria-current="page"]')).toHaveText(link.label);
    // Each page is a document of its own, loaded in full: its site script ran again.
    await siteScriptRan(page);
    previous = await h1.textContent();
  }
  const footer = page.getByRole('contentinfo');
  await footer.getByRole('link', { name: 'Mentions légales', exact: true }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Mentions Légales');
  await footer.getByRole('link', { name: 'Conditions d’utilisation', exact: true }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Conditions d’utilisation');
  expect(problems).toEqual([]);
});

test.describe('with JavaScript disabled', () => {
  test.use({ javaScriptEnabled: false });

  test('every page shows its h1 and content', async ({ page }) => {
    for (const { path } of pages) {
      await test.step(path, async () => {
        await page.goto(path);
        await expectCopy(page, path);
        await expect(page.getByRole('contentinfo')).toContainText(`© ${new Date().getFullYear()} PropLLC`);
      });
    }
  });

  test('links work: nav, footer and calls to action', async ({ page }) => {
    await page.goto('/');
    await mainNav(page).getByRole('link', { name: 'FAQ', exact: true }).click();
    await expect(page).toHaveURL('/faq');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Questions fréquentes');
    await page.getByRole('contentinfo').getByRole('link', { name: 'Mentions légales', exact: true }).click();
    await expect(page).toHaveURL('/legal');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Mentions Légales');
    await page.getByRole('banner').getByRole('link', { name: 'Démarrer', exact: true }).click();
    await expect(page).toHaveURL('/contact');
    await page.getByRole('link', { name: 'PropLLC, retour à l’accueil' }).click();
    await expect(page).toHaveURL('/');
  });
});

test.describe('static hosting of dist/', () => {
  test('/about serves about.html with no redirect; /about/ and /about.html redirect to it, as the hosts do', async ({ request }) => {
    const response = await request.get('/about', { maxRedirects: 0 });
    expect(response.status()).toBe(200);
    expect(response.headers()['content-type']).toContain('text/html');
    expect(await response.text()).toBe(readFileSync('dist/about.html', 'utf8'));
    for (const url of ['/about/', '/about.html']) {
      const redirected = await request.get(url, { maxRedirects: 0 });
      expect(redirected.status(), url).toBe(308);
      expect(redirected.headers().location, url).toBe('/about');
    }
    const home = await request.get('/index.html', { maxRedirects: 0 });
    expect(home.status()).toBe(308);
    expect(home.headers().location).toBe('/');
  });

  test('an unknown path gets 404.html with status 404', async ({ request }) => {
    const response = await request.get(unknownPath);
    expect(response.status()).toBe(404);
    expect(await response.text()).toBe(readFileSync('dist/404.html', 'utf8'));
  });

  test('every built HTML file is in French: <html lang="fr">', () => {
    const files = readdirSync('dist', { recursive: true, encoding: 'utf8' }).filter((file) => file.endsWith('.html'));
    // Every registered page, every published guide, 404.html, and the list of guides again as their folder's index.
    expect(files.length).toBe(builtPages().length + 1);
    expect(files).toContain(path.relative('dist', guidesFolderIndex().copy));
    for (const file of files) {
      expect(readFileSync(path.join('dist', file), 'utf8'), file).toMatch(/<html lang="fr"[\s>]/);
    }
  });
});
