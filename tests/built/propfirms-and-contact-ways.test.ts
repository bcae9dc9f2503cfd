// @vitest-environment jsdom
/**
 * The propfirm table of /how-it-works and the ways to reach us on /contact, as the built pages show them: figures
 * come from the data files, read here, never restated.
 */
import { describe, expect, test } from 'vitest';
import { company } from '../../src/content/data/company.ts';
import { contactWaysCopy } from '../../src/content/data/contact-ways.ts';
import { propfirms } from '../../src/content/data/propfirms.ts';
import { frenchLongDate } from '../../src/content/french-date.ts';
import { contactIntentKinds } from '../../src/contact/contact-ways.ts';
import { read } from './dist.ts';

const documentOf = (file: string) => new DOMParser().parseFromString(read(file), 'text/html');

describe('/how-it-works: which propfirms pay a company', () => {
  const section = documentOf('dist/how-it-works.html').querySelector('#propfirms');
  const rows = [...(section?.querySelectorAll('tbody tr') ?? [])];
  const byName = new Map(propfirms.propfirms.map((firm) => [firm.name, firm]));
  const names = rows.map((row) => row.querySelector('th')?.textContent ?? '');

  test('one row per propfirm of the data file, at least the five the issue names, sorted by name', () => {
    expect([...names].sort()).toEqual([...byName.keys()].sort());
    for (const name of ['FTMO', 'Topstep', 'Apex Trader Funding', 'The5ers', 'FundedNext']) expect(names).toContain(name);
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b, 'fr', { sensitivity: 'base' })));
    // The file is not in that order: the page sorts it.
    expect(propfirms.propfirms.map((firm) => firm.name)).not.toEqual(names);
  });

  test('every row links to its public source and says the day it was read', () => {
    for (const row of rows) {
      const firm = byName.get(row.querySelector('th')?.textContent ?? '');
      const source = [...row.querySelectorAll('a')].find((link) => link.getAttribute('href') === firm?.source);
      expect(source?.getAttribute('href'), firm?.name).toMatch(/^https:\/\//);
      expect(source?.querySelector('time')?.getAttribute('datetime')).toBe(firm?.verifieLe);
      expect(source?.textContent).toContain(frenchLongDate(firm?.verifieLe ?? ''));
      expect(row.textContent).toContain(firm?.conditions);
    }
  });

  test('« oui » and « non » only where the file says so; every other row reads « à vérifier avec nous »', () => {
    expect(rows.length).toBeGreaterThan(0);
    for (const row of rows) {
      const firm = byName.get(row.querySelector('th')?.textContent ?? '');
      const answer = row.querySelector('td')?.textContent?.trim();
      if (firm?.paysCompany === 'à vérifier') expect(answer, firm.name).toBe('à vérifier avec nous');
      else expect(answer, firm?.name).toBe(firm?.paysCompany);
    }
  });

  test('every row links to /contact with the propfirm named', () => {
    for (const [index, row] of rows.entries()) {
      const name = names[index] ?? '';
      const hrefs = [...row.querySelectorAll('a')].map((link) => link.getAttribute('href'));
      expect(hrefs).toContain(`/contact?propfirm=${encodeURIComponent(name)}`);
      expect(new URL(`https://x${hrefs.find((href) => href?.startsWith('/contact')) ?? ''}`).searchParams.get('propfirm')).toBe(name);
    }
  });
});

describe('/contact: every configured way to reach us', () => {
  const links = [...documentOf('dist/contact.html').querySelectorAll('a[data-intent]')];
  const hrefOf = (kind: string) => links.find((link) => link.getAttribute('data-intent') === kind)?.getAttribute('href');

  test('each link names a known kind, once', () => {
    const kinds = links.map((link) => link.getAttribute('data-intent'));
    expect(new Set(kinds).size).toBe(kinds.length);
    for (const kind of kinds) expect(contactIntentKinds).toContain(kind);
  });

  test('the phone and the email are those of content/company.json', () => {
    expect(hrefOf('phone')).toBe(`tel:${company.phone.replace(/[^\d+]/g, '')}`);
    expect(hrefOf('email')).toBe(`mailto:${company.email}`);
  });

  test('WhatsApp, Telegram and the booking link show exactly when they are set', () => {
    const { whatsappNumber, whatsappMessage, telegram, booking } = contactWaysCopy;
    expect(hrefOf('whatsapp')).toBe(
      whatsappNumber ? `https://wa.me/${whatsappNumber.replace(/\D/g, '')}?text=${encodeURIComponent(whatsappMessage)}` : undefined,
    );
    expect(hrefOf('telegram')).toBe(telegram ? `https://t.me/${telegram}` : undefined);
    expect(hrefOf('booking')).toBe(booking || undefined);
  });
});
