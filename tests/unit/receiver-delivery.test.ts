// @vitest-environment node
/**
 * Where a valid message goes: the lead's record in LEADS_DIR (the files driver under the lead store, atomic), Brevo's
 * email API, a webhook; the settings that choose among them (src/contact/settings.ts, the one reader of the
 * environment) and what the API does with a setting to correct; and the notices printed for whoever runs the site.
 * What every driver keeps (conditional writes, listings, the stores over them) is the contract of
 * tests/fixtures/driver-contract.ts; a webhook over a real socket (a redirect, nobody listening):
 * tests/integration/webhook-network.test.ts.
 */
import { createHmac } from 'node:crypto';
import { mkdtemp, readdir, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { createApi } from '../../src/api/app.ts';
import { labels } from '../../src/api/contact/channel.ts';
import { brevoDelivery, brevoEndpoint } from '../../src/api/contact/delivery/brevo.ts';
import { DeliveryError } from '../../src/api/contact/delivery/post.ts';
import { webhookDelivery, webhookKey } from '../../src/api/contact/delivery/webhook.ts';
import { receiverLines } from '../../src/api/contact/lines.ts';
import { spamCaps } from '../../src/api/contact/spam/weights.ts';
import { leadStore } from '../../src/api/store/lead-store.ts';
import { memoryDriver } from '../../src/api/store/memory-driver.ts';
import { settingsLines } from '../../src/contact/lines.ts';
import { deliveryModes, readSettings } from '../../src/contact/settings.ts';
import { contactReceiver } from '../../src/content/data/contact-receiver.ts';
import { releaseMessages } from '../../src/content/schema/messages.ts';
import { fillTemplate } from '../../src/content/template.ts';
import { filesDriver } from '../../src/hosts/node/files-driver.ts';
import { endOfLifeWarning } from '../../src/hosts/node/node-support.ts';
import { buildLines } from '../../tools/build/lines.ts';
import { simulationNotice } from '../../tools/build/simulation-notice.ts';
import { testApi } from '../fixtures/api.ts';
import { fakeFetch } from '../fixtures/fake-fetch.ts';
import { purgedLine } from '../fixtures/purge-clock.ts';
import { validLead } from '../fixtures/visitor.ts';

const valid = validLead();

const tempDir = () => mkdtemp(path.join(tmpdir(), 'propllc-leads-'));

/** Every file under `dir`, as paths relative to it with `/`, sorted. */
async function filesUnder(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  return entries
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(dir, path.join(entry.parentPath, entry.name)).split(path.sep).join('/'))
    .sort();
}

/** The lead store of LEADS_DIR, as the Node server opens it. */
const filesStore = (dir: string) => leadStore(filesDriver(dir), { spamCaps });

