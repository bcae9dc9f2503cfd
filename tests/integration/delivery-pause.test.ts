// @vitest-environment node
/**
 * The operator's errors are not the lead's. A target that refuses one lead (4xx) refuses that lead: « échec », the
 * others go out. A second, different lead refused the same with no success between says the delivery itself is
 * broken (an n8n workflow switched off: 404; a deleted Slack webhook: 410; a token refused: 403): an incident pauses
 * the whole sending, the first lead goes back « à notifier », no lead is given up nor loses an attempt, the log says
 * it once with what to check, and everything goes out once when the target answers again, or at once under a new
 * setting. Brevo says itself when the setting is wrong (a revoked key: 401; an unverified sender: 400 naming it): an
 * incident at once. The API runs as `npm start` runs it (src/api/app.ts through tests/fixtures/api.ts, over the files
 * of LEADS_DIR), against stand-ins on 127.0.0.1 (./webhook-stand-in.ts); its clock is injected and moved by hand.
 */
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { beforeEach, describe, expect, it } from 'vitest';
import { inboxPause, inboxTable } from '../../ops/leads/inbox.ts';
import { leadsLines } from '../../ops/leads/lines.ts';
import { labels } from '../../src/api/contact/channel.ts';
import { brevoDelivery } from '../../src/api/contact/delivery/brevo.ts';
import { DeliveryError } from '../../src/api/contact/delivery/post.ts';
import { receiverLines } from '../../src/api/contact/lines.ts';
import { maxAttempts, retryDelaysMs } from '../../src/api/contact/notify.ts';
import { spamCaps } from '../../src/api/contact/spam/weights.ts';
import { deliveryStatusStore } from '../../src/api/store/delivery-status.ts';
import type { Driver } from '../../src/api/store/driver.ts';
import { leadStore } from '../../src/api/store/lead-store.ts';
import type { ContactValues } from '../../src/contact/contact-fields.ts';
import { filesDriver } from '../../src/hosts/node/files-driver.ts';
import { testApi } from '../fixtures/api.ts';
import { validLead } from '../fixtures/visitor.ts';
import { namesOf, webhookStandIn } from './webhook-stand-in.ts';

const words = receiverLines;
const minute = 60_000;
const t0 = Date.parse('2026-11-24T09:00:00Z');
const iso = (ms: number) => new Date(ms).toISOString();

/** The API's clock: `at(ms)` moves it to `t0 + ms`. */
let time = t0;
const at = (ms: number) => {
  time = t0 + ms;
};
beforeEach(() => at(0));

// Each with a text of their own: one text from a third address would be kept apart as spam (a repeated body).
const visitor = (name: string): ContactValues =>
  validLead({
    name,
    email: `${name.split(' ')[0]?.toLowerCase()}@example.com`,
    message: `Bonjour, ici ${name} : une question sur ma LLC.`,
  });

/** The deliveries go over the network, to the stand-in. */
const network: typeof fetch = (input, init) => fetch(input, init);

const tempDir = () => mkdtemp(path.join(tmpdir(), 'propllc-pause-'));

/** The API of `npm start` over LEADS_DIR `dir` (a folder of its own unless given), its driver `leads` if given. */
async function site(
  env: Record<string, string>,
  { dir, leads, fetcher = network }: { dir?: string; leads?: Driver; fetcher?: typeof fetch } = {},
) {
  const leadsDir = dir ?? (await tempDir());
  const api = await testApi(env, { leads: leads ?? filesDriver(leadsDir), now: () => new Date(time), fetch: fetcher });
  expect(api.api.problems).toEqual([]);
  const send = async (name: string) => {
    expect((await api.post(visitor(name))).status).toBe(200);
    await api.settle();
  };
  const store = leadStore(filesDriver(leadsDir), { spamCaps });
  const status = deliveryStatusStore(filesDriver(leadsDir));
  const states = async () => Object.fromEntries((await store.list()).leads.map((lead) => [lead.name, lead.notification] as const));
  const lines = () => [...api.log, ...api.errors];
  return { api, send, pass: () => api.api.scheduled(), store, status, states, lines, dir: leadsDir };
}

/** A promise resolved from outside, when an event the test waits for happens. */
function deferred(): { promise: Promise<void>; resolve: () => void } {
  let resolve: () => void = () => undefined;
  const promise = new Promise<void>((done) => {
    resolve = done;
  });
  return { promise, resolve };
}

const pausedLines = (lines: string[]) => lines.filter((line) => line.startsWith('Livraison EN PANNE'));
const resumedLines = (lines: string[]) => lines.filter((line) => line.startsWith('Livraison rétablie'));

