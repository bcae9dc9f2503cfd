// @vitest-environment node
/**
 * The operator's errors are not the lead's: a provider that answers that the delivery itself is broken (an n8n
 * workflow switched off: 404; a deleted Slack webhook: 410; a revoked Brevo key: 401; an unverified sender: 400
 * naming it) pauses the whole sending, the leads keep their attempts, the log says it once with what to check,
 * and everything goes out once the target answers again. The receiver runs as `npm start` runs it (LEADS_DIR),
 * against stand-ins on 127.0.0.1; the clock is moved by hand.
 */
import { mkdtemp } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { receiverLines } from '../../src/api/contact/lines.ts';
import { leadsLines } from '../../ops/leads/lines.ts';
import type { ContactValues } from '../../src/contact/contact-fields.ts';
import { brevoDelivery, DeliveryError } from '../../src/api/contact/deliveries.ts';
import { inboxPause, inboxTable } from '../../ops/leads/inbox.ts';
import { maxAttempts, retryDelaysMs } from '../../src/api/contact/notify.ts';
import { createSiteReceiver, labels } from '../../src/api/contact/site-receiver.ts';
import { filesLeadStore, nodeLeadStore } from '../../src/hosts/node/files-store.ts';
import { validLead } from '../fixtures/visitor.ts';

const words = receiverLines;
const minute = 60_000;
const t0 = Date.parse('2026-11-24T09:00:00Z');
const at = (ms: number) => vi.setSystemTime(new Date(t0 + ms));

afterEach(() => {
  vi.useRealTimers();
});

// Each with a text of their own: one text from a third address would be kept apart as spam (a repeated body).
const visitor = (name: string): ContactValues =>
  validLead({
    name,
    email: `${name.split(' ')[0]?.toLowerCase()}@example.com`,
    message: `Bonjour, ici ${name} : une question sur ma LLC.`,
  });

