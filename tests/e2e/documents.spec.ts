import { expect, test, type Page } from '@playwright/test';
import { company } from '../../src/content/data/company.ts';
import { processors } from '../../src/content/data/processors.ts';
import { publisherFacts } from '../../src/content/data/publisher-facts.ts';
import { siteScriptRan } from './page-ready.ts';

function recordProblems(page: Page): string[] {
  const problems: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error' || message.type() === 'warning') problems.push(message.text());
  });
  page.on('pageerror', (error) => problems.push(error.message));
  return problems;
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
    '9. Droit applicable et médiation',
    '10. Contact',
  ];

  // One page load for these checks of one page: each is a step, named in the report when it fails.
  test('ten numbered sections in order; the services, the informational-only notice, French law, mediation and the contact', async ({
    page,
  }) => {
    await page.goto('/terms');

    await test.step('ten numbered sections, in order', async () => {
      await expect(page.getByRole('main').getByRole('heading', { level: 2 })).toHaveText(sections);
    });

    await test.step('the services, the informational-only notice, French law and the contact', async () => {
      const main = page.getByRole('main');
      const servicesSection = main.getByRole('region', { name: '3. Services proposés' });
      await expect(servicesSection.getByRole('listitem')).toHaveText([
        /information sur le fonctionnement d’une LLC américaine/,
        /formalités de création de votre LLC/,
        /demandes d’ouverture de comptes bancaires professionnels, la banque restant seule juge/,
        /mise en place des paiements de vos propfirms/,
      ]);
      // Guidance and support, not the legal or tax advice reserved to lawyers and accountants.
      await expect(servicesSection).toContainText('PropLLC n’est ni avocat ni expert-comptable');
      await expect(servicesSection).toContainText('article 54 de la loi n° 71-1130 du 31 décembre 1971');
      await expect(servicesSection).not.toContainText('conseil sur la structure juridique');
      await expect(main.getByRole('region', { name: '4. Informations fournies' })).toContainText(
        'ne constituent ni un conseil juridique, ni un conseil fiscal, ni un conseil financier',
      );
      const law = main.getByRole('region', { name: '9. Droit applicable et médiation' });
      await expect(law).toContainText('droit français');
      await expect(law).toContainText('tribunaux français');
      await expect(law).toContainText('médiateur de la consommation');
      const contact = main.getByRole('region', { name: '10. Contact' });
      await expect(contact.getByRole('link', { name: 'page de contact' })).toHaveAttribute('href', '/contact');
      await expect(contact.getByRole('link', { name: company.email })).toHaveAttribute('href', `mailto:${company.email}`);
    });
  });

  test("shows today's date in French, Paris time, without a console error", async ({ page }) => {
    const problems = recordProblems(page);
    await page.goto('/terms');
    await siteScriptRan(page);
    const today = new Date();
    const longDate = new Intl.DateTimeFormat('fr-FR', { dateStyle: 'long', timeZone: 'Europe/Paris' })
      .format(today)
      .replace(/^1 /, '1er ');
    const isoDay = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Paris' }).format(today);
    const line = page.getByText(/^Dernière mise à jour/);
    await expect(line).toHaveText(`Dernière mise à jour : ${longDate}`);
    await expect(line.locator('time')).toHaveAttribute('datetime', isoDay);
    expect(problems).toEqual([]);
  });

  test("shows the visitor's date, not the build's, with « 1er » on the first of the month", async ({ page }) => {
    // A visitor reading the page on 1 March 2030, long after the build.
    await page.clock.setFixedTime(new Date('2030-03-01T10:00:00+01:00'));
    const problems = recordProblems(page);
    await page.goto('/terms');
    await siteScriptRan(page);
    const line = page.getByText(/^Dernière mise à jour/);
    await expect(line).toHaveText('Dernière mise à jour : 1er mars 2030');
    await expect(line.locator('time')).toHaveAttribute('datetime', '2030-03-01');
    expect(problems).toEqual([]);
  });

  test('uses the Paris day: 31 December at 23:30 UTC is already 1 January there, and the year changes', async ({ page }) => {
    await page.clock.setFixedTime(new Date('2030-12-31T23:30:00Z'));
    await page.goto('/terms');
    await siteScriptRan(page);
    await expect(page.getByText(/^Dernière mise à jour/)).toHaveText('Dernière mise à jour : 1er janvier 2031');
    await expect(page.getByRole('contentinfo')).toContainText('© 2031 PropLLC. Tous droits réservés.');
  });

  test.describe('without JavaScript', () => {
    test.use({ javaScriptEnabled: false });

    test('shows the build day, in the same French format', async ({ page }) => {
      await page.goto('/terms');
      const time = page.getByText(/^Dernière mise à jour/).locator('time');
      const day = await time.getAttribute('datetime');
      expect(day).toMatch(/^\d{4}-\d{2}-\d{2}$/);
      const expected = new Intl.DateTimeFormat('fr-FR', { dateStyle: 'long', timeZone: 'UTC' })
        .format(new Date(`${day}T12:00:00Z`))
        .replace(/^1 /, '1er ');
      await expect(time).toHaveText(expected);
    });
  });
});

