import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { islandHydrated, siteScriptRan } from './page-ready.ts';

/**
 * Every route of the registry, with the copy a visitor must find there.
 * Pages marked `// pending merge` are written on other branches: on this branch they are still
 * placeholders, so their rows fail here and pass once those branches are merged.
 */
const routes = [
  {
    path: '/',
    h1: 'Encaissez vos payouts de propfirm sur votre propre LLC américaine',
    keyCopy: [],
    nav: 'Accueil',
  }, // pending merge: the home copy is rewritten on another branch; its h1 already matches
  { path: '/about', h1: 'Propfirms et LLC : comprendre avant de se lancer', keyCopy: [], nav: 'À propos' }, // pending merge
  { path: '/how-it-works', h1: 'Comment ça marche', keyCopy: [], nav: 'Comment ça marche' }, // pending merge
  {
    path: '/faq',
    h1: 'Questions fréquentes',
    keyCopy: ['Pourquoi créer une LLC pour recevoir mes payouts ?', 'Quelles sont mes obligations fiscales ?'],
    nav: 'FAQ',
  },
  { path: '/contact', h1: 'Contactez-nous', keyCopy: ['Envoyez-nous un message'], nav: 'Contact' }, // pending merge
  // Reached after a message is delivered (the form posted without JavaScript); no menu entry of its own.
  { path: '/contact/merci', h1: 'Merci pour votre message', keyCopy: ['En attendant'], nav: null },
  {
    path: '/legal',
    h1: 'Mentions Légales',
    keyCopy: ['Éditeur du site', 'Hébergement', 'Protection des données personnelles', 'Cookies'],
    nav: null,
  },
  {
    path: '/terms',
    h1: 'Conditions d’utilisation',
    keyCopy: ['1. Acceptation des conditions', '3. Services proposés', '9. Droit applicable', '10. Contact'],
    nav: null,
  },
] as const;

const navLabels = ['Accueil', 'À propos', 'Comment ça marche', 'FAQ', 'Contact'];

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

for (const route of routes) {
  test.describe(`page ${route.path}`, () => {
    test('shows its h1 and key copy, without console errors or warnings', async ({ page }) => {
      const problems = recordProblems(page);
      const response = await page.goto(route.path);
      expect(response?.status()).toBe(200);
      await siteScriptRan(page);
      if (route.path === '/contact') await islandHydrated(page);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(route.h1);
      await expect(page.getByRole('heading', { level: 1 })).toHaveCount(1);
      for (const text of route.keyCopy) {
        await expect(page.getByText(text, { exact: true }).first()).toBeVisible();
      }
      expect(problems).toEqual([]);
    });

    test('marks its own nav link, and only it, as the current page', async ({ page }) => {
      await page.goto(route.path);
      const nav = mainNav(page);
      await expect(nav.getByRole('list').getByRole('link')).toHaveText(navLabels);
      const current = nav.locator('[aria-current="page"]');
      if (route.nav) {
        await expect(current).toHaveCount(1);
        await expect(current).toHaveText(route.nav);
        await expect(current).toHaveAttribute('href', route.path);
      } else {
        await expect(current).toHaveCount(0);
      }
    });

    test('has the header CTA to /contact and the footer links', async ({ page }) => {
      await page.goto(route.path);
      const cta = page.getByRole('banner').getByRole('link', { name: 'Démarrer', exact: true });
      await expect(cta).toBeVisible();
      await expect(cta).toHaveAttribute('href', '/contact');

      const footer = page.getByRole('contentinfo');
      await expect(footer.getByRole('link', { name: 'Mentions légales', exact: true })).toHaveAttribute('href', '/legal');
      await expect(footer.getByRole('link', { name: 'Conditions d’utilisation', exact: true })).toHaveAttribute('href', '/terms');
      await expect(footer).toContainText(`© ${new Date().getFullYear()} PropLLC. Tous droits réservés.`);
    });

    // The contact page is where every other page leads: it ends with its own form. Its confirmation
    // page, reached once a message is sent, leads home and onwards instead (tested below).
    if (route.path !== '/contact' && route.path !== '/contact/merci') {
      test('ends by leading to /contact', async ({ page }) => {
        await page.goto(route.path);
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
  for (const route of routes.filter((entry) => entry.nav && entry.path !== '/')) {
    await nav.getByRole('link', { name: route.nav ?? '', exact: true }).click();
    await expect(page).toHaveURL(route.path);
    await expect(h1).not.toHaveText(previous ?? '');
    await expect(nav.locator('[aria-current="page"]')).toHaveText(route.nav ?? '');
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

  for (const route of routes) {
    test(`${route.path} shows its h1 and content`, async ({ page }) => {
      await page.goto(route.path);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(route.h1);
      for (const text of route.keyCopy) {
        await expect(page.getByText(text, { exact: true }).first()).toBeVisible();
      }
      await expect(page.getByRole('contentinfo')).toContainText(`© ${new Date().getFullYear()} PropLLC`);
    });
  }

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
    const response = await request.get('/cette-page-n-existe-pas');
    expect(response.status()).toBe(404);
    expect(await response.text()).toBe(readFileSync('dist/404.html', 'utf8'));
  });

  test('every built HTML file is in French: <html lang="fr">', () => {
    const files = readdirSync('dist', { recursive: true, encoding: 'utf8' }).filter((file) => file.endsWith('.html'));
    // Every registered page plus 404.html.
    expect(files.length).toBe(routes.length + 1);
    for (const file of files) {
      expect(readFileSync(path.join('dist', file), 'utf8'), file).toMatch(/<html lang="fr"[\s>]/);
    }
  });
});
