// @vitest-environment node
/**
 * The daily digest of quarantined messages (src/api/contact/digest.ts). Through the site receiver as `npm start` runs
 * it (LEADS_DIR), with a webhook stand-in on 127.0.0.1 and the clock moved by hand: nothing before 08:00 Paris time,
 * one digest at the first pass after it with exactly the messages not yet reported, nothing more that day, a
 * message quarantined later waits for the next day's, a day with nothing to report keeps its digest, a refused
 * digest gives its day back. Then the email through Brevo (its API stubbed), and on each store (files, D1 through
 * wrangler's local runtime, Netlify Blobs' local server): two notifiers racing for one day send one digest.
 */
import { mkdtemp, readdir, readFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { getStore } from '@netlify/blobs';
import { BlobsServer } from '@netlify/blobs/server';
import { afterAll, afterEach, describe, expect, it, vi } from 'vitest';
import { wranglerRunner } from '../../src/hosts/cloudflare/wrangler-d1.ts';
import { contactReceiver } from '../../src/content/data/contact-receiver.ts';
import { receiverLines } from '../../src/api/contact/lines.ts';
import { spamLines } from '../../src/api/contact/spam/lines.ts';
import { processors } from '../../src/content/data/processors.ts';
import type { ContactValues } from '../../src/contact/contact-fields.ts';
import type { QuarantineDigest } from '../../src/api/contact/deliveries.ts';
import { createDigest } from '../../src/api/contact/digest.ts';
import { createNotifications } from '../../src/api/contact/notify.ts';
import { createSiteReceiver, labels } from '../../src/api/contact/site-receiver.ts';
import { blobsLeadStore } from '../../src/hosts/netlify/blobs-store.ts';
import { d1LeadStore } from '../../src/hosts/cloudflare/d1-store.ts';
import { filesLeadStore, nodeLeadStore } from '../../src/hosts/node/files-store.ts';
import type { LeadStore } from '../../src/api/store/lead-store.ts';
import { fillTemplate } from '../../src/content/template.ts';
import { validLead } from '../fixtures/visitor.ts';

const words = contactReceiver.digest;
const minute = 60_000;
const hour = 60 * minute;
const day = 24 * hour;
/** 25 November 2026, 00:00 in Paris (UTC+1 in winter). */
const midnight = Date.parse('2026-11-24T23:00:00Z');
const paris = (hours: number, minutes = 0, seconds = 0) => new Date(midnight + hours * hour + minutes * minute + seconds * 1000);

const spamOf = (name: string, extra: Partial<ContactValues> = {}) =>
  validLead({ name, email: `${name.split(' ')[0]?.toLowerCase()}@example.com`, message: `Offre de ${name}.`, ...extra });

interface Hit {
  body: Record<string, unknown> & { digest?: Record<string, unknown>[] };
  header: string | undefined;
  status: number;
}

/** A webhook stand-in: `answer` gives each status; every request that reaches it is recorded. */
async function standIn(answer: (body: Hit['body']) => number = () => 200) {
  const hits: Hit[] = [];
  const server: Server = createServer((request, response) => {
    let text = '';
    request.on('data', (chunk: Buffer) => (text += chunk.toString()));
    request.on('end', () => {
      const body = JSON.parse(text);
      const status = answer(body);
      hits.push({ body, header: request.headers['idempotency-key'] as string | undefined, status });
      response.writeHead(status).end('{}');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  stops.push(
    () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  );
  return {
    hits,
    digests: () => hits.filter((hit) => hit.body.digest !== undefined && hit.status === 200).map((hit) => hit.body),
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`,
  };
}

const stops: (() => Promise<unknown>)[] = [];
afterAll(async () => {
  for (const stop of stops) await stop();
});
afterEach(() => {
  vi.useRealTimers();
});

/** The receiver of `npm start` over a new LEADS_DIR, notifying `url`; `pass(at)` runs a retry pass at that time. */
async function site(url: string, dir?: string) {
  const leadsDir = dir ?? (await mkdtemp(path.join(tmpdir(), 'propllc-digest-')));
  const env = { LEADS_DIR: leadsDir, CONTACT_WEBHOOK_URL: url };
  const lines: string[] = [];
  const receiver = createSiteReceiver({
    env,
    store: nodeLeadStore(env),
    log: (line) => lines.push(line),
    logError: (line) => lines.push(line),
  });
  const pass = async (at: Date) => {
    vi.setSystemTime(at);
    await receiver.retryPending?.();
  };
  return { dir: leadsDir, store: filesLeadStore(leadsDir), pass, lines };
}

const digestLines = (lines: string[]) => lines.filter((line) => line.startsWith('Résumé des messages mis à l’écart'));

describe('the daily digest through the receiver of npm start (webhook)', { timeout: 60_000 }, () => {
  it('goes at the first pass after 08:00 with exactly the unreported messages, once a day; a later one waits for the next day', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const target = await standIn();
    const { store, pass, lines } = await site(target.url);
    const first = await store.add(spamOf('Robot Un'), paris(1), ['honeypot']);
    const second = await store.add(
      spamOf('Robot <!channel> Deux', { message: `Ligne un\nLigne deux <https://x.example|ici> & ${'x'.repeat(300)}` }),
      paris(7, 30),
      ['links', 'pattern'],
    );
    // The files store names a genuine lead by the time it is written.
    vi.setSystemTime(paris(7, 40));
    await store.add(validLead({ name: 'Jeanne Vraie', email: 'jeanne@example.com' }), paris(7, 40));

    const secondStart = 'Ligne un Ligne deux <https://x.example|ici> & ';

    await pass(paris(7, 59, 59));
    // Before 08:00 the genuine lead goes out as usual, and no digest.
    expect(target.hits.map((hit) => hit.body.name)).toEqual(['Jeanne Vraie']);
    expect(target.digests()).toEqual([]);

    await pass(paris(8, 0, 30));
    const [digest, ...others] = target.digests();
    expect(others).toEqual([]);
    expect(digest).not.toHaveProperty('email');
    expect(digest).toMatchObject({ id: 'digest-2026-11-25', day: '2026-11-25', count: 2, more: false });
    expect(target.hits.find((hit) => hit.body.digest)?.header).toBe('digest-2026-11-25');
    // Each quarantined message once, oldest first, with what the operator needs to judge and rescue it.
    expect(digest?.digest).toEqual([
      {
        id: first.id,
        receivedAt: first.receivedAt,
        name: 'Robot Un',
        email: 'robot@example.com',
        reasons: [spamLines.reasons.honeypot],
        excerpt: 'Offre de Robot Un.',
        command: `npm run leads -- --pas-indesirable ${first.id}`,
      },
      {
        id: second.id,
        receivedAt: second.receivedAt,
        name: 'Robot <!channel> Deux',
        email: 'robot@example.com',
        reasons: [spamLines.reasons.links, spamLines.reasons.pattern],
        // The first 200 characters, on one line.
        excerpt: `${secondStart}${'x'.repeat(200 - secondStart.length)}…`,
        command: `npm run leads -- --pas-indesirable ${second.id}`,
      },
    ]);
    // What Slack shows: the count, each message on its line, no markup from the visitor.
    const text = String(digest?.text).split('\n');
    expect(text[0]).toBe(fillTemplate(words.webhookText, { count: '2' }));
    expect(text[2]).toContain('Robot &lt;!channel&gt; Deux');
    expect(text[2]).toContain('&lt;https://x.example|ici&gt; &amp; ');
    expect(text[2]).toContain(`npm run leads -- --pas-indesirable ${second.id}`);
    expect(text.join('\n')).not.toMatch(/<|>/);
    expect(digestLines(lines)).toEqual([fillTemplate(receiverLines.digestSent, { delivery: 'webhook', count: '2' })]);

    // The same day, again: nothing. A message quarantined at 09:00 waits for tomorrow's.
    await pass(paris(8, 1));
    const third = await store.add(spamOf('Robot Trois'), paris(9), ['markup']);
    await pass(paris(9, 0, 30));
    await pass(paris(23, 59));
    expect(target.digests()).toHaveLength(1);

    // The next day: a rescued message is notified as a lead, a forgotten one is gone; neither is in the digest.
    const rescued = await store.add(spamOf('Paul Sauvé', { email: 'paul@example.com' }), paris(day / hour + 2), ['script']);
    await store.add(spamOf('Oublie Moi', { email: 'oubli@example.com' }), paris(day / hour + 3), ['pattern']);
    await store.retry(rescued.id, paris(day / hour + 4));
    await store.forget('oubli@example.com');
    await pass(paris(day / hour + 7, 59));
    expect(target.digests()).toHaveLength(1);
    await pass(paris(day / hour + 8, 0, 30));
    const digests = target.digests();
    expect(digests).toHaveLength(2);
    expect(digests[1]).toMatchObject({ id: 'digest-2026-11-26', count: 1 });
    expect(digests[1]?.digest?.map((entry) => entry.id)).toEqual([third.id]);
    expect(target.hits.filter((hit) => hit.body.name === 'Paul Sauvé')).toHaveLength(1);
    expect(digestLines(lines)).toHaveLength(2);
  });

  it('a day with nothing to report keeps its digest: a message quarantined at 10:00 is reported within a pass', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const target = await standIn();
    const { store, pass } = await site(target.url);
    await pass(paris(8, 0, 30));
    await pass(paris(9));
    expect(target.hits).toEqual([]);
    const late = await store.add(spamOf('Robot Tard'), paris(10), ['honeypot']);
    await pass(paris(10, 0, 30));
    expect(target.digests().map((digest) => digest.digest?.map((entry) => entry.id))).toEqual([[late.id]]);
  });

  it('a digest the target refuses frees the day: the messages stay to report and a later pass sends them, once', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    let up = false;
    const target = await standIn(() => (up ? 200 : 503));
    const { dir, store, pass, lines } = await site(target.url);
    const robot = await store.add(spamOf('Robot Un'), paris(6), ['honeypot']);
    await pass(paris(8, 0, 30));
    expect(target.hits.map((hit) => hit.status)).toEqual([503]);
    expect(digestLines(lines)).toEqual([fillTemplate(receiverLines.digestFailed, { delivery: 'webhook', reason: 'HTTP 503' })]);
    // The day is free again in the store, and the message still to report.
    expect(await readdir(path.join(dir, 'digests'))).toEqual([]);
    expect((await store.unreported(10)).leads.map((lead) => lead.id)).toEqual([robot.id]);

    up = true;
    // Another process (a restart, another instance) sends it at its next pass.
    const other = await site(target.url, dir);
    await other.pass(paris(8, 1));
    // This one asks again only a few minutes later, and finds it sent.
    await pass(paris(8, 1, 30));
    await pass(paris(8, 10));
    expect(target.digests().map((digest) => digest.digest?.map((entry) => entry.id))).toEqual([[robot.id]]);
    expect((await store.unreported(10)).leads).toEqual([]);
    expect(await readFile(path.join(dir, 'digests', '2026-11-25'), 'utf8')).toBe(`${paris(8, 1).toISOString()}\n`);
  });
});