describe('local files (LEADS_DIR, the files driver under the lead store)', () => {
  it('keeps a lead as one JSON record holding the message and its state, with its entry in the due index, and nothing else', async () => {
    const dir = path.join(await tempDir(), 'leads');
    const at = new Date('2026-11-24T09:00:00.000Z');
    const lead = await filesStore(dir).add(valid, at);
    if (!('id' in lead)) throw new Error('not stored');
    expect(lead.id).toMatch(/^2026-11-24T09-00-00-000Z-[0-9a-f]{8}$/);
    // No temporary file nor lock left beside them.
    expect(await filesUnder(dir)).toEqual([`due/${String(at.getTime()).padStart(15, '0')}/${lead.id}.json`, `lead/${lead.id}.json`]);
    expect(JSON.parse(await readFile(path.join(dir, 'lead', `${lead.id}.json`), 'utf8'))).toEqual({
      ...valid,
      receivedAt: at.toISOString(),
      notification: { state: 'pending', attempts: 0, nextAt: at.toISOString() },
    });
  });

  it('keeps 30 leads stored at once apart, none torn', async () => {
    const dir = await tempDir();
    const store = filesStore(dir);
    const messages = Array.from({ length: 30 }, (_, index) => ({ ...valid, message: `Message numéro ${index} ${'x'.repeat(500)}` }));
    const at = new Date();
    await Promise.all(messages.map((message) => store.add(message, at)));
    const files = await readdir(path.join(dir, 'lead'));
    expect(files).toHaveLength(30);
    expect(files.every((name) => name.endsWith('.json'))).toBe(true);
    const stored = await Promise.all(files.map(async (name) => JSON.parse(await readFile(path.join(dir, 'lead', name), 'utf8'))));
    expect(stored.map((record) => record.message).sort()).toEqual(messages.map((message) => message.message).sort());
    const listing = await filesStore(dir).list();
    expect(listing.unreadable).toEqual([]);
    expect(listing.leads).toHaveLength(30);
  });

  it('rejects when it cannot write, and leaves no temporary file', async () => {
    const dir = await tempDir();
    const blocker = path.join(dir, 'leads');
    await writeFile(blocker, 'a file where the folder should be');
    await expect(filesStore(path.join(blocker, 'inner')).add(valid, new Date())).rejects.toThrow();
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

  /** A fetch that answers `response` (a status, or a status and Brevo's JSON error). */
  const answering = (status: number, body?: unknown) =>
    (async () => new Response(body === undefined ? '{}' : JSON.stringify(body), { status })) as typeof fetch;

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

  it('rejects when Brevo refuses: the key or the account is the setting’s fault, a bad Reply-To this lead’s', async () => {
    const { fetcher } = fakeFetch(401);
    await expect(brevoDelivery({ ...options, fetch: fetcher })(valid)).rejects.toThrow('HTTP 401');
    const kindOf = async (status: number, body?: unknown) => {
      const error = await brevoDelivery({ ...options, fetch: answering(status, body) })(valid).then(
        () => undefined,
        (reason: unknown) => reason,
      );
      expect(error, String(status)).toBeInstanceOf(DeliveryError);
      return [(error as DeliveryError).message, (error as DeliveryError).kind];
    };
    expect(await kindOf(401)).toEqual(['HTTP 401', 'configuration']);
    expect(await kindOf(403)).toEqual(['HTTP 403', 'configuration']);
    expect(await kindOf(400, { code: 'not_enough_credits', message: 'Not enough credits' })).toEqual([
      'HTTP 400 (Not enough credits)',
      'configuration',
    ]);
    expect(await kindOf(400, { code: 'invalid_parameter', message: 'Sender is not valid' })).toEqual([
      'HTTP 400 (Sender is not valid)',
      'configuration',
    ]);
    expect(await kindOf(400, { code: 'invalid_parameter', message: 'replyTo email is not valid' })).toEqual([
      'HTTP 400 (replyTo email is not valid)',
      'refused',
    ]);
    expect(await kindOf(429)).toEqual(['HTTP 429', 'temporary']);
    expect(await kindOf(503)).toEqual(['HTTP 503', 'temporary']);
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

  it('signs each POST as Standard Webhooks do, over the exact bytes sent, with CONTACT_WEBHOOK_SECRET’s key', async () => {
    const secretBytes = Buffer.from('0123456789abcdef0123456789abcdef');
    const secret = `whsec_${secretBytes.toString('base64')}`;
    let text = '';
    let sentHeaders: Record<string, string> = {};
    const fetcher = (async (_input: string | URL | Request, init?: RequestInit) => {
      text = String(init?.body);
      sentHeaders = Object.fromEntries(new Headers(init?.headers).entries());
      return new Response('{}', { status: 200 });
    }) as typeof fetch;
    const id = '2026-11-24T09-00-00-000Z-0123abcd';
    const at = new Date('2026-11-24T09:00:05Z');
    await webhookDelivery({
      url: 'https://hooks.example.org/abc',
      text: contactReceiver.webhookText,
      key: webhookKey(secret),
      fetch: fetcher,
      now: () => at,
    })({ ...valid, id });
    const timestamp = String(at.getTime() / 1000);
    const expected = createHmac('sha256', secretBytes).update(`${id}.${timestamp}.${text}`).digest('base64');
    expect(sentHeaders).toMatchObject({ 'webhook-id': id, 'webhook-timestamp': timestamp, 'webhook-signature': `v1,${expected}` });
    // The same key without its prefix; anything that is no base64 key of 24 bytes or more gives none.
    expect(webhookKey(secretBytes.toString('base64'))).toEqual(webhookKey(secret));
    expect(webhookKey('mon-secret-a-moi')).toBeUndefined();
    expect(webhookKey(`whsec_${Buffer.from('trop court, 16 o').toString('base64')}`)).toBeUndefined();
  });

  it('rejects on a non-2xx answer', async () => {
    const { fetcher } = fakeFetch(500);
    await expect(webhookDelivery({ url: 'https://hooks.example.org/abc', text: 't', fetch: fetcher })(valid)).rejects.toThrow(
      'HTTP 500',
    );
  });
});

describe('settings from the environment', () => {
  /** The settings as a runtime reads them: Node (`files`) by default, or Cloudflare (`d1`) and Netlify (`blobs`). */
  const read = (env: Record<string, string>, host: 'files' | 'd1' | 'blobs' = 'files') => readSettings(env, { host });
  const invalid = (problem: string) => fillTemplate(settingsLines.invalid, { problem });

  it('defaults to store only with a lead store, 10 per 10 minutes; on Node the store is leads/ or LEADS_DIR', () => {
    expect(read({})).toMatchObject({
      store: 'files',
      delivery: { mode: 'local' },
      rateLimit: 10,
      leadsDir: 'leads',
      problems: [],
      warnings: [],
    });
    expect(read({ LEADS_DIR: '/var/leads', CONTACT_RATE_LIMIT: '50' })).toMatchObject({
      delivery: { mode: 'local' },
      rateLimit: 50,
      leadsDir: '/var/leads',
    });
  });

  it('has no delivery at the edge without a store, email or webhook', () => {
    expect(read({}, 'd1')).toMatchObject({ delivery: { mode: 'none' }, rateLimit: 10, problems: [], warnings: [] });
    expect(read({}, 'd1').store).toBeUndefined();
    expect(read({ CONTACT_STORE: 'd1' }, 'd1')).toMatchObject({ store: 'd1', delivery: { mode: 'local' }, problems: [] });
  });

  it('chooses email or webhook from what is set', () => {
    expect(read({ BREVO_API_KEY: 'k', CONTACT_TO: 'a@propllc.fr, b@propllc.fr', CONTACT_FROM: 'site@propllc.fr' }).delivery).toEqual({
      mode: 'email',
      apiKey: 'k',
      to: ['a@propllc.fr', 'b@propllc.fr'],
      from: 'site@propllc.fr',
    });
    expect(read({ CONTACT_WEBHOOK_URL: 'https://hook.example.org/x' }, 'd1').delivery).toEqual({
      mode: 'webhook',
      url: 'https://hook.example.org/x',
    });
  });

  it('explains each problem in French and then delivers nothing; a number it cannot read keeps its default, said', () => {
    const wrong = read({ BREVO_API_KEY: 'k', CONTACT_FROM: 'pas-une-adresse' });
    expect(wrong.delivery).toEqual({ mode: 'none' });
    expect(wrong.problems).toEqual([
      'le réglage CONTACT_TO manque (envoi par email).',
      'CONTACT_FROM doit être une adresse email (ou plusieurs, séparées par des virgules pour CONTACT_TO).',
    ]);
    expect(read({ BREVO_API_KEY: 'k', CONTACT_WEBHOOK_URL: 'https://h.example.org' }).problems).toEqual([
      settingsLines.deliveryConflict,
    ]);
    expect(read({ CONTACT_DELIVERY: 'local' }, 'd1').problems).toEqual([settingsLines.localUnavailable]);
    expect(read({ CONTACT_DELIVERY: 'pigeon' }).problems).toEqual([settingsLines.deliveryUnknown]);
    expect(read({ CONTACT_DELIVERY: 'webhook', CONTACT_WEBHOOK_URL: 'pas une adresse' }).problems).toEqual([settingsLines.webhookUrl]);
    // A lead crosses the network encrypted, or not at all: plain http:// only to this machine.
    for (const url of ['ftp://h.example.org', 'http://h.example.org/hook', 'http://10.0.0.2/hook']) {
      expect(read({ CONTACT_DELIVERY: 'webhook', CONTACT_WEBHOOK_URL: url }).problems, url).toEqual([settingsLines.webhookInsecure]);
    }
    for (const url of ['https://h.example.org/hook', 'http://127.0.0.1:8080/hook', 'http://localhost/hook', 'http://[::1]/hook']) {
      expect(read({ CONTACT_DELIVERY: 'webhook', CONTACT_WEBHOOK_URL: url }).problems, url).toEqual([]);
    }
    const rate = read({ CONTACT_RATE_LIMIT: 'dix' });
    expect(rate).toMatchObject({ rateLimit: 10, problems: [] });
    expect(rate.warnings).toEqual([
      'CONTACT_RATE_LIMIT doit être un nombre entier positif (il vaut «\u202fdix\u202f»)\u202f: la valeur par défaut, 10, s’applique tant qu’il n’est pas corrigé.',
    ]);
  });

  it('reads every on/off setting by one rule; an unknown value is a warning naming the setting and the default that applies', () => {
    const flags = [
      { name: 'CONTACT_ACK', fallback: false, of: (env: Record<string, string>) => read(env).acknowledgement.asked },
      { name: 'AUDIENCE', fallback: true, of: (env: Record<string, string>) => read(env).audience.asked },
      { name: 'CONTACT_SIMULATION', fallback: false, of: (env: Record<string, string>) => read(env).build.simulationAsked },
    ];
    for (const { name, fallback, of } of flags) {
      for (const word of ['1', 'true', 'oui', 'on', 'yes', ' ON ', 'Oui']) expect(of({ [name]: word }), `${name}=${word}`).toBe(true);
      for (const word of ['0', 'false', 'non', 'off', 'no', ' Off ', 'NON'])
        expect(of({ [name]: word }), `${name}=${word}`).toBe(false);
      // Unset or blank: the default, silently.
      expect(of({}), name).toBe(fallback);
      expect(of({ [name]: ' ' }), name).toBe(fallback);
      expect(read({ [name]: '' }).warnings, name).toEqual([]);
      // Anything else: the default, and a line that says so.
      const unknown = read({ [name]: 'peut-être' });
      expect(of({ [name]: 'peut-être' }), name).toBe(fallback);
      expect(unknown.problems, name).toEqual([]);
      expect(unknown.warnings, name).toEqual([
        fillTemplate(settingsLines.onOff, {
          name,
          value: 'peut-être',
          fallback: fallback ? settingsLines.fallbackOn : settingsLines.fallbackOff,
        }),
      ]);
    }
    expect(read({ AUDIENCE: 'peut-être' }).warnings).toEqual([
      'AUDIENCE doit valoir 1 (oui, on, true) ou 0 (non, off, false)\u202f; il vaut «\u202fpeut-être\u202f»\u202f: activé tant qu’il n’est pas corrigé.',
    ]);
    expect(read({ CONTACT_ACK: 'peut-être' }).warnings[0]).toMatch(
      /^CONTACT_ACK doit valoir .*\u202f: désactivé tant qu’il n’est pas corrigé\.$/,
    );
    // A build asked for the simulation by a word it does not know: the host's receiver, and the warning.
    expect(readSettings({ CF_PAGES: '1', CONTACT_SIMULATION: 'peut-être' }).build.endpoint).toBe('/api/contact');
  });

  it('a CONTACT_WEBHOOK_SECRET set blank, or that is no base64 key of 24 bytes or more, is a problem: nothing goes unsigned', () => {
    const webhook = { CONTACT_WEBHOOK_URL: 'https://h.example.org/x' };
    const blank = read({ ...webhook, CONTACT_WEBHOOK_SECRET: '  ' });
    expect(blank.problems).toEqual([fillTemplate(settingsLines.blank, { name: 'CONTACT_WEBHOOK_SECRET' })]);
    expect(blank.problems[0]).toBe(
      'CONTACT_WEBHOOK_SECRET est défini mais vide\u202f: supprimez-le, ou donnez-lui sa valeur (voir docs/operations.md).',
    );
    expect(blank.delivery).toEqual({ mode: 'none' });
    const short = `whsec_${Buffer.from('trop court, 16 o').toString('base64')}`;
    for (const secret of ['mon-secret-a-moi', 'whsec_mon secret à moi qui est assez long mais pas en base64', short, 'whsec_']) {
      const settings = read({ ...webhook, CONTACT_WEBHOOK_SECRET: secret });
      expect(settings.problems, secret).toEqual([settingsLines.webhookSecret]);
      expect(settings.delivery, secret).toEqual({ mode: 'none' });
    }
    // The key as Standard Webhooks libraries give it, with or without its prefix: signed with it.
    const key = Buffer.from('0123456789abcdef01234567').toString('base64');
    for (const secret of [`whsec_${key}`, key]) {
      const settings = read({ ...webhook, CONTACT_WEBHOOK_SECRET: secret });
      expect(settings.problems, secret).toEqual([]);
      expect(settings.delivery, secret).toEqual({ mode: 'webhook', url: webhook.CONTACT_WEBHOOK_URL, secret });
      expect(webhookKey(secret), secret).toBeDefined();
    }
  });

  it('with a setting to correct and a store, a lead is stored and answered 200, and nothing is sent', async () => {
    const site = await testApi(
      { CONTACT_WEBHOOK_URL: 'https://h.example.org/x', CONTACT_WEBHOOK_SECRET: '' },
      { leads: memoryDriver('leads') },
    );
    expect(site.api.problems).toEqual([invalid(fillTemplate(settingsLines.blank, { name: 'CONTACT_WEBHOOK_SECRET' }))]);
    expect(site.api.describe).toBe(fillTemplate(settingsLines.heldNotifications, { where: 'leads' }));
    const answer = await site.post(valid);
    expect(answer.status).toBe(200);
    expect(await answer.json()).toEqual({ ok: true, message: contactReceiver.sent });
    await site.settle();
    await site.api.scheduled();
    const { leads } = await leadStore(site.leads, { spamCaps }).list();
    expect(leads.map((lead) => [lead.email, lead.notification.state])).toEqual([[valid.email, 'pending']]);
    expect(site.sent).toEqual([]);
  });

  it('with a setting to correct and no store, a message is refused (503), never answered « envoyé »', async () => {
    const fetcher = vi.fn(async () => new Response('{}', { status: 200 }));
    const api = await createApi({
      settings: readSettings(
        { CONTACT_WEBHOOK_URL: 'https://h.example.org/x', CONTACT_WEBHOOK_SECRET: 'mon-secret-a-moi' },
        { host: 'd1' },
      ),
      host: 'd1',
      fetch: fetcher as unknown as typeof fetch,
      log: () => undefined,
      logError: () => undefined,
    });
    expect(api.problems).toEqual([invalid(settingsLines.webhookSecret)]);
    const answer = await api.fetch(
      new Request('https://propllc.pages.dev/api/contact', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify(valid),
      }),
    );
    expect(answer.status).toBe(503);
    expect((await answer.json()).title).toBe(contactReceiver.answers.unavailable.title);
    expect(fetcher).not.toHaveBeenCalled();
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
      expect(read(env).delivery.mode, JSON.stringify(env)).toBe(mode);
      expect(readSettings({ VITE_CONTACT_ENDPOINT: '/api/contact', ...env }).build.recipients, JSON.stringify(env)).toBe(mode);
    }
    // Only the modes the receiver knows: anything else is refused, and the release check lists them.
    expect(read({ CONTACT_DELIVERY: 'none' }).problems).toEqual([settingsLines.deliveryUnknown]);
    expect(releaseMessages.deliveryMode('none', deliveryModes)).toContain('(local, email ou webhook)');
  });

  it('the site receiver prints one French line per message, and the reason of a failure', async () => {
    const site = await testApi({}, { leads: memoryDriver('leads') });
    expect(site.api.describe).toBe('Formulaire de contact\u202f: chaque message est enregistré dans leads');
    expect((await site.post(valid)).status).toBe(200);
    await site.settle();
    const [lead] = (await leadStore(site.leads, { spamCaps }).list()).leads;
    // The lead, then the day's purge that followed it (the audience's, then the leads').
    expect(site.log).toEqual([
      `Nouveau message enregistré dans leads (${lead?.id})`,
      expect.stringMatching(/^Audience\u202f: purge automatique /),
      expect.stringMatching(purgedLine),
    ]);
    expect(site.errors).toEqual([]);

    // No store (a host without its binding): delivered at once, or refused.
    const { fetcher } = fakeFetch(500);
    const errors: string[] = [];
    const failing = await createApi({
      settings: readSettings({ CONTACT_WEBHOOK_URL: 'https://h.example.org/secret' }, { host: 'd1' }),
      host: 'd1',
      fetch: fetcher,
      log: () => undefined,
      logError: (line) => errors.push(line),
    });
    expect(failing.describe).toBe('Formulaire de contact\u202f: chaque message est transmis au webhook de h.example.org');
    const answer = await failing.fetch(
      new Request('https://propllc.pages.dev/api/contact', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify(valid),
      }),
    );
    expect(answer.status).toBe(502);
    expect(errors).toEqual([fillTemplate(receiverLines.failed, { delivery: 'webhook', reason: 'HTTP 500' })]);
    expect(errors).toEqual(['Message NON transmis (webhook)\u202f: HTTP 500. Le visiteur a reçu l’adresse email de contact.']);
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
      const plugin = simulationNotice(readSettings(env)) as unknown as { configResolved: () => void };
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
