// @vitest-environment jsdom
import { render, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { Callout } from '../../src/site/components/Callout/Callout.tsx';
import { Card, Cards, type CardIcon } from '../../src/site/components/Cards/Cards.tsx';
import { PaymentFlow } from '../../src/site/components/PaymentFlow/PaymentFlow.tsx';
import { Stat, Stats } from '../../src/site/components/Stats/Stats.tsx';
import { Step, Steps } from '../../src/site/components/Steps/Steps.tsx';
import { CompanyFacts, HostFacts, LeadRetention, ProcessorList } from '../../src/site/mdx/widgets/Facts.tsx';
import { company } from '../../src/content/data/company.ts';
import { interfaceText } from '../../src/content/data/interface.ts';
import { processors } from '../../src/content/data/processors.ts';
import { publisherFacts } from '../../src/content/data/publisher-facts.ts';
import { present } from '../fixtures/present.ts';

describe('PaymentFlow', () => {
  const renderFlow = () =>
    render(
      <PaymentFlow
        title="Trajet d'un payout"
        source="Propfirm"
        sourceDetail="verse votre part des profits"
        bank="Compte bancaire de la LLC"
        trader="Vous, le trader"
        firstArrow="Payout"
        secondArrow="Virement"
      >
        La propfirm paie la LLC, qui vous paie.
      </PaymentFlow>,
    );

  it('is a figure with a visible caption saying the diagram in words', () => {
    renderFlow();
    const caption = within(screen.getByRole('figure')).getByText('La propfirm paie la LLC, qui vous paie.');
    // A <figcaption> is what names the figure in browsers (jsdom does not compute that name).
    expect(caption.tagName).toBe('FIGCAPTION');
    expect(caption).toBeVisible();
  });

  it('draws the flow as SVG images named by the title, carrying the labels written in the MDX', () => {
    renderFlow();
    // Two drawings (phone and wide screen); CSS shows one. Without CSS both are present, and both must be right.
    const images = screen.getAllByRole('img', { name: "Trajet d'un payout" });
    expect(images.length).toBeGreaterThan(0);
    for (const image of images) {
      expect(image.tagName.toLowerCase()).toBe('svg');
      const text = image.textContent ?? '';
      const order = ['Propfirm', 'Payout', 'Compte bancaire de la LLC', 'Virement', 'Vous, le trader'].map((label) =>
        text.indexOf(label),
      );
      expect(order.every((position) => position >= 0)).toBe(true);
      expect(order).toEqual([...order].sort((a, b) => a - b));
      expect(within(image).getByText('verse votre part des profits')).toBeInTheDocument();
    }
  });

  it('gives each drawing its own title id', () => {
    renderFlow();
    const ids = screen.getAllByRole('img').map((image) => image.getAttribute('aria-labelledby'));
    expect(new Set(ids).size).toBe(ids.length);
  });
});

describe('Steps', () => {
  it('renders an ordered list whose items carry the step titles as h3, in order', () => {
    render(
      <Steps>
        <Step title="Consultation initiale">Un échange.</Step>
        <Step title="Création de la LLC">Les statuts.</Step>
        <Step title="Configuration bancaire">Le compte.</Step>
      </Steps>,
    );
    const list = screen.getByRole('list');
    expect(list.tagName).toBe('OL');
    const items = within(list).getAllByRole('listitem');
    expect(items.map((item) => within(item).getByRole('heading', { level: 3 }).textContent)).toEqual([
      'Consultation initiale',
      'Création de la LLC',
      'Configuration bancaire',
    ]);
    expect(within(present(items[1], 'item 1')).getByText('Les statuts.')).toBeInTheDocument();
  });
});

describe('Cards', () => {
  it('renders each card as a list item headed by an h3, with a decorative icon', () => {
    render(
      <Cards>
        <Card icon="wallet" title="Séparation des finances">
          Vos payouts à part.
        </Card>
        <Card title="Gestion simplifiée">Une seule structure.</Card>
      </Cards>,
    );
    const items = within(screen.getByRole('list')).getAllByRole('listitem');
    expect(items).toHaveLength(2);
    expect(
      within(present(items[0], 'item 0')).getByRole('heading', { level: 3, name: 'Séparation des finances' }),
    ).toBeInTheDocument();
    expect(within(present(items[1], 'item 1')).getByRole('heading', { level: 3, name: 'Gestion simplifiée' })).toBeInTheDocument();
    // The icon repeats the title: hidden from assistive technology, and present only where asked for.
    expect(present(items[0], 'item 0').querySelector('svg[aria-hidden="true"]')).not.toBeNull();
    expect(present(items[1], 'item 1').querySelector('svg')).toBeNull();
    expect(screen.queryByRole('img')).toBeNull();
  });

  it('refuses an icon name it does not know, instead of shipping a card without it', () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    expect(() =>
      render(
        <Cards>
          <Card icon={'walet' as CardIcon} title="Faute de frappe">
            Texte.
          </Card>
        </Cards>,
      ),
    ).toThrow(/walet/);
    vi.restoreAllMocks();
  });
});

describe('Stats', () => {
  it('renders each figure and its label as one list item', () => {
    render(
      <Stats>
        <Stat value="Plus de 300">traders accompagnés</Stat>
        <Stat value="3 à 4 semaines">avant le premier payout</Stat>
      </Stats>,
    );
    const items = within(screen.getByRole('list')).getAllByRole('listitem');
    expect(items.map((item) => item.textContent)).toEqual([
      'Plus de 300 traders accompagnés',
      '3 à 4 semaines avant le premier payout',
    ]);
  });
});