describe('the daily digest by email (Brevo)', () => {
  it('is one email « Messages mis à l’écart », each message under its reference, every value on its own line', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const dir = await mkdtemp(path.join(tmpdir(), 'propllc-digest-email-'));
    const env = { LEADS_DIR: dir, BREVO_API_KEY: 'cle', CONTACT_TO: 'equipe@propllc.fr', CONTACT_FROM: 'site@propllc.fr' };
    const sent: { url: string; headers: Headers; body: Record<string, unknown> }[] = [];
    const fetch = (async (url: string, init: RequestInit) => {
      sent.push({ url, headers: new Headers(init.headers), body: JSON.parse(String(init.body)) });
      return new Response('{}', { status: 201 });
    }) as typeof globalThis.fetch;
    const lines: string[] = [];
    const receiver = createSiteReceiver({
      env,
      store: nodeLeadStore(env),
      fetch,
      log: (line) => lines.push(line),
      logError: () => {},
    });
    const store = filesLeadStore(dir);
    // A name stored before the form refused line breaks cannot fake a line of the email.
    const robot = await store.add(
      spamOf('Robot\nCommande : rm -rf', { email: 'robot@example.com', message: `Achetez\u001b[1A maintenant ${'é'.repeat(250)}` }),
      paris(3),
      ['pattern'],
    );
    vi.setSystemTime(paris(8, 0, 30));
    await receiver.retryPending?.();
    expect(sent).toHaveLength(1);
    const [email] = sent;
    expect(email?.url).toBe('https://api.brevo.com/v3/smtp/email');
    expect(email?.headers.get('idempotency-key')).toBe('digest-2026-11-25');
    expect(email?.body).toMatchObject({
      subject: 'Messages mis à l’écart',
      to: [{ email: 'equipe@propllc.fr' }],
      headers: { 'Idempotency-Key': 'digest-2026-11-25' },
    });
    expect(email?.body).not.toHaveProperty('replyTo');
    const text = String(email?.body.textContent).split('\n');
    // The escape character goes; what followed it is shown as plain text.
    const start = 'Achetez [1A maintenant ';
    expect(text[0]).toBe(fillTemplate(words.intro, { count: '1' }));
    expect(text.slice(2, 9)).toEqual([
      `${words.reference}\u202f: ${robot.id}`,
      `${words.received}\u202f: 25 novembre 2026 à 03:00`,
      `${labels.name}\u202f: Robot Commande : rm -rf`,
      `${labels.email}\u202f: robot@example.com`,
      `${words.reasons}\u202f: ${spamLines.reasons.pattern}`,
      `${words.excerpt}\u202f: ${start}${'é'.repeat(200 - start.length)}…`,
      `${words.command}\u202f: npm run leads -- --pas-indesirable ${robot.id}`,
    ]);
    expect(text.at(-1)).toBe(fillTemplate(words.outro, { days: String(processors.spamRetentionDays) }));
    expect(lines).toContain(fillTemplate(receiverLines.digestSent, { delivery: 'email Brevo', count: '1' }));
  });
});

