// @vitest-environment node
/**
 * Where a build's contact form posts (`build` of src/contact/settings.ts), and what a build on Cloudflare Pages or
 * Netlify must be given (tools/build/simulation-notice.ts). What such a build then shows is read in-process in
 * tests/unit/build-settings.test.tsx; tests/integration/host-build.test.ts runs `npm run build` without them.
 */
import { describe, expect, it } from 'vitest';
import { hostBuildProblem } from '../../tools/build/simulation-notice.ts';
import { readSettings } from '../../src/contact/settings.ts';

/** What the build reads from its environment (no host: the build has no store of its own). */
const build = (env: Record<string, string>) => readSettings(env).build;
const contactEndpointFrom = (env: Record<string, string>) => build(env).endpoint;
const problemOf = (env: Record<string, string>) => hostBuildProblem(readSettings(env));

describe('the endpoint a build chooses', () => {
  it('posts to the site’s receiver on Cloudflare Pages and Netlify when VITE_CONTACT_ENDPOINT is not set', () => {
    expect(contactEndpointFrom({ CF_PAGES: '1' })).toBe('/api/contact');
    expect(contactEndpointFrom({ NETLIFY: 'true' })).toBe('/api/contact');
    expect(build({ CF_PAGES: '1', CONTACT_DELIVERY: 'email' }).recipients).toBe('email');
    expect(build({ NETLIFY: 'true', CONTACT_STORE: 'blobs' }).store).toBe('blobs');
  });

  it('simulates in a plain build, under npm run dev and in the tests, or when a build asks for it by name', () => {
    expect(contactEndpointFrom({})).toBeUndefined();
    expect(contactEndpointFrom({ CI: 'true' })).toBeUndefined();
    expect(contactEndpointFrom({ CF_PAGES: '1', CONTACT_SIMULATION: '1' })).toBeUndefined();
    expect(contactEndpointFrom({ NETLIFY: 'true', CONTACT_SIMULATION: 'true' })).toBeUndefined();
    expect(build({ NETLIFY: 'true', CONTACT_SIMULATION: '1' }).recipients).toBe('none');
    // Set to « no », it asks for nothing.
    expect(contactEndpointFrom({ CF_PAGES: '1', CONTACT_SIMULATION: '0' })).toBe('/api/contact');
    expect(contactEndpointFrom({ CF_PAGES: '1', CONTACT_SIMULATION: 'false' })).toBe('/api/contact');
  });

  it('keeps VITE_CONTACT_ENDPOINT when it is set, on any host', () => {
    expect(contactEndpointFrom({ CF_PAGES: '1', VITE_CONTACT_ENDPOINT: 'https://formspree.io/f/abcd' })).toBe(
      'https://formspree.io/f/abcd',
    );
    expect(contactEndpointFrom({ VITE_CONTACT_ENDPOINT: ' /api/contact ' })).toBe('/api/contact');
    expect(contactEndpointFrom({ CF_PAGES: '', VITE_CONTACT_ENDPOINT: ' ' })).toBeUndefined();
  });
});

describe('a host build without what it writes into the pages', () => {
  it('names each missing setting, what to put there, and its host’s guide', () => {
    expect(problemOf({ CF_PAGES: '1' })).toBe(
      'La construction du site est arrêtée : sur Cloudflare Pages, le formulaire de contact envoie ses messages au récepteur du site (/api/contact), et la notice RGPD nomme, dès la construction, où ils sont enregistrés et à qui ils sont envoyés. Ajoutez aux variables d’environnement de la construction :\n' +
        '  - CONTACT_STORE=d1 (où le récepteur enregistre chaque message)\n' +
        '  - CONTACT_DELIVERY=local, email ou webhook (comment le récepteur prévient de chaque message)\n' +
        'Voir src/hosts/cloudflare/README.md. Les secrets de l’envoi (BREVO_API_KEY, CONTACT_WEBHOOK_URL…) restent des réglages de la fonction. Pour un aperçu qui simule l’envoi, construisez avec CONTACT_SIMULATION=1.',
    );
    const netlify = problemOf({ NETLIFY: 'true', CONTACT_DELIVERY: 'webhook' }) ?? '';
    expect(netlify).toContain('sur Netlify,');
    expect(netlify).toContain(
      '  - CONTACT_STORE=blobs (où le récepteur enregistre chaque message)\nVoir src/hosts/netlify/README.md.',
    );
    expect(netlify).not.toContain('CONTACT_DELIVERY=');
  });

  it('names a value that is not this host’s', () => {
    const problem = problemOf({ NETLIFY: 'true', CONTACT_STORE: 'files', CONTACT_DELIVERY: 'courriel' }) ?? '';
    expect(problem).toContain('  - CONTACT_STORE=blobs (où le récepteur enregistre chaque message) ; il vaut aujourd’hui « files »');
    expect(problem).toContain(
      '  - CONTACT_DELIVERY=local, email ou webhook (comment le récepteur prévient de chaque message) ; il vaut aujourd’hui « courriel »',
    );
  });

  it('asks nothing once both are given, of a simulation asked for, of a third-party service, or off these hosts', () => {
    expect(problemOf({ CF_PAGES: '1', CONTACT_STORE: 'd1', CONTACT_DELIVERY: 'email' })).toBeUndefined();
    expect(problemOf({ NETLIFY: 'true', CONTACT_STORE: 'blobs', CONTACT_DELIVERY: 'local' })).toBeUndefined();
    expect(problemOf({ CF_PAGES: '1', CONTACT_SIMULATION: '1' })).toBeUndefined();
    expect(problemOf({ CF_PAGES: '1', VITE_CONTACT_ENDPOINT: 'https://formspree.io/f/abcd' })).toBeUndefined();
    expect(problemOf({})).toBeUndefined();
    // npm start: the site's receiver, with the files of LEADS_DIR; the release check asks the rest.
    expect(problemOf({ VITE_CONTACT_ENDPOINT: '/api/contact' })).toBeUndefined();
  });
});