describe('Callout', () => {
  it('shows its title as an h3 above its content', () => {
    render(
      <Callout title="Scénario">
        <p>Un payout de 5 000 € par mois.</p>
      </Callout>,
    );
    expect(screen.getByRole('heading', { level: 3, name: 'Scénario' })).toBeInTheDocument();
    expect(screen.getByText('Un payout de 5 000 € par mois.')).toBeVisible();
  });

  it('has no heading when it has no title', () => {
    render(
      <Callout>
        <p>Remarque.</p>
      </Callout>,
    );
    expect(screen.queryByRole('heading')).toBeNull();
  });
});

describe('legal notice facts', () => {
  const pairs = () => screen.getAllByRole('term').map((term) => [term.textContent, term.nextElementSibling?.textContent]);

  it('gives the publisher every LCEN mention, the director of publication by name and the VAT number', () => {
    render(<CompanyFacts />);
    const labels = interfaceText.legalLabels;
    expect(pairs()).toEqual(publisherFacts.map(({ label, value }) => [label, value]));
    // The mentions the law asks for (LCEN art. 6-III, and the VAT number of the Code de commerce), by their fields.
    expect(publisherFacts.map(({ key }) => key)).toEqual(
      expect.arrayContaining(['name', 'legalForm', 'shareCapital', 'registration', 'vatNumber', 'address', 'publicationDirector']),
    );
    expect(labels.vatNumber).toBe('Numéro de TVA intracommunautaire');
    expect(screen.getByRole('link', { name: company.email })).toHaveAttribute('href', `mailto:${company.email}`);
  });

  it('gives the host its name, address, phone number and website', () => {
    render(<HostFacts />);
    const { host } = company;
    expect(pairs()).toEqual([
      ['Hébergeur', host.name],
      ['Adresse', host.address],
      ['Téléphone', host.phone],
      ['Site web', host.website],
    ]);
    expect(screen.getByRole('link', { name: host.phone })).toHaveAttribute('href', `tel:${host.phone.replace(/[^\d+]/g, '')}`);
  });

  it("lists the host as processor, then whoever receives the form's messages in this build", () => {
    const hostPairs = [
      ['Prestataire', company.host.name],
      ['Rôle', processors.host.role],
      ['Pays', processors.host.country],
      ['Garantie du transfert hors de l’Union européenne', processors.host.safeguard],
    ];
    // Simulation: the form sends nothing; the site's server storing files: a sentence, no other processor.
    for (const recipients of ['none', 'local'] as const) {
      const { unmount } = render(<ProcessorList recipients={recipients} />);
      expect(pairs()).toEqual(hostPairs);
      expect(screen.getByRole('link', { name: company.host.name })).toHaveAttribute('href', company.host.website);
      // As written, narrow no-break spaces included (the default matcher folds them).
      const note = { normalizer: (text: string) => text };
      if (recipients === 'local') expect(screen.getByText(processors.localDelivery, note)).toBeVisible();
      else expect(screen.queryByText(processors.localDelivery, note)).toBeNull();
      unmount();
    }

    for (const [recipients, processor] of [
      ['external', processors.contactDelivery],
      ['email', processors.emailDelivery],
      ['webhook', processors.webhookDelivery],
    ] as const) {
      const { unmount } = render(<ProcessorList recipients={recipients} />);
      expect(pairs()).toEqual([
        ...hostPairs,
        ['Prestataire', processor.name],
        ['Rôle', processor.role],
        ['Pays', processor.country],
        ['Garantie du transfert hors de l’Union européenne', processor.safeguard],
      ]);
      expect(screen.getByRole('link', { name: processor.name })).toHaveAttribute('href', processor.website);
      unmount();
    }
  });

  it('names the store that keeps each message first (CONTACT_STORE), and never claims nobody else receives them', () => {
    const note = { normalizer: (text: string) => text };
    const facts = (processor: { name: string; role: string; country: string; safeguard: string }) => [
      ['Prestataire', processor.name],
      ['Rôle', processor.role],
      ['Pays', processor.country],
      ['Garantie du transfert hors de l’Union européenne', processor.safeguard],
    ];
    const host = facts({ name: company.host.name, ...processors.host });
    for (const [store, processor] of [
      ['d1', processors.leadStores.d1],
      ['blobs', processors.leadStores.blobs],
    ] as const) {
      const { unmount } = render(<ProcessorList recipients="email" store={store} />);
      expect(pairs()).toEqual([...host, ...facts(processors.emailDelivery), ...facts(processor)]);
      // The host may be the same company, named again for this other role.
      expect(screen.getAllByRole('link', { name: processor.name }).at(-1)).toHaveAttribute('href', processor.website);
      unmount();
      // Stored only, notified to nobody: the store is named, and no sentence says the site's server alone keeps them.
      const alone = render(<ProcessorList recipients="local" store={store} />);
      expect(pairs()).toEqual([...host, ...facts(processor)]);
      expect(screen.queryByText(processors.localDelivery, note)).toBeNull();
      alone.unmount();
    }
    // npm start with email: the server keeps each message, then Brevo receives it.
    render(<ProcessorList recipients="email" store="files" />);
    expect(pairs()).toEqual([...host, ...facts(processors.emailDelivery)]);
    expect(screen.getByText(processors.filesStore, note)).toBeVisible();
    expect(screen.queryByText(processors.localDelivery, note)).toBeNull();
  });

  it('writes the retention period of content/processors.json, the one `npm run leads -- --purge` applies', () => {
    render(
      <p>
        Conservés <LeadRetention />.
      </p>,
    );
    expect(screen.getByText('Conservés 3 ans.')).toBeVisible();
  });
});
