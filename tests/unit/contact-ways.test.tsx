// @vitest-environment jsdom
/**
 * The ways to reach us (an empty setting hides its link, each link carries its kind), the propfirm table's order,
 * and the message a propfirm's link starts, with settings made here rather than the site's own.
 */
import { render, screen, within } from '@testing-library/react';
import * as v from 'valibot';
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup } from '@testing-library/react';
import { contactWaysSchema } from '../../src/content/schema/contact-ways-schema.ts';
import { contactIntentKinds, contactWays } from '../../src/contact/contact-ways.ts';
import { ContactWays } from '../../src/site/components/ContactWays/ContactWays.tsx';
import { propfirmPrefill } from '../../src/site/components/ContactForm/propfirm-prefill.ts';
import { contactWayLinks } from '../../src/site/mdx/widgets/ContactWays.tsx';
import { sortedPropfirms } from '../../src/site/mdx/widgets/Propfirms.tsx';

afterEach(cleanup);

const contact = { phone: '+33 1 99 00 00 01', email: 'contact@example.fr' };
const labels = { phone: 'Téléphone', whatsapp: 'WhatsApp', telegram: 'Telegram', email: 'Email', booking: 'Réserver un appel' };
const settings = (overrides: Partial<v.InferInput<typeof contactWaysSchema>>) =>
  v.parse(contactWaysSchema, {
    labels,
    whatsappNumber: '',
    whatsappMessage: 'Bonjour, une question ?',
    telegram: '',
    booking: '',
    ...overrides,
  });

function renderWays(copy: v.InferOutput<typeof contactWaysSchema>) {
  render(<ContactWays ways={contactWayLinks(copy, contact)} />);
  const list = screen.getByRole('list');
  return Object.fromEntries(
    within(list)
      .getAllByRole('link')
      .map((link) => [link.getAttribute('data-intent'), link.getAttribute('href')]),
  );
}

describe('the ways to reach us', () => {
  it('with WhatsApp, Telegram and booking empty, only the phone and the email show', () => {
    expect(renderWays(settings({}))).toEqual({ phone: 'tel:+33199000001', email: 'mailto:contact@example.fr' });
  });

  it('every setting filled: every kind, in order, each with its address', () => {
    const copy = settings({ whatsappNumber: '+33 6 12 34 56 78', telegram: 'propllc_fr', booking: 'https://cal.example/propllc' });
    expect(renderWays(copy)).toEqual({
      phone: 'tel:+33199000001',
      whatsapp: 'https://wa.me/33612345678?text=Bonjour%2C%20une%20question%20%3F',
      telegram: 'https://t.me/propllc_fr',
      email: 'mailto:contact@example.fr',
      booking: 'https://cal.example/propllc',
    });
    expect(screen.getAllByRole('link').map((link) => link.getAttribute('data-intent'))).toEqual([...contactIntentKinds]);
    expect(screen.getByRole('link', { name: /WhatsApp/ })).toHaveTextContent('+33 6 12 34 56 78');
    expect(screen.getByRole('link', { name: /Telegram/ })).toHaveTextContent('@propllc_fr');
  });

  it('a setting of spaces hides its link like an empty one', () => {
    expect(contactWays({ ...contact, whatsappNumber: '  ', telegram: ' ', booking: '' }).map((way) => way.kind)).toEqual([
      'phone',
      'email',
    ]);
  });

  it('the editor cannot save a number, name or address that would make a broken link', () => {
    for (const overrides of [
      { whatsappNumber: '06 12 34 56 78' },
      { telegram: '@propllc' },
      { booking: 'http://cal.example/propllc' },
    ]) {
      expect(v.safeParse(contactWaysSchema, { ...settings({}), ...overrides }).success, JSON.stringify(overrides)).toBe(false);
    }
  });
});

describe('the propfirm table and the message its links start', () => {
  const firm = (name: string) => ({
    name,
    paysCompany: 'oui' as const,
    conditions: '…',
    source: 'https://x.example',
    verifieLe: '2026-01-01',
  });

  it('sorts by name as a French reader does, whatever the order given', () => {
    const names = sortedPropfirms(['Topstep', 'apex', 'FTMO', 'Éclair', 'The5ers'].map(firm)).map((row) => row.name);
    expect(names).toEqual(['apex', 'Éclair', 'FTMO', 'The5ers', 'Topstep']);
  });

  it('names a propfirm of the table, in its own spelling, and nothing else', () => {
    const propfirms = ['FTMO', 'Apex Trader Funding'];
    const template = 'Ma propfirm : {propfirm}. ';
    expect(propfirmPrefill('?propfirm=apex%20trader%20funding', propfirms, template)).toBe('Ma propfirm : Apex Trader Funding. ');
    expect(propfirmPrefill('?propfirm=FTMO', propfirms, template)).toBe('Ma propfirm : FTMO. ');
    expect(propfirmPrefill('?propfirm=Achetez%20ici', propfirms, template)).toBeUndefined();
    expect(propfirmPrefill('', propfirms, template)).toBeUndefined();
  });
});
