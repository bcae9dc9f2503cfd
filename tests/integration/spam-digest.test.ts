// @vitest-environment node
/**
 * The daily digest (src/api/contact/digest.ts): everything since the last one, the obvious bots (trap field, markup)
 * counted, the other messages kept apart named, newest first. Through the API as `npm start` runs it (LEADS_DIR,
 * tests/fixtures/api.ts), a recording stand-in for the webhook and the clock injected: nothing before 08:00 Paris
 * time, one digest at the first pass after it with exactly what was not yet reported, nothing more that day, a
 * message quarantined later waits for the next day's, a day with nothing to report keeps its digest, a refused
 * digest gives its day back; a day of bots counted, and the one message they hid named; each digest's id its own.
 * Then the email through Brevo (its API stubbed), and on each store (files, D1 in miniflare's local runtime,
 * Netlify Blobs' local server): the day taken once, what is reported, two notifiers racing for one day.
 */
import { randomUUID } from 'node:crypto';
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDigest } from '../../src/api/contact/digest.ts';
import type { QuarantineDigest } from '../../src/api/contact/delivery/digest-text.ts';
import { receiverLines } from '../../src/api/contact/lines.ts';
import { createNotifications } from '../../src/api/contact/notify.ts';
import { spamLines } from '../../src/api/contact/spam/lines.ts';
import { spamCaps } from '../../src/api/contact/spam/weights.ts';
import { deliveryStatusStore } from '../../src/api/store/delivery-status.ts';
import type { Driver } from '../../src/api/store/driver.ts';
import type { StoredLead } from '../../src/api/store/lead.ts';
import { type Judged, type LeadStore, leadStore } from '../../src/api/store/lead-store.ts';
import { memoryDriver } from '../../src/api/store/memory-driver.ts';
import type { ContactValues } from '../../src/contact/contact-fields.ts';
import { labels } from '../../src/api/contact/channel.ts';
import { contactReceiver } from '../../src/content/data/contact-receiver.ts';
import { processors } from '../../src/content/data/processors.ts';
import { fillTemplate } from '../../src/content/template.ts';
import { d1Driver } from '../../src/hosts/cloudflare/d1-driver.ts';
import { d1Binding } from '../../src/hosts/cloudflare/store.ts';
import { type LocalD1, openLocalD1 } from '../../src/hosts/cloudflare/wrangler-d1.ts';
import { blobsDriver } from '../../src/hosts/netlify/blobs-driver.ts';
import { filesDriver } from '../../src/hosts/node/files-driver.ts';
import { type Sent, testApi } from '../fixtures/api.ts';
import { type LocalBlobs, startBlobs } from '../fixtures/blobs-server.ts';
import { migrate } from '../fixtures/d1-migrate.ts';
import { validLead } from '../fixtures/visitor.ts';

const words = contactReceiver.digest;
const minute = 60_000;
const hour = 60 * minute;
const day = 24 * hour;
/** 25 November 2026, 00:00 in Paris (UTC+1 in winter). */
const midnight = Date.parse('2026-11-24T23:00:00Z');
const paris = (hours: number, minutes = 0, seconds = 0) => new Date(midnight + hours * hour + minutes * minute + seconds * 1000);
const digestId = (on: string) => new RegExp(`^digest-${on}-[0-9a-f]{12}$`);

const spamOf = (name: string, extra: Partial<ContactValues> = {}) =>
  validLead({ name, email: `${name.split(' ')[0]?.toLowerCase()}@example.com`, message: `Offre de ${name}.`, ...extra });
const judged = (...reasons: string[]): Judged => ({ spam: { reasons, kind: 'judged' } });
const bot = (kind: 'honeypot' | 'markup'): Judged => ({ spam: { reasons: [kind], kind } });

/** A lead the store kept (never refused here). */
async function kept(store: LeadStore, values: ContactValues, at: Date, how?: Judged): Promise<StoredLead> {
  const lead = await store.add(values, at, how);
  if (!('id' in lead)) throw new Error(`refused: ${lead.refused}`);
  return lead;
}

