// @vitest-environment node
/**
 * Where a valid message goes: local files (atomic), Brevo's email API, a webhook; the settings that
 * choose among them; and the notices printed for whoever runs the site. A webhook over a real socket (a redirect,
 * nobody listening): tests/integration/webhook-network.test.ts.
 */
import { mkdtemp, readdir, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { contactReceiver } from '../../src/content/data/contact-receiver.ts';
import { receiverLines } from '../../src/api/contact/lines.ts';
import { buildLines } from '../../tools/build/lines.ts';
import { endOfLifeWarning } from '../../src/hosts/node/node-support.ts';
import { simulationNotice } from '../../tools/build/simulation-notice.ts';
import { brevoDelivery, brevoEndpoint, webhookDelivery } from '../../src/api/contact/deliveries.ts';
import { leadsWriter } from '../../src/hosts/node/files-folder.ts';
import { releaseMessages } from '../../src/content/schema/messages.ts';
import { contactRecipientsFrom } from '../../src/contact/contact-recipients.ts';
import { deliveryModes } from '../../src/contact/delivery-settings.ts';
import { readSettings } from '../../src/api/contact/settings.ts';
import { createSiteReceiver, labels } from '../../src/api/contact/site-receiver.ts';
import { nodeLeadStore } from '../../src/hosts/node/files-store.ts';
import { validLead } from '../fixtures/visitor.ts';
import { fakeFetch } from '../fixtures/fake-fetch.ts';

const valid = validLead();

const words = receiverLines;

const tempDir = () => mkdtemp(path.join(tmpdir(), 'propllc-leads-'));

describe('local files (LEADS_DIR)', () => {
  it('writes one .json file holding exactly the message, and nothing else', async () => {
    const dir = path.join(await tempDir(), 'leads');
    const file = await leadsWriter(dir)(valid);
    expect(await readdir(dir)).toEqual([path.basename(file)]);
    expect(file).toMatch(/\.json$/);
    expect(JSON.parse(await readFile(file, 'utf8'))).toEqual(valid);
  });

  it('keeps 30 messages written at once apart, none torn', async () => {
    const dir = await tempDir();
    const write = leadsWriter(dir);
    const messages = Array.from({ length: 30 }, (_, index) => ({ ...valid, message: `Message numéro ${index} ${'x'.repeat(500)}` }));
    await Promise.all(messages.map((message) => write(message)));
    const files = await readdir(dir);
    expect(files).toHaveLength(30);
    expect(files.every((name) => name.endsWith('.json'))).toBe(true);
    const stored = await Promise.all(files.map(async (name) => JSON.parse(await readFile(path.join(dir, name), 'utf8'))));
    expect(stored.map((message) => message.message).sort()).toEqual(messages.map((message) => message.message).sort());
  });

  it('rejects when it cannot write, and leaves no temporary file', async () => {
    const dir = await tempDir();
    const blocker = path.join(dir, 'leads');
    await writeFile(blocker, 'a file where the folder should be');
    await expect(leadsWriter(path.join(blocker, 'inner'))(valid)).rejects.toThrow();
    expect(await readdir(dir)).toEqual(['leads']);
  });
});

describe('email through Brevo', () => {
  const options = {
    apiKey: 'xkeysib-test',
    to: ['contact@propllc.fr'],
    from: 'site@propllc.fr',
    senderName: 'PropLLC',
    subject: contactReceiver.email.subject,
    intro: contactReceiver.email.intro,
    labels,
  };

  it('sends the message with the visitor as Reply-To', async () => {
    const { fetcher, sent } = fakeFetch(201);
    await brevoDelivery({ ...options, fetch: fetcher })(valid);
    expect(sent).toHaveLength(1);
    const [request] = sent;
    expect(request?.url).toBe(brevoEndpoint);
    expect(request?.headers['api-key']).toBe('xkeysib-test');
    expect(request?.headers['content-type']).toBe('application/json');
    expect(request?.body).toEqual({
      sender: { name: 'PropLLC', email: 'site@propllc.fr' },
      to: [{ email: 'contact@propllc.fr' }],
      replyTo: { email: valid.email, name: valid.name },
      subject: 'Nouveau message de Jeanne Martin (formulaire de contact)',
      textContent: [
        contactReceiver.email.intro,
        '',
        'Nom complet\u202f: Jeanne Martin',
        'Adresse email\u202f: jeanne.martin@example.com',
        'Numéro de téléphone\u202f: +33 6 12 34 56 78',
        '',
        'Message\u202f:',
        valid.message,
      ].join('\n'),
    });
  });

  it('puts no raw line break in the subject, whatever the name holds', async () => {
    const { fetcher, sent } = fakeFetch(201);
    await brevoDelivery({ ...options, fetch: fetcher })({ ...valid, name: 'Jeanne\r\nBcc: victim@example.com\nMartin' });
    const body = sent[0]?.body as { subject: string; replyTo: { name: string } };
    expect(body.subject).toBe('Nouveau message de Jeanne Bcc: victim@example.com Martin (formulaire de contact)');
    expect(body.subject).not.toMatch(/[\r\n]/);
    expect(body.replyTo.name).not.toMatch(/[\r\n]/);
  });

  it('carries a stored lead’s id: a header for the API, a header of the email, and the email’s last line', async () => {
    const { fetcher, sent } = fakeFetch(201);
    const id = '2026-11-24T09-00-00-000Z-0123abcd';
    await brevoDelivery({ ...options, reference: contactReceiver.email.reference, fetch: fetcher })({ ...valid, id });
    expect(sent[0]?.headers['idempotency-key']).toBe(id);
    const body = sent[0]?.body as { textContent: string; headers: Record<string, string> };
    expect(body.headers).toEqual({ 'Idempotency-Key': id });
    expect(body.textContent.split('\n').slice(-2)).toEqual([
      '',
      `Référence du message\u202f: ${id} (la même d’un envoi à l’autre\u202f: un second email portant cette référence est un doublon).`,
    ]);
  });

  it('keeps each one-line field on its own line of the email: a name cannot fake a field below it', async () => {
    const { fetcher, sent } = fakeFetch(201);
    const name = 'Jeanne\r\nNuméro de téléphone : 01 99 00 00 00\u2028Martin\u001b[1A';
    await brevoDelivery({ ...options, fetch: fetcher })({ ...valid, name, message: 'Ligne 1\nLigne 2' });
    const lines = String((sent[0]?.body as { textContent?: string } | undefined)?.textContent).split('\n');
    expect(lines.slice(2, 5)).toEqual([
      'Nom complet\u202f: Jeanne Numéro de téléphone : 01 99 00 00 00 Martin [1A',
      'Adresse email\u202f: jeanne.martin@example.com',
      'Numéro de téléphone\u202f: +33 6 12 34 56 78',
    ]);
    expect(lines.filter((line) => line.startsWith('Numéro de téléphone'))).toHaveLength(1);
    // The message keeps its own lines, under its label.
    expect(lines.slice(-2)).toEqual(['Ligne 1', 'Ligne 2']);
  });

  it('rejects when Brevo refuses', async () => {
    const { fetcher } = fakeFetch(401);
    await expect(brevoDelivery({ ...options, fetch: fetcher })(valid)).rejects.toThrow('HTTP 401');
  });
});

describe('webhook', () => {
  it('POSTs the message as JSON, with a summary line for Slack-style services', async () => {
    const { fetcher, sent } = fakeFetch(200);
    await webhookDelivery({ url: 'https://hooks.example.org/abc', text: contactReceiver.webhookText, fetch: fetcher })(valid);
    expect(sent).toEqual([
      {
        url: 'https://hooks.example.org/abc',
        headers: { 'content-type': 'application/json', accept: 'application/json' },
        body: {
          text: 'Nouveau message de Jeanne Martin (jeanne.martin@example.com) depuis le formulaire de contact',
          ...valid,
        },
      },
    ]);
  });

  it('escapes & < > in the summary line, so a name cannot notify a channel or disguise a link', async () => {
    const { fetcher, sent } = fakeFetch(200);
    const name = '<!channel> & <https://evil.example|texte>';
    await webhookDelivery({ url: 'https://hooks.example.org/abc', text: contactReceiver.webhookText, fetch: fetcher })({
      ...valid,
      name,
    });
    const body = sent[0]?.body as { text: string; name: string };
    expect(body.text).toBe(
      'Nouveau message de &lt;!channel&gt; &amp; &lt;https://evil.example|texte&gt; (jeanne.martin@example.com) depuis le formulaire de contact',
    );
    // The fields themselves stay as typed: they are data, not markup.
    expect(body.name).toBe(name);
  });

  it('sends a stored lead’s id in a header and in the JSON, so that the receiver can drop a repeat', async () => {
    const { fetcher, sent } = fakeFetch(200);
    const id = '2026-11-24T09-00-00-000Z-0123abcd';
    await webhookDelivery({ url: 'https://hooks.example.org/abc', text: contactReceiver.webhookText, fetch: fetcher })({
      ...valid,
      id,
    });
    expect(sent[0]?.headers['idempotency-key']).toBe(id);
    expect(sent[0]?.body).toMatchObject({ ...valid, id });
  });

  it('rejects on a non-2xx answer', async () => {
    const { fetcher } = fakeFetch(500);
    await expect(webhookDelivery({ url: 'https://hooks.example.org/abc', text: 't', fetch: fetcher })(valid)).rejects.toThrow(
      'HTTP 500',
    );
  });
});

describe('settings from the environment', () => {
  const read = (env: Record<string, string>, hasLeadStore = true) => readSettings(env, { hasLeadStore, words });

  it('defaults to store only with a lead store, 10 per 10 minutes; on Node the store is leads/ or LEADS_DIR', () => {
    expect(read({})).toEqual({ settings: { delivery: { mode: 'local' }, rateLimit: 10 }, problems: [] });
    expect(read({ LEADS_DIR: '/var/leads', CONTACT_RATE_LIMIT: '50' }).settings).toEqual({
      delivery: { mode: 'local' },
      rateLimit: 50,
    });
    expect(nodeLeadStore({})).toMatchObject({ where: 'leads' });
    expect(nodeLeadStore({ LEADS_DIR: '/var/leads' })).toMatchObject({ where: '/var/leads' });
  });

  it('has no delivery at the edge without email or webhook', () => {
    expect(read({}, false)).toEqual({ settings: { delivery: { mode: 'none' }, rateLimit: 10 }, problems: [] });
  });

  it('chooses email or webhook from what is set', () => {
    expect(
      read({ BREVO_API_KEY: 'k', CONTACT_TO: 'a@propllc.fr, b@propllc.fr', CONTACT_FROM: 'site@propllc.fr' }).settings.delivery,
    ).toEqual({
      mode: 'email',
      apiKey: 'k',
      to: ['a@propllc.fr', 'b@propllc.fr'],
      from: 'site@propllc.fr',
    });
    expect(read({ CONTACT_WEBHOOK_URL: 'https://hook.example.org/x' }, false).settings.delivery).toEqual({
      mode: 'webhook',
      url: 'https://hook.example.org/x',
    });
  });

  it('explains each problem in French and then delivers nothing', () => {
    expect(read({ BREVO_API_KEY: 'k', CONTACT_FROM: 'pas-une-adresse' })).toEqual({
      settings: { delivery: { mode: 'none' }, rateLimit: 10 },
      problems: [
        'le réglage CONTACT_TO manque (envoi par email).',
        'le réglage CONTACT_FROM est invalide (voir docs/operations.md, « The receiver »).',
      ],
    });
    expect(read({ BREVO_API_KEY: 'k', CONTACT_WEBHOOK_URL: 'https://h.example.org' }).problems).toEqual([words.deliveryConflict]);
    expect(read({ CONTACT_DELIVERY: 'local' }, false).problems).toEqual([words.localUnavailable]);
    expect(read({ CONTACT_DELIVERY: 'pigeon' }).problems).toEqual([words.deliveryUnknown]);
    expect(read({ CONTACT_DELIVERY: 'webhook', CONTACT_WEBHOOK_URL: 'pas une adresse' }).problems).toEqual([
      'le réglage CONTACT_WEBHOOK_URL est invalide (voir docs/operations.md, « The receiver »).',
    ]);
    // A lead crosses the network encrypted, or not at all: plain http:// only to this machine.
    for (const url of ['ftp://h.example.org', 'http://h.example.org/hook', 'http://10.0.0.2/hook']) {
      expect(read({ CONTACT_DELIVERY: 'webhook', CONTACT_WEBHOOK_URL: url }).problems, url).toEqual([words.webhookInsecure]);
    }
    for (const url of ['https://h.example.org/hook', 'http://127.0.0.1:8080/hook', 'http://localhost/hook', 'http://[::1]/hook']) {
      expect(read({ CONTACT_DELIVERY: 'webhook', CONTACT_WEBHOOK_URL: url }).problems, url).toEqual([]);
    }
    expect(read({ CONTACT_RATE_LIMIT: 'dix' }).problems).toEqual([
      'le réglage CONTACT_RATE_LIMIT est invalide (voir docs/operations.md, « The receiver »).',
    ]);
  });

  it('the GDPR notice names the mode the receiver uses: one rule for both', () => {
    const email = { BREVO_API_KEY: 'k', CONTACT_TO: 'a@propllc.fr', CONTACT_FROM: 'site@propllc.fr' };
    const webhook = { CONTACT_WEBHOOK_URL: 'https://h.example.org/x' };
    const cases: [Record<string, string>, string][] = [
      [{}, 'local'],
      [email, 'email'],
      [webhook, 'webhook'],
      [{ ...email, ...webhook, CONTACT_DELIVERY: 'Webhook' }, 'webhook'],
      [{ ...email, CONTACT_DELIVERY: ' local ' }, 'local'],
    ];
    for (const [env, mode] of cases) {
      expect(read(env).settings.delivery.mode, JSON.stringify(env)).toBe(mode);
      expect(contactRecipientsFrom({ VITE_CONTACT_ENDPOINT: '/api/contact', ...env }), JSON.stringify(env)).toBe(mode);
    }
    // Only the modes the receiver knows: anything else is refused, and the release check lists them.
    expect(read({ CONTACT_DELIVERY: 'none' }).problems).toEqual([words.deliveryUnknown]);
    expect(releaseMessages.deliveryMode('none', deliveryModes)).toContain('(local, email ou webhook)');
  });

  it('the site receiver prints one French line per message, and the reason of a failure', async () => {
    const dir = await tempDir();
    const log = vi.fn();
    const logError = vi.fn();
    const receiver = createSiteReceiver({ env: { LEADS_DIR: dir }, store: nodeLeadStore({ LEADS_DIR: dir }), log, logError });
    expect(receiver.describe).toBe(`Formulaire de contact\u202f: chaque message est enregistré dans ${dir}`);
    const request = () =>
      new Request('http://localhost/api/contact', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify(valid),
      });
    expect((await receiver.handle(request())).status).toBe(200);
    const [file] = await readdir(dir);
    expect(log.mock.calls).toEqual([[`Nouveau message enregistré dans ${dir} (${path.basename(file ?? '', '.json')})`]]);

    const { fetcher } = fakeFetch(500);
    const failing = createSiteReceiver({
      env: { CONTACT_WEBHOOK_URL: 'https://h.example.org/secret' },
      fetch: fetcher,
      log,
      logError,
    });
    expect(failing.describe).toBe('Formulaire de contact\u202f: chaque message est transmis au webhook de h.example.org');
    expect((await failing.handle(request())).status).toBe(502);
    expect(logError.mock.calls).toEqual([
      ['Message NON transmis (webhook)\u202f: HTTP 500. Le visiteur a reçu l’adresse email de contact.'],
    ]);
  });
});