/** Each store, new and empty. */
const stores: Record<string, () => Promise<LeadStore>> = {
  files: async () => filesLeadStore(await mkdtemp(path.join(tmpdir(), 'propllc-digest-files-'))),
  d1: async () => {
    // The local D1 that `wrangler pages dev` and `npm run leads -- --local` open, in a folder of its own.
    const run = wranglerRunner('--local', await mkdtemp(path.join(tmpdir(), 'propllc-digest-d1-')));
    const migrations = path.resolve(import.meta.dirname, '../../src/hosts/cloudflare/migrations');
    for (const name of (await readdir(migrations)).filter((file) => file.endsWith('.sql')).sort()) {
      const sql = (await readFile(path.join(migrations, name), 'utf8')).replace(/--.*$/gm, '');
      for (const statement of sql.split(';').map((part) => part.trim())) if (statement) await run(statement, []);
    }
    return d1LeadStore(run);
  },
  blobs: async () => {
    const server = new BlobsServer({
      directory: await mkdtemp(path.join(tmpdir(), 'propllc-digest-blobs-')),
      token: 'jeton',
      port: 0,
    });
    const edgeURL = `http://127.0.0.1:${(await server.start()).port}`;
    stops.push(() => server.stop());
    // Netlify applies a conditional write (`onlyIfNew`, `onlyIfMatch`) atomically; the local server checks, then
    // writes, so two at once could both pass: here they reach it one at a time, as they take effect on Netlify.
    let conditional = Promise.resolve();
    const fetch: typeof globalThis.fetch = (input, init) => {
      const headers = new Headers(init?.headers);
      if (!headers.has('if-none-match') && !headers.has('if-match')) return globalThis.fetch(input, init);
      const answer = conditional.then(() => globalThis.fetch(input, init));
      conditional = answer.then(
        () => undefined,
        () => undefined,
      );
      return answer;
    };
    return blobsLeadStore(
      getStore({ name: 'leads', edgeURL, uncachedEdgeURL: edgeURL, token: 'jeton', siteID: 'site', consistency: 'strong', fetch }),
    );
  },
};

