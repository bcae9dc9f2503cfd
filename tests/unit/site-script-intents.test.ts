// @vitest-environment jsdom
/**
 * The site script counts a click on a way to reach us (`a[data-intent]`) with one beacon carrying its kind, beside
 * the page's view, and keeps nothing in the browser. A fixture page stands for /contact's links.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { countPath } from '../../src/contact/audience-settings.ts';

const beacons: string[] = [];
/** The listeners each run of the script adds to the one document of the file, removed after each test. */
const added: Parameters<typeof document.addEventListener>[] = [];
const addListener = document.addEventListener.bind(document);

beforeEach(() => {
  vi.resetModules();
  beacons.length = 0;
  vi.spyOn(document, 'addEventListener').mockImplementation((...args: Parameters<typeof document.addEventListener>) => {
    added.push(args);
    addListener(...args);
  });
  Object.defineProperty(navigator, 'sendBeacon', {
    configurable: true,
    value: (url: string) => {
      beacons.push(url);
      return true;
    },
  });
});

afterEach(() => {
  for (const [type, listener, options] of added.splice(0)) document.removeEventListener(type, listener, options);
  vi.restoreAllMocks();
  document.body.innerHTML = '';
  delete document.body.dataset.count;
});

/** The fixture page, then the site script run over it as the browser runs it once the page has painted. */
async function pageWithScript(counting: boolean) {
  document.body.innerHTML = `
    <main>
      <a href="tel:+33199000000" data-intent="phone">Appeler</a>
      <a href="https://wa.me/33199000000?text=Bonjour" data-intent="whatsapp"><span>WhatsApp</span></a>
      <a href="/faq">FAQ</a>
    </main>`;
  if (counting) document.body.dataset.count = countPath;
  await import('../../src/site/client/site-script.ts');
}

/** Clicks without following the link: jsdom would try to navigate. */
function click(element: Element) {
  element.addEventListener('click', (event) => event.preventDefault(), { once: true });
  element.dispatchEvent(new MouseEvent('click', { bubbles: true, cancelable: true }));
}

describe('contact intents in the site script', () => {
  it('sends one beacon with the kind per click on a way to reach us, none for another link, and stores nothing', async () => {
    await pageWithScript(true);
    // The page's view.
    expect(beacons).toEqual([`${countPath}?p=%2F&r=`]);
    click(document.querySelector('a[data-intent="phone"]') as Element);
    // A click on what the link holds counts for the link.
    click(document.querySelector('a[data-intent="whatsapp"] span') as Element);
    click(document.querySelector('a[href="/faq"]') as Element);
    expect(beacons.slice(1)).toEqual([`${countPath}?i=phone`, `${countPath}?i=whatsapp`]);
    expect(document.cookie).toBe('');
    expect(localStorage.length).toBe(0);
    expect(sessionStorage.length).toBe(0);
  });

  it('sends nothing when the site counts nothing (AUDIENCE=off: no data-count)', async () => {
    await pageWithScript(false);
    click(document.querySelector('a[data-intent="phone"]') as Element);
    expect(beacons).toEqual([]);
  });
});