test.describe('legal notice', () => {
  // One page load for these checks of one page: each is a step, named in the report when it fails.
  test('its sections in order, the publisher and host facts, the GDPR notice (art. 13) and the cookie section', async ({ page }) => {
    await page.goto('/legal');

    await test.step('its sections, in order', async () => {
      await expect(page.getByRole('main').getByRole('heading', { level: 2 })).toHaveText([
        'Éditeur du site',
        'Hébergement',
        'Protection des données personnelles',
        'Cookies',
        'Propriété intellectuelle',
        'Responsabilité',
        'Médiation de la consommation',
      ]);
    });

    await test.step('the publisher facts come from content/company.json', async () => {
      const publisher = page.getByRole('region', { name: 'Éditeur du site' });
      await expect(publisher.locator('dt')).toHaveText(publisherFacts.map(({ label }) => label));
      await expect(publisher.locator('dd')).toHaveText(publisherFacts.map(({ value }) => value));
      await expect(publisher.locator('dt').first()).toHaveText('Raison sociale');
      await expect(publisher.getByText('Numéro de TVA intracommunautaire', { exact: true })).toBeVisible();
      // The director of publication is a named person, not a role.
      expect(company.publicationDirector).not.toMatch(/gérant|directeur|président/i);
      await expect(publisher.getByRole('link', { name: company.email })).toHaveAttribute('href', `mailto:${company.email}`);
      await expect(publisher.getByRole('link', { name: company.phone })).toHaveAttribute(
        'href',
        `tel:${company.phone.replace(/[^\d+]/g, '')}`,
      );
    });

    await test.step('the host facts', async () => {
      const host = page.getByRole('region', { name: 'Hébergement' });
      const { host: facts } = company;
      await expect(host.locator('dt')).toHaveText(['Hébergeur', 'Adresse', 'Téléphone', 'Site web']);
      await expect(host.locator('dd')).toHaveText([facts.name, facts.address, facts.phone, facts.website]);
      await expect(host.getByRole('link', { name: facts.phone })).toHaveAttribute('href', `tel:${facts.phone.replace(/[^\d+]/g, '')}`);
      await expect(host.getByRole('link', { name: company.host.website })).toHaveAttribute('href', company.host.website);
    });

    await test.step('the GDPR notice (art. 13): controller, purposes, legal bases, data, recipients, transfers, retention, rights', async () => {
      const data = page.getByRole('region', { name: 'Protection des données personnelles' });
      // The stable anchor the contact form's notice links to.
      await expect(data).toHaveAttribute('id', 'donnees-personnelles');
      await expect(data.getByRole('heading', { level: 3 })).toHaveText([
        'Responsable du traitement',
        'Finalités et bases légales',
        'Données collectées',
        'Destinataires',
        'Transferts hors de l’Union européenne',
        'Durée de conservation',
        'Vos droits',
        'Exercer vos droits',
        'Réclamation auprès de la CNIL',
      ]);
      await expect(data).toContainText('Le responsable du traitement est PropLLC, éditeur du site');
      await expect(data.getByRole('link', { name: company.email }).first()).toHaveAttribute('href', `mailto:${company.email}`);
      await expect(data).toContainText('article 6.1.b du RGPD');
      await expect(data).toContainText('article 6.1.f');
      await expect(data).toContainText('votre nom, votre adresse email, votre numéro de téléphone et votre message');
      await expect(data).toContainText('adresse IP');
      await expect(data).not.toContainText('ni partagées avec des tiers');

      // Recipients: the host as processor, named with its country and transfer safeguard; this build
      // (no VITE_CONTACT_ENDPOINT) sends form messages nowhere, so it names no delivery service.
      await expect(data.locator('dl')).toHaveCount(1);
      await expect(data.locator('dd')).toHaveText([
        company.host.name,
        processors.host.role,
        processors.host.country,
        processors.host.safeguard,
      ]);
      await expect(data.getByRole('link', { name: company.host.name })).toHaveAttribute('href', company.host.website);
      await expect(data).not.toContainText(processors.contactDelivery.name);

      await expect(data).toContainText('cadre de protection des données UE–États-Unis (Data Privacy Framework)');
      await expect(data).toContainText('décision d’adéquation de la Commission européenne du 10 juillet 2023');
      await expect(data).toContainText('clauses contractuelles types adoptées par la Commission européenne le 4 juin 2021');
      await expect(data).toContainText('3 ans à compter de notre dernier contact');
      for (const right of ['accès', 'rectification', 'effacement', 'limitation', 'portabilité', 'opposition']) {
        await expect(data.locator('li strong', { hasText: new RegExp(`^${right}$`) })).toHaveCount(1);
      }
      await expect(data.getByRole('listitem').filter({ hasText: 'après votre décès' })).toContainText(
        'article 85 de la loi Informatique et Libertés',
      );
      await expect(data).toContainText('délai d’un mois');
      await expect(data.getByRole('link', { name: 'www.cnil.fr' })).toHaveAttribute('href', 'https://www.cnil.fr');
      await expect(data).toContainText('3 place de Fontenoy, TSA 80715, 75334 Paris Cedex 07');
    });

    await test.step('the cookie section says plainly that the site sets no tracker, and, built without a store, counts nothing', async () => {
      const cookies = page.getByRole('region', { name: 'Cookies' });
      await expect(cookies).toContainText('Le site ne dépose aucun cookie publicitaire et aucun traceur d’un tiers');
      await expect(cookies).toContainText('Le site ne mesure pas son audience\u202f: aucune visite n’est comptée.');
      await expect(cookies).not.toContainText('cookies techniques');
    });
  });

  test('the legal notice, the GDPR notice and the notice by the form are in the HTML before any JavaScript', async ({ request }) => {
    const legal = (await (await request.get('/legal')).text()).replace(/&#x27;|&#39;/g, "'");
    for (const text of [
      'Numéro de TVA intracommunautaire',
      company.publicationDirector,
      company.host.phone,
      'Responsable du traitement',
      'Réclamation auprès de la CNIL',
      'id="donnees-personnelles"',
    ]) {
      expect(legal).toContain(text);
    }
    const contact = await (await request.get('/contact')).text();
    expect(contact).toContain('href="/legal#donnees-personnelles"');
    expect(contact).toContain('vos données et vos droits');
  });

  test('next to the contact form, a notice on the data links to the GDPR section', async ({ page }) => {
    await page.goto('/contact');
    // The paragraph right after the form's island (its element, then its JSON data).
    const notice = page.locator('[data-island="contact-form"] ~ p').first();
    await expect(notice).toContainText('servent uniquement à vous répondre');
    await expect(notice).toContainText('conservés 3 ans après notre dernier échange');
    await notice.getByRole('link', { name: 'vos données et vos droits' }).click();
    await expect(page).toHaveURL(/\/legal#donnees-personnelles$/);
    await expect(page.getByRole('heading', { level: 2, name: 'Protection des données personnelles' })).toBeInViewport();
  });
});