describe('a webhook whose workflow is switched off (404)', () => {
  it('one lead refused is that lead’s « échec »; a second makes it an incident: the first goes back, none is given up, it is said once, and all go out once the target answers again', async () => {
    let answer = 404;
    const target = await webhookStandIn(() => answer);
    try {
      const { api, send, states, pass, store, status, lines } = await site({ CONTACT_WEBHOOK_URL: target.url() });
      await send('Jeanne Martin');
      // Alone, the 404 may be this lead's (its content refused): « échec » after one post, and no incident.
      expect((await states())['Jeanne Martin']).toEqual({ state: 'failed', attempts: 1, at: iso(t0), reason: 'HTTP 404' });
      expect((await status.read()).pause).toBeUndefined();

      at(10_000);
      await send('Anne Durand');
      at(20_000);
      await send('Marc Petit');

      // Anne's 404, with no success since Jeanne's, opened the incident; Marc's lead waited.
      expect(namesOf(target.leads())).toEqual(['Jeanne Martin', 'Anne Durand']);
      const first = (await status.read()).pause;
      expect(first).toMatchObject({
        kind: 'configuration',
        delivery: 'webhook',
        reason: 'HTTP 404',
        failures: 1,
        since: iso(t0 + 10_000),
      });
      expect(Date.parse(first?.nextAt ?? '') - (t0 + 10_000)).toBeLessThanOrEqual(minute);
      // Jeanne's lead is back « à notifier »: none is « échec », none lost an attempt.
      for (const name of ['Jeanne Martin', 'Anne Durand', 'Marc Petit']) {
        expect((await states())[name], name).toMatchObject({ state: 'pending', attempts: 0 });
      }

      // Said once, with what to check for a webhook.
      expect(pausedLines(lines())).toEqual([
        expect.stringMatching(/^Livraison EN PANNE \(webhook\)\u202f: HTTP 404\. .*Nouvel essai à 10:01, .*CONTACT_WEBHOOK_URL.*n8n/),
      ]);
      expect(pausedLines(lines())[0]).toContain(words.pauseCheckWebhook);
      const saidBefore = api.errors.length;

      // Before the pause ends, a pass sends nothing.
      at(50_000);
      await pass();
      expect(target.leads()).toHaveLength(2);

      // The pass at the pause's end tries one lead; refused, it may be that lead's own content, so one other, refused
      // too: the incident goes on, and nothing else is tried. The pause grows by the leads' own schedule, then stays
      // at its last delay: far past the 6 attempts of a lead, none is given up.
      let elapsed = Date.parse(first?.nextAt ?? '') - t0;
      for (let step = 2; step <= maxAttempts + 3; step += 1) {
        at(elapsed);
        const before = target.leads().length;
        await pass();
        const tried = target.leads().slice(before);
        expect(tried, `step ${step}`).toHaveLength(2);
        expect(new Set(namesOf(tried)).size, `step ${step}`).toBe(2);
        const pause = (await status.read()).pause;
        expect(pause?.failures).toBe(step);
        const delay = retryDelaysMs[Math.min(step, retryDelaysMs.length) - 1] ?? 0;
        expect(Date.parse(pause?.nextAt ?? '') - (t0 + elapsed)).toBe(delay);
        expect(
          Object.values(await states()).map((state) => state.state),
          `step ${step}`,
        ).toEqual(['pending', 'pending', 'pending']);
        elapsed += delay;
      }
      expect(Object.values(await states()).every((state) => state.state === 'pending' && state.attempts === 0)).toBe(true);
      expect(pausedLines(lines())).toHaveLength(1);
      // No attempt of a lead was counted, and, as the incident's line says, none was given up.
      expect(lines().filter((line) => line.startsWith('Notification NON envoyée'))).toEqual([]);
      expect.soft(api.errors.slice(saidBefore).filter((line) => line.startsWith('Notification'))).toEqual([]);

      // npm run leads says it above the table, with since when.
      const { leads } = await store.list();
      const record = await status.read();
      expect(inboxPause(record, leadsLines)).toMatch(
        /^Livraison en panne\u202f: HTTP 404 \(webhook, depuis le 24\/11\/2026 10:00\u202f; prochain essai à \d{2}:\d{2}\)\./,
      );
      expect(inboxTable(leads, leadsLines, { delivery: record })).not.toContain('échec');

      // The workflow is switched on again: the next pass delivers every lead, once each, and the log says so once.
      answer = 200;
      at(elapsed);
      await pass();
      at(elapsed + 24 * 60 * minute);
      await pass();
      expect(namesOf(target.leads(), 200).sort()).toEqual(['Anne Durand', 'Jeanne Martin', 'Marc Petit']);
      expect(Object.values(await states()).map((state) => state.state)).toEqual(['sent', 'sent', 'sent']);
      expect(resumedLines(lines())).toEqual([
        'Livraison rétablie (webhook)\u202f: en panne depuis le 24/11/2026 10:00, elle répond de nouveau\u202f; les messages en attente partent.',
      ]);
      expect(await status.read()).toEqual({});
      expect(inboxPause(await status.read(), leadsLines)).toBeUndefined();
    } finally {
      await target.close();
    }
  });

  it('a deleted Slack webhook (410) makes the same incident, and a lead’s own temporary failure still counts its attempts', async () => {
    let answer = 503;
    const target = await webhookStandIn(() => answer);
    try {
      const { send, states, pass, status, lines } = await site({ CONTACT_WEBHOOK_URL: target.url() });
      await send('Anne Durand');
      expect((await states())['Anne Durand']).toMatchObject({ state: 'pending', attempts: 1 });
      answer = 410;
      at(10_000);
      await send('Jeanne Martin');
      expect((await states())['Jeanne Martin']).toMatchObject({ state: 'failed', attempts: 1, reason: 'HTTP 410' });
      at(minute);
      await pass();
      // Anne's retry met the 410 too: an incident, which takes no attempt; she still has the one of the 503, and waits
      // for the end of the pause, as Jeanne's lead, back « à notifier ».
      expect((await states())['Anne Durand']).toMatchObject({ state: 'pending', attempts: 1, lastReason: 'HTTP 410' });
      expect((await states())['Jeanne Martin']).toMatchObject({ state: 'pending', attempts: 0 });
      expect((await status.read()).pause).toMatchObject({ reason: 'HTTP 410', failures: 1 });
      expect(pausedLines(lines())).toHaveLength(1);
    } finally {
      await target.close();
    }
  });

  it('two receivers sharing the store (two isolates, two instances) say the incident once between them, and give up neither lead', async () => {
    const target = await webhookStandIn(() => 404);
    try {
      const dir = await tempDir();
      const one = await site({ CONTACT_WEBHOOK_URL: target.url() }, { dir });
      const other = await site({ CONTACT_WEBHOOK_URL: target.url() }, { dir });
      const answers = await Promise.all([one.api.post(visitor('Jeanne Martin')), other.api.post(visitor('Anne Durand'))]);
      expect(answers.map((answer) => answer.status)).toEqual([200, 200]);
      await Promise.all([one.api.settle(), other.api.settle()]);
      expect([...pausedLines(one.lines()), ...pausedLines(other.lines())]).toHaveLength(1);
      expect(Object.values(await one.states()).map((state) => state.state)).toEqual(['pending', 'pending']);
    } finally {
      await target.close();
    }
  });

  it('two senders at once, the second’s incident found while the first is still writing its lead’s « échec »: that lead still goes back', async () => {
    const target = await webhookStandIn(() => 404);
    try {
      const dir = await tempDir();
      const files = filesDriver(dir);
      const record = (value: string | undefined) => {
        try {
          return JSON.parse(value ?? '') as { name?: string; notification?: { state?: string }; refusal?: unknown; pause?: unknown };
        } catch {
          return {};
        }
      };
      // The order two isolates may meet in: the first sender has noted Jeanne's refusal and is writing her « échec »
      // when the second, refused too, opens the incident and reads her lead to put it back. The first's write of the
      // « échec » is held until that read (or, should the second not read it, until the second's work is done).
      const refusal = deferred();
      const release = deferred();
      let paused = false;
      const first: Driver = {
        ...files,
        async set(key, value, condition) {
          if (key.startsWith('lead/') && record(value).notification?.state === 'failed') await release.promise;
          const written = await files.set(key, value, condition);
          if (key === 'delivery/status' && record(value).refusal) refusal.resolve();
          return written;
        },
      };
      const second: Driver = {
        ...files,
        async get(key) {
          const entry = await files.get(key);
          if (paused && key.startsWith('lead/') && record(entry?.value).name === 'Jeanne Martin') release.resolve();
          return entry;
        },
        async set(key, value, condition) {
          const written = await files.set(key, value, condition);
          if (key === 'delivery/status' && record(value).pause) paused = true;
          return written;
        },
      };
      const one = await site({ CONTACT_WEBHOOK_URL: target.url() }, { dir, leads: first });
      const other = await site({ CONTACT_WEBHOOK_URL: target.url() }, { dir, leads: second });
      expect((await one.api.post(visitor('Jeanne Martin'))).status).toBe(200);
      await refusal.promise;
      at(10_000);
      expect((await other.api.post(visitor('Anne Durand'))).status).toBe(200);
      await other.api.settle();
      release.resolve();
      await one.api.settle();

      expect(namesOf(target.leads())).toEqual(['Jeanne Martin', 'Anne Durand']);
      expect([...pausedLines(one.lines()), ...pausedLines(other.lines())]).toHaveLength(1);
      // Neither is given up: the second refusal showed the setting at fault, not Jeanne's lead.
      expect(await one.states()).toMatchObject({ 'Jeanne Martin': { state: 'pending' }, 'Anne Durand': { state: 'pending' } });
    } finally {
      await target.close();
    }
  });
});

