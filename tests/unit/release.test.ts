/**
 * `npm run check -- --release`: it must fail on today's placeholders, naming each field, and pass once
 * every fact is real. Fixtures: tests/fixtures/release-ready (every placeholder replaced) and
 * tests/fixtures/claim-to-prove (a page with claims marked « À prouver », <AProuver proof="…" />). The command
 * itself, in a process of its own: tests/integration/release-command.test.ts.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { parseTree } from 'jsonc-parser';
import { company } from '../../src/content/data/company.ts';
import { processors } from '../../src/content/data/processors.ts';
import { lineOfField } from '../../tools/check/content-check/checks/data-files.ts';
import {
  checkRelease,
  claimsToProveIn,
  deliveryServiceProblems,
  releaseRules,
  sitePlaceholderProblems,
  storeProblems,
} from '../../tools/check/content-check/release.ts';
import { isFictionPhone, sitePlaceholders } from '../../tools/check/content-check/placeholders.ts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const fixture = (name: string) => path.join(root, 'tests', 'fixtures', name);
const companySource = await readFile(path.join(root, 'content', 'company.json'), 'utf8');
const isFactFile = (problem: string) => /^content\/(company|processors)\.json/.test(problem);

/** The file and field each message is about: content/company.json:7 → « vatNumber » → company.json vatNumber. */
const fieldsOf = (problems: string[]) =>
  problems.map((problem) => {
    const match = /^content\/([\w-]+\.json)(?::\d+)? → « ([\w.]+) »/.exec(problem);
    return match ? `${match[1]} ${match[2]}` : undefined;
  });