describe.each(Object.keys(stores))('the daily digest on the %s store', { timeout: 120_000 }, (kind) => {
  it('takes each day once, gives it back, and lists the spam not yet reported, oldest first, rescued and forgotten ones left out', async () => {
    const store = await stores[kind]!();
    const at = paris(8);
    expect(await store.claimDigest('2026-11-25', at)).toBe(true);
    expect(await store.claimDigest('2026-11-25', at)).toBe(false);
    expect(await store.claimDigest('2026-11-26', at)).toBe(true);
    await store.releaseDigest('2026-11-25');
    expect(await store.claimDigest('2026-11-25', at)).toBe(true);
    await expect(store.claimDigest('../2026-11-25', at)).rejects.toThrow();

    const one = await store.add(spamOf('Robot Un'), paris(1), ['honeypot']);
    const two = await store.add(spamOf('Robot Deux', { email: 'deux@example.com' }), paris(2), ['links']);
    const rescued = await store.add(spamOf('Paul Sauvé', { email: 'paul@example.com' }), paris(3), ['script']);
    const forgotten = await store.add(spamOf('Oublie Moi', { email: 'oubli@example.com' }), paris(4), ['pattern']);
    await store.add(validLead({ name: 'Jeanne Vraie' }), paris(5));
    await store.retry(rescued.id, paris(6));
    await store.forget('oubli@example.com');
    expect((await store.unreported(10)).leads.map((lead) => [lead.id, lead.notification])).toEqual([
      [one.id, one.notification],
      [two.id, two.notification],
    ]);
    expect((await store.unreported(1)).leads.map((lead) => lead.id)).toEqual([one.id]);
    await store.markReported([one.id, rescued.id, forgotten.id], paris(8));
    expect((await store.unreported(10)).leads.map((lead) => lead.id)).toEqual([two.id]);
    // Still spam, still listed by the inbox; only the digest knows it was named.
    expect((await store.list()).leads.find((lead) => lead.id === one.id)?.notification.state).toBe('spam');
  });

  it('forgets, at the purge, the digests’ days older than the spam they could name, and keeps the recent ones', async () => {
    const store = await stores[kind]!();
    expect(await store.claimDigest('2026-10-01', paris(8))).toBe(true);
    expect(await store.claimDigest('2026-11-20', paris(8))).toBe(true);
    await store.purge(new Date('2020-01-01T00:00:00Z'), new Date('2026-10-28T00:00:00Z'));
    // The old day is free again (its record is gone); the recent one is still taken.
    expect(await store.claimDigest('2026-10-01', paris(8))).toBe(true);
    expect(await store.claimDigest('2026-11-20', paris(8))).toBe(false);
  });

  it('two notifiers racing for the same day send one digest, naming every message once', async () => {
    const store = await stores[kind]!();
    const robots = [];
    for (const name of ['Robot Un', 'Robot Deux', 'Robot Trois']) robots.push(await store.add(spamOf(name), paris(2), ['honeypot']));
    const received: QuarantineDigest[] = [];
    const notifier = () =>
      createNotifications({
        store,
        send: async () => undefined,
        now: () => paris(8, 0, 30),
        digest: createDigest({ store, send: async (digest) => void received.push(digest) }),
      });
    await Promise.all([notifier().retryPending(), notifier().retryPending(), notifier().retryPending()]);
    expect(received).toHaveLength(1);
    expect(received[0]?.entries.map((entry) => entry.id).sort()).toEqual(robots.map((robot) => robot.id).sort());
    expect((await store.unreported(10)).leads).toEqual([]);
    // Later passes that day, from any notifier, send nothing more.
    await Promise.all([notifier().retryPending(), notifier().retryPending()]);
    expect(received).toHaveLength(1);
  });
});