describe('notices for whoever runs the site', () => {
  it('warns on a Node version past its end of life, from a table of dates', () => {
    const day = (date: string) => new Date(`${date}T12:00:00Z`);
    expect(endOfLifeWarning('20.20.2', day('2026-11-23'))).toBe(
      'Attention\u202f: Node 20 n’est plus maintenu depuis le 30 avril 2026 (plus aucun correctif de sécurité). En production, utilisez une version LTS maintenue (24 ou 26).',
    );
    expect(endOfLifeWarning('v20.19.0', day('2026-04-29'))).toBeUndefined();
    expect(endOfLifeWarning('25.1.0', day('2026-11-23'))).toContain('Node 25 n’est plus maintenu depuis le 1er juin 2026');
    for (const version of ['22.12.0', '24.21.0', '26.10.0', '27.0.0']) {
      expect(endOfLifeWarning(version, day('2026-11-23')), version).toBeUndefined();
    }
    expect(endOfLifeWarning('22.12.0', day('2027-05-01'))).toContain('Node 22');
  });

  it('a build without an endpoint warns once that messages go nowhere', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const run = (env: Record<string, string>) => {
      const plugin = simulationNotice(env) as unknown as { configResolved: () => void };
      // React Router resolves the config for each environment it builds.
      for (let time = 0; time < 3; time++) plugin.configResolved();
    };
    run({});
    expect(warn.mock.calls).toEqual([[`\n${buildLines.simulationBuild}\n`]]);
    warn.mockClear();
    run({ VITE_CONTACT_ENDPOINT: '/api/contact' });
    run({ CF_PAGES: '1', CONTACT_STORE: 'd1', CONTACT_DELIVERY: 'email' });
    expect(warn).not.toHaveBeenCalled();
    // Asked for by name on a host: the notice again.
    run({ CF_PAGES: '1', CONTACT_SIMULATION: '1' });
    expect(warn).toHaveBeenCalledOnce();
    warn.mockRestore();
  });
});
