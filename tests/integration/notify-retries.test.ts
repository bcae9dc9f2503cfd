// @vitest-environment node
/**
 * Retries that end, against a webhook stand-in on 127.0.0.1 that misbehaves as real targets do: one that
 * records the lead then answers 302 (a Google Apps Script web app), one that refuses one lead (400), then
 * goes down, then comes back, and one that never comes back. The receiver runs as `npm start` runs it
 * (LEADS_DIR); the clock is moved by hand, so that the schedule's minutes and hours pass at once.
 */
import { mkdtemp } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { leadsLines } from '../../ops/leads/lines.ts';
import type { ContactValues } from '../../src/contact/contact-fields.ts';
import { inboxTable } from '../../ops/leads/inbox.ts';
import { maxAttempts, retryDelaysMs } from '../../src/api/contact/notify.ts';
import { createSiteReceiver } from '../../src/api/contact/site-receiver.ts';
import { filesLeadStore, nodeLeadStore } from '../../src/hosts/node/files-store.ts';
import { validLead } from '../fixtures/visitor.ts';

// Each with a text of their own: one text from a third address would be kept apart as spam (a repeated body).
const visitor = (name: string): ContactValues =>
  validLead({
    name,
    email: `${name.split(' ')[0]?.toLowerCase()}@example.com`,
    message: `Bonjour, ici ${name} : une question sur ma LLC.`,
  });

interface Hit {
  name: string;
  id: string;
  header: string | undefined;
  status: number;
}

/** A webhook stand-in on 127.0.0.1: `answer` decides each status; every request that reaches it is recorded. */
async function standIn(answer: (body: { name: string }) => number) {
  const hits: Hit[] = [];
  let server: Server | undefined;
  let port = 0;
  const start = () =>
    new Promise<void>((resolve) => {
      const listener = createServer((request, response) => {
        let text = '';
        request.on('data', (chunk: Buffer) => (text += chunk.toString()));
        request.on('end', () => {
          const body = JSON.parse(text);
          const status = answer(body);
          hits.push({ name: body.name, id: body.id, header: request.headers['idempotency-key'] as string | undefined, status });
          response.writeHead(status, status >= 300 && status < 400 ? { Location: '/ailleurs' } : {}).end('{}');
        });
      });
      server = listener;
      listener.listen(port, '127.0.0.1', () => {
        port = (listener.address() as AddressInfo).port;
        resolve();
      });
    });
  await start();
  return {
    hits,
    url: `http://127.0.0.1:${port}/hook`,
    /** Stops listening: the next attempts meet a refused connection. */
    down: () =>
      new Promise<void>((resolve) => {
        if (!server) return resolve();
        server.close(() => resolve());
        // Kept-alive connections too: otherwise a client could still reach the target through one.
        server.closeAllConnections();
      }),
    /** Listens again on the same port. */
    up: start,
  };
}

const post = (body: unknown) =>
  new Request('http://localhost/api/contact', {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  });

const minute = 60_000;
const t0 = Date.parse('2026-11-24T09:00:00Z');

async function site(url: string) {
  const dir = await mkdtemp(path.join(tmpdir(), 'propllc-retries-'));
  const env = { LEADS_DIR: dir, CONTACT_WEBHOOK_URL: url, CONTACT_RATE_LIMIT: '1000' };
  const log = vi.fn();
  const logError = vi.fn();
  const receiver = createSiteReceiver({ env, store: nodeLeadStore(env), log, logError });
  const send = async (name: string) => {
    const work: Promise<void>[] = [];
    expect((await receiver.handle(post(visitor(name)), {}, (after) => work.push(after))).status).toBe(200);
    await Promise.all(work);
  };
  const store = filesLeadStore(dir);
  const states = async () => Object.fromEntries((await store.list()).leads.map((lead) => [lead.name, lead.notification] as const));
  const lines = () => [...log.mock.calls, ...logError.mock.calls].map(([line]) => String(line));
  return { receiver, send, store, states, lines, logError, dir };
}

/** Moves the clock to `t0 + ms`, then runs a pass as the schedule would. */
const at = (ms: number) => vi.setSystemTime(new Date(t0 + ms));

afterEach(() => {
  vi.useRealTimers();
});