/** A target on 127.0.0.1 whose answer is set by the test; each request that reaches it is recorded. */
async function standIn(initial: number, body = '{}') {
  let status = initial;
  let answer = body;
  const hits: { name: string; status: number }[] = [];
  const server: Server = createServer((request, response) => {
    let text = '';
    request.on('data', (chunk: Buffer) => (text += chunk.toString()));
    request.on('end', () => {
      const parsed = JSON.parse(text);
      hits.push({ name: parsed.name ?? parsed.replyTo?.name, status });
      response.writeHead(status, { 'Content-Type': 'application/json' }).end(answer);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    hits,
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`,
    answer(next: number, nextBody = '{}') {
      status = next;
      answer = nextBody;
    },
    close: () => new Promise((resolve) => server.close(resolve)),
  };
}

const post = (body: unknown) =>
  new Request('http://localhost/api/contact', {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  });

async function site(env: Record<string, string>, fetcher?: typeof fetch) {
  const dir = await mkdtemp(path.join(tmpdir(), 'propllc-pause-'));
  const fullEnv = { LEADS_DIR: dir, CONTACT_RATE_LIMIT: '1000', ...env };
  const log = vi.fn();
  const logError = vi.fn();
  const receiver = createSiteReceiver({
    env: fullEnv,
    store: nodeLeadStore(fullEnv),
    log,
    logError,
    ...(fetcher ? { fetch: fetcher } : {}),
  });
  expect(receiver.problems).toEqual([]);
  const send = async (name: string) => {
    const work: Promise<void>[] = [];
    expect((await receiver.handle(post(visitor(name)), {}, (after) => work.push(after))).status).toBe(200);
    await Promise.all(work);
  };
  const store = filesLeadStore(dir);
  const states = async () => Object.fromEntries((await store.list()).leads.map((lead) => [lead.name, lead.notification] as const));
  const lines = () => [...log.mock.calls, ...logError.mock.calls].map(([line]) => String(line));
  return { receiver, send, store, states, lines, dir, env: fullEnv, log, logError };
}

const pausedLines = (lines: string[]) => lines.filter((line) => line.startsWith('Livraison EN PANNE'));
const resumedLines = (lines: string[]) => lines.filter((line) => line.startsWith('Livraison rétablie'));

describe('a webhook whose workflow is switched off (404)', () => {
  it('gives up no lead, retries within a minute, says it once, and delivers every lead once the target answers again', async () => {
    const target = await standIn(404);
    try {
      const { send, states, receiver, store, lines } = await site({ CONTACT_WEBHOOK_URL: target.url });
      vi.useFakeTimers({ toFake: ['Date'] });
      at(0);
      await send('Jeanne Martin');
      at(10_000);
      await send('Anne Durand');
      at(20_000);
      await send('Marc Petit');

      // The first lead met the 404: the incident is open, the next try within a minute; the two others waited.
      expect(target.hits.map((hit) => hit.name)).toEqual(['Jeanne Martin']);
      const first = (await store.deliveryStatus?.())?.pause;
      expect(first).toMatchObject({ delivery: 'webhook', reason: 'HTTP 404', failures: 1, since: new Date(t0).toISOString() });
      expect(Date.parse(first?.nextAt ?? '') - t0).toBeLessThanOrEqual(minute);
      for (const name of ['Jeanne Martin', 'Anne Durand', 'Marc Petit']) {
        expect((await states())[name], name).toMatchObject({ state: 'pending', attempts: 0 });
      }

      // Said once, with what to check for a webhook.
      expect(pausedLines(lines())).toEqual([
        expect.stringMatching(/^Livraison EN PANNE \(webhook\)\u202f: HTTP 404\. .*Nouvel essai à 10:01, .*CONTACT_WEBHOOK_URL.*n8n/),
      ]);
      expect(pausedLines(lines())[0]).toContain(words.pauseCheckWebhook);

      // Before the pause ends, a pass sends nothing.
      at(50_000);
      expect(await receiver.retryPending?.()).toBe(0);
      expect(target.hits).toHaveLength(1);

      // The pass at the pause's end tries one lead, meets the 404 again, and stops there; the pause grows, by the
      // leads' own schedule, then stays at its last delay: far past the 6 attempts of a lead, none is given up.
      let elapsed = Date.parse(first?.nextAt ?? '') - t0;
      for (let step = 2; step <= maxAttempts + 3; step += 1) {
        at(elapsed);
        const before = target.hits.length;
        expect(await receiver.retryPending?.()).toBe(0);
        expect(target.hits.length - before, `step ${step}`).toBe(1);
        const pause = (await store.deliveryStatus?.())?.pause;
        expect(pause?.failures).toBe(step);
        const delay = retryDelaysMs[Math.min(step, retryDelaysMs.length) - 1] ?? 0;
        expect(Date.parse(pause?.nextAt ?? '') - (t0 + elapsed)).toBe(delay);
        elapsed += delay;
      }
      expect(Object.values(await states()).map((state) => state.state)).toEqual(['pending', 'pending', 'pending']);
      expect(Object.values(await states()).every((state) => state.state === 'pending' && state.attempts === 0)).toBe(true);
      expect(pausedLines(lines())).toHaveLength(1);
      expect(lines().filter((line) => line.startsWith('Notification'))).toEqual([]);

      // npm run leads says it above the table, with since when.
      const { leads } = await store.list();
      const status = (await store.deliveryStatus?.()) ?? {};
      expect(inboxPause(status, leadsLines)).toMatch(
        /^Livraison en panne\u202f: HTTP 404 \(webhook, depuis le 24\/11\/2026 10:00\u202f; prochain essai à \d{2}:\d{2}\)\./,
      );
      expect(inboxTable(leads, leadsLines, { delivery: status })).not.toContain('échec');

      // The workflow is switched on again: the next pass delivers every lead, once each, and the log says so once.
      target.answer(200);
      at(elapsed);
      expect(await receiver.retryPending?.()).toBe(3);
      at(elapsed + 24 * 60 * minute);
      expect(await receiver.retryPending?.()).toBe(0);
      const delivered = target.hits.filter((hit) => hit.status === 200).map((hit) => hit.name);
      expect(delivered.sort()).toEqual(['Anne Durand', 'Jeanne Martin', 'Marc Petit']);
      expect(Object.values(await states()).map((state) => state.state)).toEqual(['sent', 'sent', 'sent']);
      expect(resumedLines(lines())).toEqual([
        'Livraison rétablie (webhook)\u202f: en panne depuis le 24/11/2026 10:00, elle répond de nouveau\u202f; les messages en attente partent.',
      ]);
      expect(await store.deliveryStatus?.()).toEqual({});
      expect(inboxPause((await store.deliveryStatus?.()) ?? {}, leadsLines)).toBeUndefined();
    } finally {
      await target.close();
    }
  });

  it('a deleted Slack webhook (410) pauses the same way, and a lead’s own temporary failure still counts its attempts', async () => {
    const target = await standIn(503);
    try {
      const { send, states, receiver, store, lines } = await site({ CONTACT_WEBHOOK_URL: target.url });
      vi.useFakeTimers({ toFake: ['Date'] });
      at(0);
      await send('Jeanne Martin');
      expect((await states())['Jeanne Martin']).toMatchObject({ state: 'pending', attempts: 1 });
      target.answer(410, '{"ok":false,"error":"no_service"}');
      at(minute);
      await receiver.retryPending?.();
      // The 410 does not take an attempt: the lead still has one, and waits for the end of the pause.
      expect((await states())['Jeanne Martin']).toMatchObject({ state: 'pending', attempts: 1, lastReason: 'HTTP 410' });
      expect((await store.deliveryStatus?.())?.pause).toMatchObject({ reason: 'HTTP 410', failures: 1 });
      expect(pausedLines(lines())).toHaveLength(1);
    } finally {
      await target.close();
    }
  });

  it('two receivers sharing the store (two isolates, two instances) say the incident once between them', async () => {
    const target = await standIn(404);
    try {
      const one = await site({ CONTACT_WEBHOOK_URL: target.url });
      const logError = vi.fn();
      const other = createSiteReceiver({ env: one.env, store: nodeLeadStore(one.env), log: vi.fn(), logError });
      vi.useFakeTimers({ toFake: ['Date'] });
      at(0);
      const work: Promise<void>[] = [];
      const answers = await Promise.all([
        one.receiver.handle(post(visitor('Jeanne Martin')), {}, (after) => work.push(after)),
        other.handle(post(visitor('Anne Durand')), {}, (after) => work.push(after)),
      ]);
      expect(answers.map((answer) => answer.status)).toEqual([200, 200]);
      await Promise.all(work);
      const said = [...pausedLines(one.lines()), ...pausedLines(logError.mock.calls.map(([line]) => String(line)))];
      expect(said).toHaveLength(1);
      expect(Object.values(await one.states()).map((state) => state.state)).toEqual(['pending', 'pending']);
    } finally {
      await target.close();
    }
  });
});

describe('Brevo: a revoked key, an unverified sender', () => {
  const brevo = { BREVO_API_KEY: 'xkeysib-test', CONTACT_TO: 'contact@propllc.fr', CONTACT_FROM: 'site@propllc.fr' };
  /** Brevo's answer, whatever the request (Brevo's endpoint is not reached: this fetch stands in for it). */
  const brevoAnswering = (status: number, body: unknown) => {
    const sent: string[] = [];
    const fetcher = (async (_input: unknown, init?: RequestInit) => {
      sent.push(JSON.parse(String(init?.body)).replyTo.name);
      return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
    }) as typeof fetch;
    return { fetcher, sent };
  };

  it('reads Brevo’s 400: the sender or the account is the delivery’s error, anything else this lead’s own refusal', async () => {
    const options = {
      apiKey: 'k',
      to: ['a@propllc.fr'],
      from: 'site@propllc.fr',
      senderName: 'PropLLC',
      subject: '{name}',
      intro: 'i',
      labels,
    };
    const outcome = async (status: number, body: unknown) => {
      const error = await brevoDelivery({ ...options, fetch: brevoAnswering(status, body).fetcher })(validLead()).catch((e) => e);
      if (!(error instanceof DeliveryError)) return 'sent';
      return `${error.message} ${error.configuration ? 'configuration' : error.final ? 'final' : 'temporary'}`;
    };
    expect(
      await outcome(400, {
        code: 'invalid_parameter',
        message: 'Sending has been rejected because the sender you used site@propllc.fr is not valid. Validate your sender.',
      }),
    ).toBe(
      'HTTP 400 (Sending has been rejected because the sender you used site@propllc.fr is not valid. Validate your sender.) configuration',
    );
    expect(await outcome(400, { code: 'account_under_validation', message: 'Your account is under validation' })).toMatch(
      /configuration$/,
    );
    expect(await outcome(400, { code: 'not_enough_credits', message: 'Not enough credits' })).toMatch(/configuration$/);
    expect(
      await outcome(400, {
        code: 'bad_request',
        message: 'Unable to send email. Your SMTP account is not yet activated. Please contact us to get it activated',
      }),
    ).toMatch(/configuration$/);
    expect(await outcome(400, { code: 'invalid_parameter', message: 'email is not valid in to' })).toBe('HTTP 400 final');
    expect(await outcome(401, { code: 'unauthorized', message: 'Key not found' })).toBe('HTTP 401 (Key not found) configuration');
    // The visitor's own address refused: final for that lead only.
    expect(await outcome(400, { code: 'invalid_parameter', message: 'email is not valid in replyTo' })).toBe('HTTP 400 final');
    // Even when it names a domain or the sender field beside it: what the visitor typed never pauses every lead.
    expect(await outcome(400, { code: 'invalid_parameter', message: 'Invalid domain in replyTo.email, sender unchanged' })).toBe(
      'HTTP 400 final',
    );
    expect(await outcome(400, 'pas du JSON')).toBe('HTTP 400 final');
    // What the provider says reaches the log on one line: a line break in it cannot fake another log line.
    expect(await outcome(400, { code: 'invalid_parameter', message: 'sender\nNotification envoyée' })).toBe(
      'HTTP 400 (sender Notification envoyée) configuration',
    );
  });

  it('an unverified sender pauses the sending, says what to check for Brevo, and no lead is « échec »', async () => {
    const { fetcher, sent } = brevoAnswering(400, { code: 'invalid_parameter', message: 'sender is not valid' });
    const { send, states, receiver, lines } = await site(brevo, fetcher);
    vi.useFakeTimers({ toFake: ['Date'] });
    at(0);
    await send('Jeanne Martin');
    await send('Anne Durand');
    at(minute);
    await receiver.retryPending?.();
    // Jeanne's attempt opened the incident; Anne's waited; the pass at its end tried one lead only.
    expect(sent).toHaveLength(2);
    expect(sent[0]).toBe('Jeanne Martin');
    expect(Object.values(await states()).map((state) => state.state)).toEqual(['pending', 'pending']);
    expect(pausedLines(lines())).toEqual([
      expect.stringMatching(/^Livraison EN PANNE \(email Brevo\)\u202f: HTTP 400 \(sender is not valid\)\. /),
    ]);
    expect(pausedLines(lines())[0]).toContain(words.pauseCheckEmail);
    expect(words.pauseCheckEmail).toMatch(/BREVO_API_KEY.*CONTACT_FROM.*compte/);
  });
});

describe('store only (CONTACT_DELIVERY=local)', () => {
  it('npm run leads reads « non notifié (stockage seul) », not « à notifier »', async () => {
    const { send, store } = await site({ CONTACT_DELIVERY: 'local', CONTACT_WEBHOOK_URL: 'http://127.0.0.1:9/hook' });
    await send('Jeanne Martin');
    const status = (await store.deliveryStatus?.()) ?? {};
    expect(status.storeOnly).toBeDefined();
    const table = inboxTable((await store.list()).leads, leadsLines, { delivery: status }).split('\n');
    expect(table[1]).toMatch(/ non notifié \(stockage seul\)$/);
    expect(table.join('\n')).not.toContain('à notifier');
  });

  it('once a delivery is set, the first pass ends store-only mode and sends the waiting lead', async () => {
    const target = await standIn(200);
    try {
      const local = await site({ CONTACT_DELIVERY: 'local' });
      await local.send('Jeanne Martin');
      expect((await local.store.deliveryStatus?.())?.storeOnly).toBeDefined();
      const env = { ...local.env, CONTACT_DELIVERY: 'webhook', CONTACT_WEBHOOK_URL: target.url };
      const notifying = createSiteReceiver({ env, store: nodeLeadStore(env), log: vi.fn(), logError: vi.fn() });
      expect(await notifying.retryPending?.()).toBe(1);
      expect(await local.store.deliveryStatus?.()).toEqual({});
      const table = inboxTable((await local.store.list()).leads, leadsLines, {}).split('\n');
      expect(table[1]).toMatch(/ envoyée$/);
    } finally {
      await target.close();
    }
  });
});