describe('a target that refuses a token (403)', () => {
  it('two different leads refused one after the other: an incident; the first goes back, and both arrive once the target answers 2xx', async () => {
    let answer = 403;
    const target = await webhookStandIn(() => answer);
    try {
      const { send, states, pass, status } = await site({ CONTACT_WEBHOOK_URL: target.url() });
      await send('Jeanne Martin');
      at(10_000);
      await send('Anne Durand');
      expect((await status.read()).pause).toMatchObject({ kind: 'configuration', reason: 'HTTP 403', failures: 1 });
      expect(await states()).toMatchObject({ 'Jeanne Martin': { state: 'pending' }, 'Anne Durand': { state: 'pending' } });
      answer = 204;
      at(2 * minute);
      await pass();
      at(24 * 60 * minute);
      await pass();
      expect(target.leads().map(({ name, status }) => `${name} ${status}`)).toEqual([
        'Jeanne Martin 403',
        'Anne Durand 403',
        expect.stringMatching(/^(Jeanne Martin|Anne Durand) 204$/),
        expect.stringMatching(/^(Jeanne Martin|Anne Durand) 204$/),
      ]);
      expect(namesOf(target.leads(), 204).sort()).toEqual(['Anne Durand', 'Jeanne Martin']);
      expect(Object.values(await states()).map((state) => state.state)).toEqual(['sent', 'sent']);
      expect(await status.read()).toEqual({});
    } finally {
      await target.close();
    }
  });

  it('a success between two refusals: each refused lead is its own « échec », and nothing pauses', async () => {
    const target = await webhookStandIn((request) => (request.name === 'Marc Petit' ? 200 : 403));
    try {
      const { send, states, status, lines } = await site({ CONTACT_WEBHOOK_URL: target.url() });
      for (const [index, name] of ['Jeanne Martin', 'Marc Petit', 'Anne Durand'].entries()) {
        at(index * 10_000);
        await send(name);
      }
      expect(await states()).toMatchObject({
        'Jeanne Martin': { state: 'failed', attempts: 1, reason: 'HTTP 403' },
        'Marc Petit': { state: 'sent' },
        'Anne Durand': { state: 'failed', attempts: 1, reason: 'HTTP 403' },
      });
      expect((await status.read()).pause).toBeUndefined();
      expect(pausedLines(lines())).toEqual([]);
      expect(namesOf(target.leads())).toEqual(['Jeanne Martin', 'Marc Petit', 'Anne Durand']);
    } finally {
      await target.close();
    }
  });
});