describe('release check on the content as it is', () => {
  it('names every placeholder of content/company.json and content/processors.json, with its line and what to put there, in French', async () => {
    // Built for a third-party form service: the notice names it, so its placeholders count.
    const problems = await checkRelease({ root, env: { VITE_CONTACT_ENDPOINT: 'https://service-envoi.example/f/1' } });
    const placeholderProblems = problems.filter(isFactFile);
    expect(fieldsOf(placeholderProblems)).toEqual([
      'company.json shareCapital',
      'company.json registration',
      'company.json vatNumber',
      'company.json address',
      'company.json phone',
      'company.json publicationDirector',
      'company.json host.phone',
      'processors.json host.safeguard',
      'processors.json contactDelivery.name',
      'processors.json contactDelivery.website',
      'processors.json contactDelivery.country',
      'processors.json contactDelivery.safeguard',
    ]);
    const vat = placeholderProblems[2] ?? '';
    const vatLine = companySource.split('\n').findIndex((line) => line.includes('"vatNumber":')) + 1;
    expect(vatLine).toBeGreaterThan(1);
    expect(vat).toBe(
      `content/company.json:${vatLine} → « vatNumber » est encore une valeur fictive : « FR00\u00A0000000000 ». À mettre à la place : le numéro de TVA intracommunautaire de la société (FR, 2 caractères de contrôle, puis le SIREN), indiqué dans l'espace professionnel impots.gouv.fr.`,
    );
    for (const problem of placeholderProblems) expect(problem).toMatch(/ → « [\w.]+ » .* À mettre à la place : .{20,}\.$/);
  });

  it('names the claims of content/ still awaiting proof', async () => {
    const problems = await checkRelease({ root, env: { VITE_CONTACT_ENDPOINT: '/api/contact', CONTACT_DELIVERY: 'local' } });
    const claims = problems.filter((problem) => /^content\/\S+\.mdx:\d+ → /.test(problem));
    expect(claims).toHaveLength(5);
    expect(claims).toContainEqual(
      expect.stringMatching(
        /^content\/legal\/donnees-personnelles\.mdx:\d+ → affirmation marquée « À prouver » : Durée de conservation des journaux de connexion de l'hébergeur\./,
      ),
    );
    // The consumer mediator, in the terms and in the legal notice: its name and its website, until the company signs with one.
    for (const file of ['content/terms/droit-applicable.mdx', 'content/legal/mediation.mdx']) {
      for (const what of ['Nom du médiateur de la consommation', 'Adresse du site de ce médiateur']) {
        expect(claims).toContainEqual(
          expect.stringMatching(new RegExp(`^${file}:\\d+ → affirmation marquée « À prouver » : ${what}`)),
        );
      }
    }
  });

  it("fails while the build would only simulate the sending, and asks the receiver's delivery mode", async () => {
    const simulated = await checkRelease({ root, env: {} });
    expect(simulated).toContainEqual(
      expect.stringMatching(/^VITE_CONTACT_ENDPOINT n’est pas défini : le formulaire de contact ne ferait que simuler l’envoi/),
    );
    const unsaid = await checkRelease({ root, env: { VITE_CONTACT_ENDPOINT: '/api/contact' } });
    expect(unsaid).toContainEqual(expect.stringMatching(/^CONTACT_DELIVERY n’est pas défini : avec le récepteur du site/));
    const local = await checkRelease({ root, env: { VITE_CONTACT_ENDPOINT: '/api/contact', CONTACT_DELIVERY: 'local' } });
    expect(local.filter((problem) => /VITE_CONTACT_ENDPOINT|CONTACT_DELIVERY/.test(problem))).toEqual([]);
  });

  it('refuses a build that asks for the simulation by name (CONTACT_SIMULATION), endpoint or not', async () => {
    for (const env of [
      { CONTACT_SIMULATION: '1' },
      { CF_PAGES: '1', CONTACT_SIMULATION: 'true', CONTACT_STORE: 'd1' },
      { VITE_CONTACT_ENDPOINT: '/api/contact', CONTACT_DELIVERY: 'local', CONTACT_SIMULATION: '1' },
    ]) {
      const problems = await checkRelease({ root, env });
      expect(problems, JSON.stringify(env)).toContainEqual(
        expect.stringMatching(/^CONTACT_SIMULATION est défini : le formulaire de contact ne ferait que simuler l’envoi/),
      );
      expect(problems).not.toContainEqual(expect.stringMatching(/^VITE_CONTACT_ENDPOINT n’est pas défini/));
    }
    const off = await checkRelease({
      root,
      env: { VITE_CONTACT_ENDPOINT: '/api/contact', CONTACT_DELIVERY: 'local', CONTACT_SIMULATION: '0' },
    });
    expect(off.filter((problem) => problem.includes('CONTACT_SIMULATION'))).toEqual([]);
  });

  it('on Cloudflare Pages and Netlify, counts the receiver the form posts to without VITE_CONTACT_ENDPOINT', async () => {
    for (const host of [{ CF_PAGES: '1' }, { NETLIFY: 'true' }]) {
      const problems = await checkRelease({ root, env: host });
      expect(problems.filter((problem) => /VITE_CONTACT_ENDPOINT|CONTACT_SIMULATION/.test(problem))).toEqual([]);
      expect(problems).toContainEqual(expect.stringMatching(/^CONTACT_DELIVERY n’est pas défini : avec le récepteur du site/));
      expect(problems).toContainEqual(expect.stringMatching(/^CONTACT_STORE n’est pas défini/));
    }
  });

  it('asks for the placeholders of the recipient the notice shows, and only those', async () => {
    const fields = async (env: Record<string, string>) =>
      fieldsOf((await checkRelease({ root, env })).filter(isFactFile)).filter(
        (field) => field?.startsWith('processors.json') && field !== 'processors.json host.safeguard',
      );
    expect(await fields({ VITE_CONTACT_ENDPOINT: '/api/contact', CONTACT_DELIVERY: 'local' })).toEqual([]);
    expect(await fields({ VITE_CONTACT_ENDPOINT: '/api/contact', CONTACT_DELIVERY: 'email' })).toEqual([
      'processors.json emailDelivery.safeguard',
    ]);
    expect(await fields({ VITE_CONTACT_ENDPOINT: '/api/contact', CONTACT_DELIVERY: 'webhook' })).toEqual([
      'processors.json webhookDelivery.name',
      'processors.json webhookDelivery.website',
      'processors.json webhookDelivery.country',
      'processors.json webhookDelivery.safeguard',
    ]);
  });

  it('keeps the list of placeholders in step with the data files', () => {
    // A placeholder changed in one place only would silently stop being caught.
    const files = { 'content/company.json': company, 'content/processors.json': processors };
    for (const { file, field, value } of sitePlaceholders) {
      const current = field.split('.').reduce<unknown>((object, key) => (object as Record<string, unknown>)[key], files[file]);
      expect(current, `${file} ${field}`).toBe(value);
    }
  });
});

