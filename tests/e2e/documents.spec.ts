import { expect, test, type Page } from '@playwright/test';
import { site } from '../../content/site.ts';

function recordProblems(page: Page): string[] {
  const problems: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error' || message.type() === 'warning') problems.push(message.text());
  });
  page.on('pageerror', (error) => problems.push(error.message));
  return problems;
}

async function hydrated(page: Page) {
  await page.waitForFunction(() => {
    const main = document.querySelector('main');
    return main !== null && Object.keys(main).some((key) => key.startsWith('__reactFiber'));
  });
}

test.describe('terms of use', () => {
  const sections = [
    '1. Acceptation des conditions',
    '2. Utilisation du site',
    '3. Services proposés',
    '4. Informations fournies',
    '5. Limitation de responsabilité',
    '6. Liens externes',
    '7. Modification des conditions',
    '8. Confidentialité',
    '9. Droit applicable',
    '10. Contact',
  ];

  test('ten numbered sections, in order', async ({ page }) => {
    await page.goto('/terms');
    await expect(page.getByRole('main').getByRole('heading', { level: 2 })).toHaveText(sections);
  });

  test('the services, the informational-only notice, French law and the contact', async ({ page }) => {
    await page.goto('/terms');
    const main = page.getByRole('main');
    const services = main.getByRole('region', { name: '3. Services proposés' }).getByRole('listitem');
    await expect(services).toHaveText([
      /conseil sur la structure juridique/,
      /création de votre LLC/,
      /ouverture de vos comptes bancaires professionnels/,
      /intégration des paiements de vos propfirms/,
    ]);
    await expect(main.getByRole('region', { name: '4. Informations fournies' })).toContainText(
      'ne constituent ni un conseil juridique, ni un conseil fiscal, ni un conseil financier',
    );
    await expect(main.getByRole('region', { name: '9. Droit applicable' })).toContainText('droit français');
    await expect(main.getByRole('region', { name: '9. Droit applicable' })).toContainText('tribunaux français');
    const contact = main.getByRole('region', { name: '10. Contact' });
    await expect(contact.getByRole('link', { name: 'page de contact' })).toHaveAttribute('href', '/contact');
    await expect(contact.getByRole('link', { name: site.company.email })).toHaveAttribute(
      'href',
      `mailto:${site.company.email}`,
    );
  });

  test("shows today's date in French, Paris time, and hydrates without a warning", async ({ page }) => {
    const problems = recordProblems(page);
    await page.goto('/terms');
    await hydrated(page);
    const today = new Date();
    const longDate = new Intl.DateTimeFormat('fr-FR', { dateStyle: 'long', timeZone: 'Europe/Paris' }).format(today);
    const isoDay = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Paris' }).format(today);
    const line = page.getByText(/^Dernière mise à jour/);
    await expect(line).toHaveText(`Dernière mise à jour : ${longDate}`);
    await expect(line.locator('time')).toHaveAttribute('datetime', isoDay);
    expect(problems).toEqual([]);
  });

  test("shows the visitor's date, not the build's, once hydrated", async ({ page }) => {
    // A visitor reading the page on 1 March 2030, long after the build.
    await page.clock.setFixedTime(new Date('2030-03-01T10:00:00+01:00'));
    const problems = recordProblems(page);
    await page.goto('/terms');
    await hydrated(page);
    await expect(page.getByText(/^Dernière mise à jour/)).toHaveText('Dernière mise à jour : 1 mars 2030');
    expect(problems).toEqual([]);
  });
});

test.describe('legal notice', () => {
  test('its sections, in order', async ({ page }) => {
    await page.goto('/legal');
    await expect(page.getByRole('main').getByRole('heading', { level: 2 })).toHaveText([
      'Éditeur du site',
      'Hébergement',
      'Protection des données personnelles',
      'Cookies',
      'Propriété intellectuelle',
      'Responsabilité',
    ]);
  });

  test('the publisher facts come from content/site.ts', async ({ page }) => {
    await page.goto('/legal');
    const publisher = page.getByRole('region', { name: 'Éditeur du site' });
    const { company, legalLabels } = site;
    const facts: [string, string][] = [
      [legalLabels.name, company.name],
      [legalLabels.legalForm, company.legalForm],
      [legalLabels.shareCapital, company.shareCapital],
      [legalLabels.registration, company.registration],
      [legalLabels.address, company.address],
      [legalLabels.email, company.email],
      [legalLabels.phone, company.phone],
      [legalLabels.publicationDirector, company.publicationDirector],
    ];
    await expect(publisher.locator('dt')).toHaveText(facts.map(([label]) => label));
    await expect(publisher.locator('dd')).toHaveText(facts.map(([, value]) => value));
    await expect(publisher.locator('dt').first()).toHaveText('Raison sociale');
    await expect(publisher.getByRole('link', { name: company.email })).toHaveAttribute(
      'href',
      `mailto:${company.email}`,
    );
    await expect(publisher.getByRole('link', { name: company.phone })).toHaveAttribute(
      'href',
      `tel:${company.phone.replace(/[^\d+]/g, '')}`,
    );
  });

  test('the host facts', async ({ page }) => {
    await page.goto('/legal');
    const host = page.getByRole('region', { name: 'Hébergement' });
    await expect(host.locator('dd')).toHaveText([site.company.host.name, site.company.host.address, site.company.host.website]);
    await expect(host.getByRole('link', { name: site.company.host.website })).toHaveAttribute(
      'href',
      site.company.host.website,
    );
  });

  test('GDPR rights, contact-form data and cookies', async ({ page }) => {
    await page.goto('/legal');
    const data = page.getByRole('region', { name: 'Protection des données personnelles' });
    await expect(data).toContainText('droit d’accès, de rectification, d’effacement et d’opposition');
    await expect(data).toContainText('servent uniquement à répondre à votre demande');
    await expect(data).toContainText('ni partagées avec des tiers');
    await expect(data.getByRole('link', { name: site.company.email })).toHaveAttribute(
      'href',
      `mailto:${site.company.email}`,
    );
    const cookies = page.getByRole('region', { name: 'Cookies' });
    await expect(cookies).toContainText('cookies techniques');
    await expect(cookies).toContainText('ne demandent pas votre consentement');
    await expect(cookies).toContainText('refuser dans les réglages de votre navigateur');
  });
});