type Digest = Record<string, unknown> & { id?: string; digest?: Record<string, unknown>[] };
/** The digests the webhook received and accepted. */
const digestsOf = (sent: readonly (Sent & { status?: number })[]) =>
  sent.filter((hit) => (hit.body as Digest).digest !== undefined && (hit.status ?? 200) < 300).map((hit) => hit.body as Digest);
const leadsOf = (sent: readonly Sent[]) =>
  sent.filter((hit) => (hit.body as Digest).digest === undefined).map((hit) => hit.body as Digest);
const digestLines = (lines: string[]) => lines.filter((line) => line.startsWith('Résumé des messages mis à l’écart'));

/**
 * The API of `npm start` over LEADS_DIR (a new one unless given), notifying a webhook whose answers `status` gives;
 * `pass(at)` runs the day's work at that time, as the server's timer does.
 */
async function site(options: { dir?: string; status?: () => number; env?: Record<string, string> } = {}) {
  const dir = options.dir ?? (await mkdtemp(path.join(tmpdir(), 'propllc-digest-')));
  let time = paris(0).getTime();
  const sent: (Sent & { status: number })[] = [];
  const api = await testApi(options.env ?? { CONTACT_WEBHOOK_URL: 'https://hooks.example.org/propllc' }, {
    leads: filesDriver(dir),
    now: () => new Date(time),
    answer: (hit) => {
      const status = options.status?.() ?? 200;
      sent.push({ ...hit, status });
      return status;
    },
  });
  const pass = async (at: Date) => {
    time = at.getTime();
    await api.api.scheduled();
  };
  const lines = () => [...api.log, ...api.errors];
  return {
    dir,
    driver: filesDriver(dir),
    store: leadStore(filesDriver(dir), { spamCaps }),
    api,
    sent,
    pass,
    lines,
    at: (at: Date) => (time = at.getTime()),
  };
}