describe('the lead store the GDPR notice names (CONTACT_STORE)', () => {
  const receiver = { VITE_CONTACT_ENDPOINT: '/api/contact', CONTACT_DELIVERY: 'email' };
  const storeLines = (problems: string[]) => problems.filter((problem) => /CONTACT_STORE|database_id|leadStores/.test(problem));

  it('says that nothing would be stored without it, and refuses a value it does not know', async () => {
    expect(storeLines(await checkRelease({ root: fixture('release-ready'), env: receiver }))).toEqual([
      'CONTACT_STORE n’est pas défini : avec le récepteur du site, aucun message ne serait conservé, et un message serait perdu dès que l’envoi par email ou webhook échoue. Indiquez à la construction où le récepteur enregistre chaque message (files avec npm start, d1 sur Cloudflare Pages, blobs sur Netlify), pour que la notice RGPD nomme ce stockage (voir docs/operations.md, « The receiver »).',
    ]);
    expect(storeLines(await checkRelease({ root: fixture('release-ready'), env: { ...receiver, CONTACT_STORE: 'kv' } }))).toEqual([
      'CONTACT_STORE vaut « kv » : choisissez files, d1, blobs (files avec npm start, d1 sur Cloudflare Pages, blobs sur Netlify).',
    ]);
    // A third-party endpoint stores nothing of ours: nothing to name.
    expect(
      storeLines(
        await checkRelease({ root: fixture('release-ready'), env: { VITE_CONTACT_ENDPOINT: 'https://formspree.io/f/abcdwxyz' } }),
      ),
    ).toEqual([]);
  });

  it('refuses a store other than the one the building host gives the receiver', async () => {
    const onNetlify = { ...receiver, CONTACT_STORE: 'd1', NETLIFY: 'true' };
    expect(await storeProblems(fixture('release-ready'), onNetlify)).toEqual([
      'CONTACT_STORE vaut « d1 », mais le site est construit par Netlify, dont le récepteur enregistre les messages avec CONTACT_STORE=blobs : la notice RGPD nommerait un autre stockage que celui utilisé. Corrigez CONTACT_STORE.',
    ]);
    expect(await storeProblems(fixture('release-ready'), { ...receiver, CONTACT_STORE: 'blobs', NETLIFY: 'true' })).toEqual([]);
    expect(await storeProblems(fixture('release-ready'), { ...receiver, CONTACT_STORE: 'files', CF_PAGES: '1' })).toHaveLength(1);
  });

  it('with D1, asks for the real database id and the store’s transfer safeguard in the notice', async () => {
    const problems = await checkRelease({ root, env: { ...receiver, CONTACT_STORE: 'd1', CF_PAGES: '1' } });
    expect(storeLines(problems)).toEqual([
      expect.stringMatching(/^content\/processors\.json:\d+ → « leadStores\.d1\.safeguard » est encore une valeur fictive/),
      'wrangler.toml → « database_id » est encore celui des essais locaux (que des zéros). Créez la base avec npx wrangler d1 create propllc-leads --location weur, puis remplacez-le par l’identifiant affiché (voir src/hosts/cloudflare/README.md).',
      // The audience's own database, named apart; a build that does not count does not need it.
      'wrangler.toml → « database_id » de la base d’audience (AUDIENCE_DB) est encore celui des essais locaux (00000000-0000-0000-0000-000000000001). Créez-la avec npx wrangler d1 create propllc-audience --location weur, puis remplacez-le par l’identifiant affiché (voir src/hosts/cloudflare/README.md).',
    ]);
    const notCounting = await storeProblems(root, { ...receiver, CONTACT_STORE: 'd1', CF_PAGES: '1', AUDIENCE: 'off' });
    expect(notCounting.filter((problem) => problem.includes('AUDIENCE_DB'))).toEqual([]);
    expect(storeLines(await checkRelease({ root, env: { ...receiver, CONTACT_STORE: 'blobs' } }))).toEqual([
      expect.stringMatching(/^content\/processors\.json:\d+ → « leadStores\.blobs\.safeguard » est encore une valeur fictive/),
    ]);
  });
});

describe('release check once the facts are real', () => {
  it('passes when every placeholder is replaced and no claim is marked', async () => {
    const env = { VITE_CONTACT_ENDPOINT: '/api/contact', CONTACT_DELIVERY: 'local', CONTACT_STORE: 'files' };
    expect(await checkRelease({ root: fixture('release-ready'), env })).toEqual([]);
  });

  it('passes with an endpoint on the domain of the delivery service the GDPR notice names', async () => {
    const env = { VITE_CONTACT_ENDPOINT: 'https://formspree.io/f/abcdwxyz' };
    expect(await checkRelease({ root: fixture('release-ready'), env })).toEqual([]);
  });

  it('fails when the endpoint posts to another service than the one named', async () => {
    const env = { VITE_CONTACT_ENDPOINT: 'https://api.web3forms.com/submit' };
    expect(await checkRelease({ root: fixture('release-ready'), env })).toEqual([
      'content/processors.json → « contactDelivery » décrit Formspree, Inc. (https://formspree.io), mais le formulaire envoie les messages à api.web3forms.com (VITE_CONTACT_ENDPOINT). Les mentions légales doivent nommer le service réellement utilisé : corrigez « name », « website », « country » et « safeguard », ou VITE_CONTACT_ENDPOINT.',
    ]);
  });
});