describe('retries that end', () => {
  it('a target that records the lead then answers 302 gets it once: « échec : HTTP 302 », never retried', async () => {
    const target = await standIn(() => 302);
    const { send, states, receiver, lines } = await site(target.url);
    vi.useFakeTimers({ toFake: ['Date'] });
    at(0);
    await send('Jeanne Martin');
    expect((await states())['Jeanne Martin']).toEqual({
      state: 'failed',
      attempts: 1,
      at: new Date(t0).toISOString(),
      reason: 'HTTP 302',
    });
    for (const later of [minute, 6 * minute, 3 * 60 * minute, 24 * 60 * minute]) {
      at(later);
      await receiver.retryPending?.();
    }
    expect(target.hits.map((hit) => hit.name)).toEqual(['Jeanne Martin']);
    // Said once, with what to do.
    expect(lines().filter((line) => line.startsWith('Notification abandonnée'))).toEqual([
      expect.stringMatching(
        /^Notification abandonnée \(webhook\) pour le message \S+ après 1 essai\(s\)\u202f: HTTP 302\. .* npm run leads -- --retry \S+\.$/,
      ),
    ]);
    await target.down();
  });

  it('a target that refuses one lead (400), goes down, then comes back: the others go out once each, the refused one never again', async () => {
    const target = await standIn((body) => (body.name === 'Paul Refusé' ? 400 : 200));
    const { send, states, receiver, store, lines } = await site(target.url);
    vi.useFakeTimers({ toFake: ['Date'] });
    at(0);
    await send('Paul Refusé');
    expect((await states())['Paul Refusé']).toMatchObject({ state: 'failed', attempts: 1, reason: 'HTTP 400' });

    await target.down();
    at(10_000);
    await send('Anne Durand');
    at(20_000);
    await send('Marc Petit');
    expect((await states())['Anne Durand']).toMatchObject({
      state: 'pending',
      attempts: 1,
      nextAt: new Date(t0 + 10_000 + minute).toISOString(),
    });

    // Down for the first retry too: each lead moves to its second delay, none holds back the other.
    at(90_000);
    expect(await receiver.retryPending?.()).toBe(0);
    expect((await states())['Anne Durand']).toMatchObject({ state: 'pending', attempts: 2 });
    expect((await states())['Marc Petit']).toMatchObject({ state: 'pending', attempts: 2 });
    // Before its next time, no lead is tried: nothing is logged either.
    const said = lines().length;
    at(3 * minute);
    expect(await receiver.retryPending?.()).toBe(0);
    expect(lines()).toHaveLength(said);

    await target.up();
    at(7 * minute);
    expect(await receiver.retryPending?.()).toBe(2);
    at(24 * 60 * minute);
    expect(await receiver.retryPending?.()).toBe(0);

    // What reached the target: the refused lead once, each other lead once, each with its id in the header. Anne's and
    // Marc's retries start together, so they may arrive in either order.
    expect(target.hits.map(({ name, status }) => `${name} ${status}`).sort()).toEqual([
      'Anne Durand 200',
      'Marc Petit 200',
      'Paul Refusé 400',
    ]);
    const { leads } = await store.list();
    for (const hit of target.hits) expect(hit.header, hit.name).toBe(leads.find((lead) => lead.name === hit.name)?.id);
    expect(target.hits.every((hit) => hit.id === hit.header)).toBe(true);

    // The operator's table says what failed and why.
    const table = inboxTable(leads, leadsLines).split('\n');
    expect(table[0]).toMatch(/ Notification$/);
    expect(table.find((line) => line.includes('Paul Refusé'))).toMatch(/ échec\u202f: HTTP 400$/);
    expect(table.find((line) => line.includes('Anne Durand'))).toMatch(/ envoyée$/);

    // Once the cause is fixed, --retry sends it again, once.
    const paul = leads.find((lead) => lead.name === 'Paul Refusé');
    await store.retry(paul?.id ?? '', new Date());
    expect((await states())['Paul Refusé']).toEqual({
      state: 'pending',
      attempts: 0,
      nextAt: new Date(t0 + 24 * 60 * minute).toISOString(),
    });
    await target.down();
  });

  it('a target that never comes back is asked as many times as the schedule allows, then the lead is « échec »', async () => {
    const target = await standIn(() => 200);
    await target.down();
    const { send, states, receiver, lines } = await site(target.url);
    vi.useFakeTimers({ toFake: ['Date'] });
    at(0);
    await send('Jeanne Martin');
    let elapsed = 0;
    for (const delay of retryDelaysMs) {
      elapsed += delay;
      // Just before its time, nothing; at its time, one attempt.
      at(elapsed - 1000);
      await receiver.retryPending?.();
      at(elapsed);
      await receiver.retryPending?.();
    }
    at(elapsed + 7 * 24 * 60 * minute);
    await receiver.retryPending?.();
    expect(maxAttempts).toBe(6);
    expect((await states())['Jeanne Martin']).toMatchObject({
      state: 'failed',
      attempts: maxAttempts,
      at: new Date(t0 + elapsed).toISOString(),
    });
    const attempts = lines().filter((line) => line.startsWith('Notification'));
    expect(attempts).toHaveLength(maxAttempts);
    expect(attempts.slice(0, -1).map((line) => /essai (\d) sur 6/.exec(line)?.[1])).toEqual(['1', '2', '3', '4', '5']);
    // The next attempt's time, in Paris: the first retry a minute after the message (10:01).
    expect(attempts[0]).toContain('prochain essai à 10:01');
    expect(attempts.at(-1)).toMatch(/^Notification abandonnée \(webhook\) pour le message \S+ après 6 essai\(s\)/);
  });
});