describe('a new setting', () => {
  it('ends an incident opened under another webhook URL at once: the waiting leads go out at the first pass', async () => {
    const target = await webhookStandIn((request) => (request.path === '/nouveau' ? 200 : 404));
    try {
      const old = await site({ CONTACT_WEBHOOK_URL: target.url('/ancien') });
      await old.send('Jeanne Martin');
      at(10_000);
      await old.send('Anne Durand');
      at(20_000);
      await old.send('Marc Petit');
      const opened = (await old.status.read()).pause;
      expect(opened).toMatchObject({ reason: 'HTTP 404', failures: 1 });

      // A restart under the same setting is no new setting: the incident holds until its time.
      const same = await site({ CONTACT_WEBHOOK_URL: target.url('/ancien') }, { dir: old.dir });
      at(30_000);
      await same.pass();
      expect(target.leads()).toHaveLength(2);
      expect((await old.status.read()).pause).toEqual(opened);

      // Started again with another URL, still before the pause's time: it ends at once, and says so.
      const renewed = await site({ CONTACT_WEBHOOK_URL: target.url('/nouveau') }, { dir: old.dir });
      at(40_000);
      expect(Date.parse(opened?.nextAt ?? '')).toBeGreaterThan(time);
      await renewed.pass();
      expect(await old.status.read()).toEqual({});
      expect(resumedLines(renewed.lines())).toEqual([
        'Livraison rétablie (webhook)\u202f: en panne depuis le 24/11/2026 10:00, elle répond de nouveau\u202f; les messages en attente partent.',
      ]);
      const delivered = () => namesOf(target.leads().filter((request) => request.path === '/nouveau')).sort();
      expect(delivered()).toEqual(expect.arrayContaining(['Jeanne Martin', 'Marc Petit']));
      // Anne's lead met the incident: it goes too, as the line says, not at the time the old setting's pause had set.
      expect.soft(delivered()).toEqual(['Anne Durand', 'Jeanne Martin', 'Marc Petit']);
      at(Date.parse(opened?.nextAt ?? '') - t0);
      await renewed.pass();
      expect(delivered()).toEqual(['Anne Durand', 'Jeanne Martin', 'Marc Petit']);
      expect(Object.values(await old.states()).map((state) => state.state)).toEqual(['sent', 'sent', 'sent']);
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
      const error = await brevoDelivery({ ...options, fetch: brevoAnswering(status, body).fetcher })(validLead()).catch(
        (e: unknown) => e,
      );
      if (!(error instanceof DeliveryError)) return 'sent';
      return `${error.message} ${error.kind}`;
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
    expect(await outcome(400, { code: 'invalid_parameter', message: 'email is not valid in to' })).toBe(
      'HTTP 400 (email is not valid in to) refused',
    );
    expect(await outcome(401, { code: 'unauthorized', message: 'Key not found' })).toBe('HTTP 401 (Key not found) configuration');
    expect(await outcome(403, { code: 'permission_denied', message: 'Unauthorized IP address' })).toMatch(/configuration$/);
    // The visitor's own address refused: that lead's only.
    expect(await outcome(400, { code: 'invalid_parameter', message: 'email is not valid in replyTo' })).toBe(
      'HTTP 400 (email is not valid in replyTo) refused',
    );
    // Even when it names a domain or the sender field beside it: what the visitor typed never pauses every lead.
    expect(await outcome(400, { code: 'invalid_parameter', message: 'Invalid domain in replyTo.email, sender unchanged' })).toMatch(
      / refused$/,
    );
    expect(await outcome(400, 'pas du JSON')).toBe('HTTP 400 refused');
    // What the provider says reaches the log on one line: a line break in it cannot fake another log line.
    expect(await outcome(400, { code: 'invalid_parameter', message: 'sender\nNotification envoyée' })).toBe(
      'HTTP 400 (sender Notification envoyée) configuration',
    );
  });

  it('an unverified sender pauses the sending at once, says what to check for Brevo, and no lead is « échec »', async () => {
    const { fetcher, sent } = brevoAnswering(400, { code: 'invalid_parameter', message: 'sender is not valid' });
    const { send, states, pass, lines } = await site(brevo, { fetcher });
    await send('Jeanne Martin');
    await send('Anne Durand');
    at(minute);
    await pass();
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
    const { send, store, status } = await site({ CONTACT_DELIVERY: 'local', CONTACT_WEBHOOK_URL: 'http://127.0.0.1:9/hook' });
    await send('Jeanne Martin');
    const record = await status.read();
    expect(record.storeOnly).toBeDefined();
    const table = inboxTable((await store.list()).leads, leadsLines, { delivery: record }).split('\n');
    expect(table[1]).toMatch(/ non notifié \(stockage seul\)$/);
    expect(table.join('\n')).not.toContain('à notifier');
  });

  it('once a delivery is set, the first pass ends store-only mode and sends the waiting lead', async () => {
    const target = await webhookStandIn(() => 200);
    try {
      const local = await site({ CONTACT_DELIVERY: 'local' });
      await local.send('Jeanne Martin');
      expect((await local.status.read()).storeOnly).toBeDefined();
      const notifying = await site({ CONTACT_DELIVERY: 'webhook', CONTACT_WEBHOOK_URL: target.url() }, { dir: local.dir });
      await notifying.pass();
      expect(namesOf(target.leads())).toEqual(['Jeanne Martin']);
      expect(await local.status.read()).toEqual({});
      const table = inboxTable((await local.store.list()).leads, leadsLines, {}).split('\n');
      expect(table[1]).toMatch(/ envoyée$/);
    } finally {
      await target.close();
    }
  });
});
