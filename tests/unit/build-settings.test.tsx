// @vitest-environment jsdom
/**
 * What a build's settings decide, without building the site: each host's or service's settings are injected into
 * the constants the build writes into the pages (tools/build/site-defines.ts, vite.config.ts's `define`), the site's
 * modules are loaded again under them, and the test reads what that build's visitor would get: where the form posts
 * with and without JavaScript, what it sends, the CSP's connect-src, the GDPR notice's processors. The end-to-end
 * specs send the form on the one receiver build (tests/e2e/contact-endpoint.spec.ts, host-builds.spec.ts).
 */
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { company } from '../../src/content/data/company.ts';
import { processors } from '../../src/content/data/processors.ts';
import { contactOriginFrom, contentSecurityPolicy } from '../../tools/build/csp.ts';
import { siteDefines } from '../../tools/build/site-defines.ts';
import { validLead } from '../fixtures/visitor.ts';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

/** The site's modules as a build with `env` has them: its constants set, every module evaluated again. */
async function builtWith(env: Record<string, string>) {
  vi.resetModules();
  for (const [name, value] of Object.entries(siteDefines(env))) vi.stubGlobal(name, JSON.parse(value));
  const posted: { url: string; init: RequestInit }[] = [];
  vi.stubGlobal('fetch', async (url: string, init: RequestInit) => {
    posted.push({ url, init });
    return new Response('{"ok":true}', { status: 200, headers: { 'Content-Type': 'application/json' } });
  });
  const delivery = await import('../../src/contact/contact-delivery.ts');
  const { ContactForm } = await import('../../src/site/mdx/widgets/ContactForm.tsx');
  const { ProcessorFacts } = await import('../../src/site/mdx/widgets/Facts.tsx');
  return {
    /** The form's `action`, where the browser posts it without JavaScript (none: it cannot be sent so). */
    formAction: () => {
      const { container, unmount } = render(<ContactForm />);
      const action = container.querySelector('form')?.getAttribute('action') ?? undefined;
      unmount();
      return action;
    },
    /** What the form's script sends for a valid message typed in 9 s. */
    send: async () => {
      await delivery.sendContact(validLead(), { elapsedMs: 9_000 });
      return posted.map(({ url, init }) => ({ url, method: init.method, headers: init.headers, body: JSON.parse(String(init.body)) }));
    },
    /** The GDPR notice's processors, as term and definition pairs. */
    notice: () => {
      render(<ProcessorFacts />);
      return screen.getAllByRole('term').map((term) => [term.textContent, term.nextElementSibling?.textContent]);
    },
    connectSrc: () => /connect-src [^;]+;/.exec(contentSecurityPolicy({ contactOrigin: contactOriginFrom(env) }))?.[0],
  };
}

const facts = (processor: { name: string; role: string; country: string; safeguard: string }) => [
  ['Prestataire', processor.name],
  ['Rôle', processor.role],
  ['Pays', processor.country],
  ['Garantie du transfert hors de l’Union européenne', processor.safeguard],
];
const host = facts({ name: company.host.name, ...processors.host });
const json = { 'Content-Type': 'application/json', Accept: 'application/json' };

describe('a build with a third-party endpoint (VITE_CONTACT_ENDPOINT on another site)', () => {
  const env = { VITE_CONTACT_ENDPOINT: 'https://formulaires.example/f/abcd' };

  it('posts the fields alone, as JSON, to that endpoint, which the CSP lets the page reach', async () => {
    const build = await builtWith(env);
    expect(await build.send()).toEqual([
      { url: 'https://formulaires.example/f/abcd', method: 'POST', headers: json, body: validLead() },
    ]);
    expect(build.connectSrc()).toBe("connect-src 'self' https://formulaires.example;");
  });

  it('gives the form no action: without JavaScript the browser never posts it to another site', async () => {
    expect((await builtWith(env)).formAction()).toBeUndefined();
  });

  it('names the delivery service in the GDPR notice, as a processor beside the host', async () => {
    const build = await builtWith(env);
    expect(build.notice()).toEqual([...host, ...facts(processors.contactDelivery)]);
    expect(screen.getByRole('link', { name: processors.contactDelivery.name })).toHaveAttribute(
      'href',
      processors.contactDelivery.website,
    );
  });
});

describe('the host builds, which post to the site’s receiver', () => {
  for (const [hostName, env, store] of [
    ['Netlify', { NETLIFY: 'true', CONTACT_STORE: 'blobs', CONTACT_DELIVERY: 'email' }, processors.leadStores.blobs],
    ['Cloudflare Pages', { CF_PAGES: '1', CONTACT_STORE: 'd1', CONTACT_DELIVERY: 'email' }, processors.leadStores.d1],
  ] as const) {
    it(`on ${hostName}, post to /api/contact, with and without JavaScript, and name the email service and the store`, async () => {
      const build = await builtWith(env);
      expect(build.formAction()).toBe('/api/contact');
      // The site's own receiver also gets the time taken, a spam signal.
      expect(await build.send()).toEqual([
        { url: '/api/contact', method: 'POST', headers: json, body: { ...validLead(), _elapsed: 9_000 } },
      ]);
      expect(build.connectSrc()).toBe("connect-src 'self';");
      expect(build.notice()).toEqual([...host, ...facts(processors.emailDelivery), ...facts(store)]);
    });
  }

  it('a plain build simulates: no action, nothing sent, no processor but the host', async () => {
    const build = await builtWith({});
    expect(build.formAction()).toBeUndefined();
    vi.useFakeTimers();
    const sending = build.send();
    await vi.runAllTimersAsync();
    expect(await sending).toEqual([]);
    vi.useRealTimers();
    expect(build.notice()).toEqual(host);
  });
});