describe('the daily digest through the API of npm start (webhook)', () => {
  it('goes at the first pass after 08:00 with exactly what was not reported, once a day; a later one waits for the next day', async () => {
    const { store, sent, pass, lines } = await site();
    await kept(store, spamOf('Robot Un'), paris(1), bot('honeypot'));
    const second = await kept(
      store,
      spamOf('Robot <!channel> Deux', { message: `Ligne un\nLigne deux <https://x.example|ici> & ${'x'.repeat(300)}` }),
      paris(7, 30),
      judged('links', 'pattern'),
    );
    await kept(store, validLead({ name: 'Jeanne Vraie', email: 'jeanne@example.com' }), paris(7, 40));

    const secondStart = 'Ligne un Ligne deux <https://x.example|ici> & ';

    await pass(paris(7, 59, 59));
    // Before 08:00 the genuine lead goes out as usual, and no digest.
    expect(leadsOf(sent).map((body) => body.name)).toEqual(['Jeanne Vraie']);
    expect(digestsOf(sent)).toEqual([]);

    await pass(paris(8, 0, 30));
    const [digest, ...others] = digestsOf(sent);
    expect(others).toEqual([]);
    expect(digest).not.toHaveProperty('email');
    // The trap field's robot counted; the other message named, with what the operator needs to judge and rescue it.
    expect(digest).toMatchObject({
      id: expect.stringMatching(digestId('2026-11-25')),
      day: '2026-11-25',
      count: 1,
      counted: { honeypot: 1 },
      refused: {},
    });
    expect(sent.find((hit) => (hit.body as Digest).digest)?.headers['idempotency-key']).toBe(digest?.id);
    expect(digest?.digest).toEqual([
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
    // What Slack shows: the count, the bots counted, each message on its line, no markup from the visitor.
    const text = String(digest?.text).split('\n');
    expect(text[0]).toBe(fillTemplate(words.webhookText, { count: '2' }));
    expect(text[1]).toBe(fillTemplate(words.counted, { count: '1', kinds: `1 ${spamLines.reasons.honeypot}` }));
    expect(text[2]).toContain('Robot &lt;!channel&gt; Deux');
    expect(text[2]).toContain('&lt;https://x.example|ici&gt; &amp; ');
    expect(text[2]).toContain(`npm run leads -- --pas-indesirable ${second.id}`);
    expect(text.join('\n')).not.toMatch(/<|>/);
    expect(digestLines(lines())).toEqual([fillTemplate(receiverLines.digestSent, { delivery: 'webhook', count: '2' })]);

    // The same day, again: nothing. A message quarantined at 09:00 waits for tomorrow's.
    await pass(paris(8, 1));
    const third = await kept(store, spamOf('Robot Trois'), paris(9), judged('pattern', 'disposable'));
    await pass(paris(9, 0, 30));
    await pass(paris(23, 59));
    expect(digestsOf(sent)).toHaveLength(1);

    // The next day: a rescued message is notified as a lead, a forgotten one is gone; neither is in the digest.
    const rescued = await kept(store, spamOf('Paul Sauvé', { email: 'paul@example.com' }), paris(day / hour + 2), judged('pattern'));
    await kept(store, spamOf('Oublie Moi', { email: 'oubli@example.com' }), paris(day / hour + 3), judged('pattern'));
    expect(await store.rescue(rescued.id, paris(day / hour + 4))).toBeDefined();
    await store.forget('oubli@example.com');
    await pass(paris(day / hour + 7, 59));
    expect(digestsOf(sent)).toHaveLength(1);
    await pass(paris(day / hour + 8, 0, 30));
    const digests = digestsOf(sent);
    expect(digests).toHaveLength(2);
    expect(digests[1]).toMatchObject({ id: expect.stringMatching(digestId('2026-11-26')), count: 1, counted: {} });
    expect(digests[1]?.digest?.map((entry) => entry.id)).toEqual([third.id]);
    expect(leadsOf(sent).filter((body) => body.name === 'Paul Sauvé')).toHaveLength(1);
    expect(digestLines(lines())).toHaveLength(2);
  });

  it('a day with nothing to report keeps its digest: a message quarantined at 10:00 is reported within a pass', async () => {
    const { store, sent, pass } = await site();
    await pass(paris(8, 0, 30));
    await pass(paris(9));
    expect(sent).toEqual([]);
    const late = await kept(store, spamOf('Robot Tard'), paris(10), judged('pattern', 'disposable'));
    await pass(paris(10, 0, 30));
    expect(digestsOf(sent).map((digest) => digest.digest?.map((entry) => entry.id))).toEqual([[late.id]]);
  });

  it('a digest the target refuses frees the day: the messages stay to report and a later pass sends them, once', async () => {
    let up = false;
    const { dir, driver, store, sent, pass, lines } = await site({ status: () => (up ? 200 : 503) });
    const robot = await kept(store, spamOf('Robot Un'), paris(6), judged('pattern', 'disposable'));
    await pass(paris(8, 0, 30));
    expect(sent.map((hit) => hit.status)).toEqual([503]);
    expect(digestLines(lines())).toEqual([fillTemplate(receiverLines.digestFailed, { delivery: 'webhook', reason: 'HTTP 503' })]);
    // The day is free again in the store, and the message still to report.
    expect(await driver.get('digest/day/2026-11-25')).toBeUndefined();
    expect((await store.unreported()).judged.map((lead) => lead.id)).toEqual([robot.id]);

    up = true;
    // Another process (a restart, another instance) sends it at its next pass.
    const other = await site({ dir, status: () => 200 });
    await other.pass(paris(8, 1));
    // This one asks again only a few minutes later, and finds it sent.
    await pass(paris(8, 1, 30));
    await pass(paris(8, 10));
    const accepted = [...digestsOf(sent), ...digestsOf(other.sent)];
    expect(accepted.map((digest) => digest.digest?.map((entry) => entry.id))).toEqual([[robot.id]]);
    expect(await store.unreported()).toMatchObject({ counted: {}, judged: [], failed: [], refused: {} });
    expect((await driver.get('digest/day/2026-11-25'))?.value).toBe(paris(8, 1).toISOString());
  });
});

describe('a day of bots in the digest', () => {
  it('counts 150 trap-field posts and 60 BBCode spams, and names the one message they would have hidden', async () => {
    let time = paris(6).getTime();
    const api = await testApi(
      { CONTACT_WEBHOOK_URL: 'https://hooks.example.org/propllc' },
      { leads: memoryDriver('memoire'), now: () => new Date(time) },
    );
    const post = async (values: Record<string, unknown>) => {
      time += 1000;
      expect((await api.post(values as ContactValues)).status).toBe(200);
    };
    for (let index = 0; index < 150; index += 1) {
      await post({
        ...validLead({ name: `Robot ${index}`, email: `robot${index}@example.com` }),
        website: `https://bot${index}.example`,
      });
    }
    for (let index = 0; index < 60; index += 1) {
      await post(
        validLead({
          name: `Promo ${index}`,
          email: `promo${index}@example.com`,
          message: `[url=https://promo${index}.example]Promo ${index}[/url]`,
        }),
      );
    }
    // Two strong signals, no markup, no trap field: a spam phrase and a throw-away address.
    const hidden = validLead({
      name: 'Sam Seo',
      email: 'sam.seo@yopmail.com',
      message: 'Hello, we can bring your LLC site to the first page of Google within a week.',
    });
    await post(hidden);
    await api.settle();
    const store = leadStore(api.leads, { spamCaps });
    const apart = (await store.list()).leads;
    const named = apart.find((lead) => lead.email === hidden.email);
    expect(named?.notification).toMatchObject({ state: 'spam', reasons: expect.arrayContaining(['pattern', 'disposable']) });
    expect(apart.filter((lead) => lead.notification.state === 'spam')).toHaveLength(211);
    expect(api.sent).toEqual([]);

    // The first pass after 08:00.
    time = paris(8, 0, 30).getTime();
    await api.api.scheduled();
    expect(api.sent).toHaveLength(1);
    const digest = api.sent[0]?.body as Digest;
    expect(digest).toMatchObject({ day: '2026-11-25', count: 1, counted: { honeypot: 150, markup: 60 }, refused: {} });
    expect(digest.digest).toEqual([
      expect.objectContaining({
        id: named?.id,
        email: hidden.email,
        excerpt: hidden.message,
        reasons: expect.arrayContaining([spamLines.reasons.pattern, spamLines.reasons.disposable]),
        command: `npm run leads -- --pas-indesirable ${named?.id}`,
      }),
    ]);
    const text = String(digest.text).split('\n');
    expect(text[0]).toBe(fillTemplate(words.webhookText, { count: '211' }));
    expect(text[1]).toBe(
      fillTemplate(words.counted, { count: '210', kinds: `150 ${spamLines.reasons.honeypot}, 60 ${spamLines.reasons.markup}` }),
    );
    expect(text[2]).toContain(hidden.email);
    expect(text.filter((line) => line.startsWith('• '))).toHaveLength(1);
    expect(api.log).toContain(fillTemplate(receiverLines.digestSent, { delivery: 'webhook', count: '211' }));
  });

  it('gives two digests of one day with different content different ids (webhook-id), the same content the same', async () => {
    const secret = `whsec_${Buffer.alloc(32, 7).toString('base64')}`;
    let up = false;
    const { store, sent, pass } = await site({
      env: { CONTACT_WEBHOOK_URL: 'https://hooks.example.org/propllc', CONTACT_WEBHOOK_SECRET: secret },
      status: () => (up ? 200 : 503),
    });
    await kept(store, spamOf('Robot Un'), paris(6), judged('pattern', 'disposable'));
    // Refused, and again a few minutes later: the same digest, the same id (a receiver drops a repeat).
    await pass(paris(8, 0, 30));
    await pass(paris(8, 6));
    // Another message meanwhile: the digest that goes says more, under another id.
    await kept(store, spamOf('Robot Deux'), paris(8, 7), judged('pattern', 'disposable'));
    up = true;
    await pass(paris(8, 12));
    const posts = sent.filter((hit) => (hit.body as Digest).digest !== undefined);
    expect(posts.map((hit) => [hit.status, (hit.body as Digest).digest?.length])).toEqual([
      [503, 1],
      [503, 1],
      [200, 2],
    ]);
    const ids = posts.map((hit) => hit.headers['webhook-id']);
    for (const [index, hit] of posts.entries()) {
      expect(ids[index]).toMatch(digestId('2026-11-25'));
      expect((hit.body as Digest).id).toBe(ids[index]);
      expect(hit.headers['webhook-signature']).toMatch(/^v1,/);
    }
    expect(ids[1]).toBe(ids[0]);
    expect(ids[2]).not.toBe(ids[0]);
  });
});

describe('the daily digest by email (Brevo)', () => {
  it('is one email « Messages mis à l’écart », each message under its reference, every value on its own line', async () => {
    const { store, sent, pass, lines } = await site({
      env: { BREVO_API_KEY: 'cle', CONTACT_TO: 'equipe@propllc.fr', CONTACT_FROM: 'site@propllc.fr' },
      status: () => 201,
    });
    // A name stored before the form refused line breaks cannot fake a line of the email.
    const robot = await kept(
      store,
      spamOf('Robot\nCommande : rm -rf', { email: 'robot@example.com', message: `Achetez\u001b[1A maintenant ${'é'.repeat(250)}` }),
      paris(3),
      judged('pattern'),
    );
    await pass(paris(8, 0, 30));
    expect(sent).toHaveLength(1);
    const [email] = sent;
    expect(email?.url).toBe('https://api.brevo.com/v3/smtp/email');
    const id = email?.headers['idempotency-key'];
    expect(id).toMatch(digestId('2026-11-25'));
    expect(email?.body).toMatchObject({
      subject: 'Messages mis à l’écart',
      to: [{ email: 'equipe@propllc.fr' }],
      headers: { 'Idempotency-Key': id },
    });
    expect(email?.body).not.toHaveProperty('replyTo');
    const text = String((email?.body as { textContent?: string } | undefined)?.textContent).split('\n');
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
    expect(lines()).toContain(fillTemplate(receiverLines.digestSent, { delivery: 'email Brevo', count: '1' }));
  });
});

let blobs: LocalBlobs | undefined;
let local: LocalD1 | undefined;
beforeAll(async () => {
  blobs = await startBlobs();
  local = await openLocalD1(await mkdtemp(path.join(tmpdir(), 'propllc-digest-d1-')));
  await migrate(local.runner(d1Binding), path.resolve(import.meta.dirname, '../../src/hosts/cloudflare/migrations'));
});
afterAll(async () => {
  await blobs?.stop();
  await local?.dispose();
});

/** Each host's driver, over a new, empty store. */
const drivers: Record<string, () => Promise<Driver>> = {
  files: async () => filesDriver(await mkdtemp(path.join(tmpdir(), 'propllc-digest-files-'))),
  d1: async () => {
    if (!local) throw new Error('D1 not started');
    const run = local.runner(d1Binding);
    await run('DELETE FROM kv', []);
    return d1Driver(run, 'D1');
  },
  blobs: async () => {
    if (!blobs) throw new Error('Blobs not started');
    return blobsDriver(blobs.open('leads', `site-${randomUUID()}`), 'blobs');
  },
};

describe.each(Object.keys(drivers))('the daily digest on the %s store', (kind) => {
  const openDriver = async (): Promise<Driver> => {
    const make = drivers[kind];
    if (!make) throw new Error(`no ${kind} driver`);
    return make();
  };
  const open = async () => leadStore(await openDriver(), { spamCaps });

  it('takes each day once, gives it back, and reports the spam not yet reported, newest first, rescued and forgotten ones left out', async () => {
    const store = await open();
    const at = paris(8);
    expect(await store.claimDigest('2026-11-25', at)).toBe(true);
    expect(await store.claimDigest('2026-11-25', at)).toBe(false);
    expect(await store.claimDigest('2026-11-26', at)).toBe(true);
    await store.releaseDigest('2026-11-25');
    expect(await store.claimDigest('2026-11-25', at)).toBe(true);
    await expect(store.claimDigest('../2026-11-25', at)).rejects.toThrow();

    await kept(store, spamOf('Robot Un'), paris(1), bot('honeypot'));
    const two = await kept(store, spamOf('Robot Deux', { email: 'deux@example.com' }), paris(2), judged('links'));
    const three = await kept(
      store,
      spamOf('Robot Trois', { email: 'trois@example.com' }),
      paris(2, 30),
      judged('pattern', 'disposable'),
    );
    const rescued = await kept(store, spamOf('Paul Sauvé', { email: 'paul@example.com' }), paris(3), judged('pattern'));
    await kept(store, spamOf('Oublie Moi', { email: 'oubli@example.com' }), paris(4), judged('pattern'));
    await kept(store, validLead({ name: 'Jeanne Vraie' }), paris(5));
    await store.rescue(rescued.id, paris(6));
    await store.forget('oubli@example.com');
    const found = await store.unreported();
    expect(found.counted).toEqual({ honeypot: 1 });
    expect(found.judged.map((lead) => [lead.id, lead.notification])).toEqual([
      [three.id, three.notification],
      [two.id, two.notification],
    ]);
    await store.markReported(found.mark);
    expect(await store.unreported()).toMatchObject({ counted: {}, judged: [] });
    const later = await kept(store, spamOf('Robot Quatre', { email: 'quatre@example.com' }), paris(9), bot('markup'));
    expect((await store.unreported()).counted).toEqual({ markup: 1 });
    // Still spam, still listed by the inbox; only the digest knows it was reported.
    expect((await store.list()).leads.find((lead) => lead.id === two.id)?.notification.state).toBe('spam');
    expect((await store.list()).leads.find((lead) => lead.id === later.id)?.notification.state).toBe('spam');
  });

  it('forgets, at the purge, the digests’ days older than the spam they could name, and keeps the recent ones', async () => {
    const store = await open();
    expect(await store.claimDigest('2026-10-01', paris(8))).toBe(true);
    expect(await store.claimDigest('2026-11-20', paris(8))).toBe(true);
    await store.purge(new Date('2020-01-01T00:00:00Z'), new Date('2026-10-28T00:00:00Z'));
    // The old day is free again (its record is gone); the recent one is still taken.
    expect(await store.claimDigest('2026-10-01', paris(8))).toBe(true);
    expect(await store.claimDigest('2026-11-20', paris(8))).toBe(false);
  });

  it('two notifiers racing for the same day send one digest, naming every message once', async () => {
    const driver = await openDriver();
    const store = leadStore(driver, { spamCaps });
    const status = deliveryStatusStore(driver);
    const robots: StoredLead[] = [];
    for (const name of ['Robot Un', 'Robot Deux', 'Robot Trois'])
      robots.push(await kept(store, spamOf(name), paris(2), judged('pattern', 'disposable')));
    const received: QuarantineDigest[] = [];
    const notifier = () => {
      const digest = createDigest({ send: async (sent) => void received.push(sent) });
      return createNotifications({
        leads: store,
        status,
        send: async () => undefined,
        delivery: 'webhook',
        target: 'cible',
        now: () => paris(8, 0, 30),
        digest: (at) => digest(at, { store, status }),
      });
    };
    await Promise.all([notifier().retryPending(), notifier().retryPending(), notifier().retryPending()]);
    expect(received).toHaveLength(1);
    expect(received[0]?.judged.map((entry) => entry.id).sort()).toEqual(robots.map((robot) => robot.id).sort());
    expect((await store.unreported()).judged).toEqual([]);
    // Later passes that day, from any notifier, send nothing more.
    await Promise.all([notifier().retryPending(), notifier().retryPending()]);
    expect(received).toHaveLength(1);
  });
});
