// @vitest-environment jsdom
/** Islands: the page render and the browser's hydration see the same tree; an island that throws shows the error screen. */
import { act, screen } from '@testing-library/react';
import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, test, vi } from 'vitest';
import { interfaceText } from '../../src/content/data/interface.ts';
import { hydrateIsland } from '../../src/site/islands/hydrate.tsx';
import { Island } from '../../src/site/islands/Island.tsx';
import { frenchLongDate, parisDay, parisYear } from '../../src/content/french-date.ts';

afterEach(() => {
  vi.restoreAllMocks();
  document.body.innerHTML = '';
});

const errorCopy = {
  title: interfaceText.error.title,
  text: interfaceText.error.text,
  home: interfaceText.error.home,
  contact: { label: interfaceText.error.contact, to: '/contact' },
};

function Greeting({ name }: { name: string }) {
  return <p>Bonjour {name.toUpperCase()}</p>;
}

/** Puts the pre-rendered island in the document and hydrates it, as the site script would. */
async function prerenderAndHydrate(props: { name: string }, tamper = (html: string) => html) {
  document.body.innerHTML = tamper(
    renderToString(<Island name="contact-form" component={Greeting} props={props} errorCopy={errorCopy} />),
  );
  const element = document.querySelector<HTMLElement>('[data-island]');
  if (!element) throw new Error('no island element');
  await act(async () => hydrateIsland(element, Greeting));
  return element;
}

describe('<Island>', () => {
  test('writes its props as JSON data after its element, with < escaped so no text can close the script', () => {
    const html = renderToString(
      <Island name="contact-form" component={Greeting} props={{ name: '</script><b>x' }} errorCopy={errorCopy} />,
    );
    expect(html).toMatch(/^<div data-island="contact-form"><p>Bonjour <!-- -->&lt;\/SCRIPT&gt;&lt;B&gt;X<\/p><\/div>/);
    expect(html).toContain('<script type="application/json" data-island-data="contact-form">');
    expect(html).not.toContain('"</script>');
    expect(html).toContain('\\u003c/script>');
  });

  test('hydrates in place with the same props, without a mismatch', async () => {
    const errors = vi.spyOn(console, 'error').mockImplementation(() => {});
    const element = await prerenderAndHydrate({ name: 'Jeanne' });
    expect(element).toHaveTextContent('Bonjour JEANNE');
    expect(Object.keys(element.firstElementChild ?? {}).some((key) => key.startsWith('__reactFiber'))).toBe(true);
    expect(errors).not.toHaveBeenCalled();
  });

  test('an island that throws in the browser shows the error screen with the message, and logs the error', async () => {
    const errors = vi.spyOn(console, 'error').mockImplementation(() => {});
    // Data broken after the page was built: `name` is missing, so the component throws.
    const element = await prerenderAndHydrate({ name: 'Jeanne' }, (html) => html.replace('{"name":"Jeanne"}', '{}'));
    expect(await screen.findByRole('heading', { level: 2, name: 'Unexpected Application Error' })).toBeVisible();
    expect(element).toHaveTextContent(interfaceText.error.text);
    expect(element.querySelector('pre')?.textContent).toMatch(/toUpperCase/);
    expect(screen.getByRole('link', { name: interfaceText.error.home })).toHaveAttribute('href', '/');
    expect(errors.mock.calls.flat().some((arg) => arg instanceof Error && /toUpperCase/.test(arg.message))).toBe(true);
  });
});

describe('French dates (pages and site script)', () => {
  test('write the first of the month as « 1er », other days as numbers', () => {
    expect(frenchLongDate('2030-03-01')).toBe('1er mars 2030');
    expect(frenchLongDate('2030-03-02')).toBe('2 mars 2030');
    expect(frenchLongDate('2031-01-11')).toBe('11 janvier 2031');
  });

  test('take the day and the year in Paris time', () => {
    const newYearInParis = new Date('2030-12-31T23:30:00Z');
    expect(parisDay(newYearInParis)).toBe('2031-01-01');
    expect(parisYear(newYearInParis)).toBe('2031');
    expect(parisDay(new Date('2030-06-30T21:59:00Z'))).toBe('2030-06-30');
  });

  test('the year, counted without time zone data, is the one the time zone database gives around every New Year', () => {
    for (let year = 2026; year <= 2060; year += 1) {
      for (const minutes of [-61, -60, -59, -1, 0, 1]) {
        const instant = new Date(Date.UTC(year, 0, 1, 0, minutes));
        expect(parisYear(instant), instant.toISOString()).toBe(parisDay(instant).slice(0, 4));
      }
    }
  });
});