describe('placeholders', () => {
  const ready = { phone: '+44 20 7946 0018', host: { phone: '+1 415 555 0100' } };

  it.each([
    ['+33 1 99 00 12 34', true],
    ['01 99 00 12 34', true],
    ['0033 1 99 00 12 34', true],
    ['+33\u00A06\u00A039\u00A098\u00A012\u00A034', true],
    ['04 65 71 00 00', true],
    ['+33 1 99 01 12 34', false],
    ['+33 1 23 45 67 89', false],
    ['+1 415 555 0100', false],
    ['+44 20 7946 0018', false],
  ] as const)('%s is in an ARCEP fiction block: %s', (phone, expected) => {
    expect(isFictionPhone(phone)).toBe(expected);
  });

  it('catches any fiction number in a phone field, not only the shipped one', () => {
    const retyped = { ...ready, phone: '01 99 00 45 67' };
    expect(sitePlaceholderProblems({ 'content/company.json': { data: retyped } })).toEqual([
      expect.stringMatching(
        /^content\/company\.json → « phone » est un numéro réservé à la fiction : « 01 99 00 45 67 »\. À mettre à la place : /,
      ),
    ]);
    expect(sitePlaceholderProblems({ 'content/company.json': { data: ready } })).toEqual([]);
  });

  it('points at the line of the field itself, not at another field with the same value', () => {
    const text = [
      '{',
      '  "host": {',
      '    "safeguard": "à vérifier"',
      '  },',
      '  "contactDelivery": {',
      '    "name": "x",',
      '    "safeguard": "à vérifier"',
      '  }',
      '}',
    ].join('\n');
    const file = { text, tree: parseTree(text) };
    expect(lineOfField(file, 'host.safeguard')).toBe(3);
    expect(lineOfField(file, 'contactDelivery.safeguard')).toBe(7);
    // A field not written in the file: the line of its closest parent, or nothing at the top level.
    expect(lineOfField(file, 'contactDelivery.country')).toBe(5);
    expect(lineOfField(file, 'missing')).toBeUndefined();
  });
});

describe('claims awaiting proof', () => {
  it('lists each « À prouver » block with its line and what to prove, whatever its quotes or line breaks', async () => {
    const env = { VITE_CONTACT_ENDPOINT: '/api/contact', CONTACT_DELIVERY: 'local', CONTACT_STORE: 'files' };
    const problems = await checkRelease({ root: fixture('claim-to-prove'), env }, releaseRules);
    expect(problems).toEqual([
      "content/pages/about.mdx:8 → affirmation marquée « À prouver » : Nombre de traders accompagnés, d'après la liste des clients. Gardez la preuve de ce qui est affirmé (ou retirez l'affirmation), puis supprimez le bloc « À prouver » (<AProuver … />).",
      'content/pages/about.mdx:13 → affirmation marquée « À prouver » : Délai moyen mesuré sur les "dossiers" de 2026. Gardez la preuve de ce qui est affirmé (ou retirez l\'affirmation), puis supprimez le bloc « À prouver » (<AProuver … />).',
    ]);
  });

  it('ignores other widgets and text that only mentions the marker', () => {
    expect(claimsToProveIn('<Callout title="À prouver">\nTexte sur AProuver.\n</Callout>', 'content/pages/x.mdx')).toEqual([]);
  });
});

describe('delivery service named in the GDPR notice', () => {
  const named = { ...processors, contactDelivery: { ...processors.contactDelivery, website: 'https://www.formspree.io' } };

  it.each([
    ['https://formspree.io/f/abc', true],
    ['https://api.formspree.io/f/abc', true],
    ['https://formspree.io.attacker.example/f/abc', false],
    ['https://getform.io/f/abc', false],
  ] as const)('%s matches https://www.formspree.io: %s', (endpoint, matches) => {
    expect(deliveryServiceProblems(named, endpoint)).toHaveLength(matches ? 0 : 1);
  });

  it('has nothing to say without an endpoint, or with one on the site itself', () => {
    expect(deliveryServiceProblems(named, undefined)).toEqual([]);
    expect(deliveryServiceProblems(named, '  ')).toEqual([]);
    expect(deliveryServiceProblems(named, '/api/contact')).toEqual([]);
  });
});
