/**
 * Store first on Cloudflare's own runtime: `wrangler pages dev` with the local D1 database of wrangler.toml
 * (LEADS_DB, migrated from src/hosts/cloudflare/migrations/ into a folder of this run), CONTACT_STORE=d1 and a webhook whose
 * stand-in, on this machine, can be down or up, and refuses one address (400). A lead is stored before
 * success is answered, stays « à notifier » with its next attempt while the provider fails, and goes out
 * exactly once after it answers again; a refused lead is « échec » at once and holds back no other; 200
 * leads posted at once are 200 rows, none twice. Then `npm run leads -- --local` over that database. Last, the
 * spam corpus: every French lead notified (marked « à vérifier » or not), no spam notified unmarked, what is
 * quarantined a D1 row apart with its reasons, never notified.
 */
import { mkdtemp, readFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { parse } from 'csv-parse/sync';
import { wranglerRunner } from '../../src/hosts/cloudflare/wrangler-d1.ts';
import { d1Driver } from '../../src/hosts/cloudflare/d1-driver.ts';
import { leadStore } from '../../src/api/store/lead-store.ts';
import { spamCaps } from '../../src/api/contact/spam/weights.ts';
import { close, listen, readBody } from './build-copy.ts';
import { migrateLocalD1, type PagesDev, startPagesDev } from './wrangler.ts';
import { e2ePorts } from './ports.ts';
import { genuine, spam } from '../fixtures/spam-corpus/index.ts';
import { validLead } from '../fixtures/visitor.ts';
import { runInProcess } from '../fixtures/operator-command.ts';
import { leadsCommand } from '../../ops/leads/command.ts';

test.describe.configure({ mode: 'serial' });

const port = e2ePorts.cloudflareLeads;
const origin = `http://127.0.0.1:${port}`;
const url = `${origin}/api/contact`;

let wrangler: PagesDev | undefined;
let persistTo = '';
let provider: Server | undefined;
let providerUp = false;
let failedAttempts = 0;
/** The webhook setting of the functions, pointing at the stand-in. */
let webhook = '';
const received: { name: string; email: string; message: string; id: string; review?: { reasons: string[] } }[] = [];
const idHeaders: unknown[] = [];
const refused = 'refus@example.com';

const store = () => leadStore(d1Driver(wranglerRunner('--local', persistTo), 'D1'), { spamCaps });
/** `npm run leads -- --local` over this run's database, in this process; it must succeed. */
async function leadsLocal(...args: string[]) {
  const result = await runInProcess(leadsCommand, ['--local', '--persist-to', persistTo, ...args]);
  expect(result.code, result.stderr).toBe(0);
  return result;
}

test.beforeAll(async () => {
  test.setTimeout(150_000);
  // A fresh provider and database for each run of the file (--repeat-each reuses this worker's module).
  providerUp = false;
  failedAttempts = 0;
  received.length = 0;
  idHeaders.length = 0;
  persistTo = await mkdtemp(path.join(tmpdir(), 'propllc-d1-'));
  // Both databases of wrangler.toml: the leads' and the audience's own (each lead is counted there).
  await migrateLocalD1(persistTo);
  provider = createServer(async (request, response) => {
    const body = await readBody(request);
    if (!providerUp) {
      failedAttempts += 1;
      response.writeHead(503, { 'Content-Type': 'application/json' }).end('{"error":"indisponible"}');
      return;
    }
    const lead = JSON.parse(body);
    if (lead.email === refused) {
      response.writeHead(400, { 'Content-Type': 'application/json' }).end('{"error":"adresse refusée"}');
      return;
    }
    received.push(lead);
    idHeaders.push(request.headers['idempotency-key']);
    response.writeHead(200, { 'Content-Type': 'application/json' }).end('{}');
  });
  webhook = `CONTACT_WEBHOOK_URL=http://127.0.0.1:${await listen(provider)}/hook`;
  await startWrangler(webhook);
});

/** `wrangler pages dev` over this run's database, with CONTACT_STORE=d1 and this notification setting. */
async function startWrangler(notification: string) {
  const args = [
    '--inspector-port',
    String(e2ePorts.cloudflareLeadsInspector),
    '--persist-to',
    persistTo,
    '--binding',
    'CONTACT_STORE=d1',
  ];
  args.push('--binding', notification, '--binding', 'CONTACT_RATE_LIMIT=1000');
  wrangler = await startPagesDev({ port, args, timeout: 120_000 });
}

test.afterAll(async () => {
  await wrangler?.stop();
  await close(provider);
});

const post = (data: unknown) =>
  fetch(url, { method: 'POST', headers: { 'Content-Type': 'application/json', Origin: origin }, body: JSON.stringify(data) });

/** Any request to the function sends what is pending once it has answered (Pages has no schedule). */
const nudge = () => fetch(url).then((response) => response.arrayBuffer());

// Accents, quotes and a line break: D1 and the inbox must give them back as sent.
const visitor = validLead({
  name: 'Hélène Lefèvre-Dupré',
  email: 'helene@example.com',
  message: 'Bonjour ; je cherche « une LLC » pour mes "payouts".\nDeuxième ligne : à bientôt.',
});

test('a lead is a D1 row before the answer; « à notifier » while the provider fails; notified once when due after it answers', async () => {
  // Each look at the database starts a local runtime of its own (about a second).
  test.setTimeout(180_000);
  const posted = Date.now();
  const answer = await post(visitor);
  expect(answer.status).toBe(200);
  expect(await answer.json()).toMatchObject({ ok: true });
  const [row] = (await store().list()).leads;
  expect(row).toMatchObject(visitor);

  await expect.poll(() => failedAttempts, { timeout: 15_000 }).toBe(1);
  const [pending] = (await store().list()).leads;
  expect(pending?.notification).toMatchObject({ state: 'pending', attempts: 1, lastReason: 'HTTP 503' });
  const nextAt = Date.parse(pending?.notification.state === 'pending' ? pending.notification.nextAt : '');
  // The first retry, a minute after the failed attempt.
  expect(nextAt).toBeGreaterThanOrEqual(posted + 60_000);
  expect(nextAt).toBeLessThanOrEqual(Date.now() + 60_000);
  expect(received).toEqual([]);

  providerUp = true;
  // workerd's clock cannot be moved: the lead's next attempt is moved instead. Not due yet: requests leave it alone.
  const nextAttempt = (at: Date) =>
    store().record(row?.id ?? '', { state: 'pending', attempts: 1, nextAt: at.toISOString(), lastReason: 'HTTP 503' });
  await nextAttempt(new Date(Date.now() + 3_600_000));
  await new Promise((resolve) => setTimeout(resolve, 10_000));
  await nudge();
  await new Promise((resolve) => setTimeout(resolve, 3000));
  expect(received).toEqual([]);
  // Now due.
  await nextAttempt(new Date());
  // A request starts a retry pass at most every 10 seconds: keep asking until one has.
  await expect
    .poll(
      async () => {
        await nudge();
        return received.length;
      },
      { timeout: 30_000, intervals: [1000] },
    )
    .toBe(1);
  expect(received[0]).toMatchObject({ ...visitor, id: row?.id });
  expect(idHeaders).toEqual([row?.id]);
  expect((await store().list()).leads[0]?.notification.state).toBe('sent');

  // A lead the provider refuses is « échec » at once and never holds back another. Each with its own text: a third
  // address sending the same one would be kept apart as spam (a repeated body).
  await post({ ...visitor, email: refused, message: 'Une question sur la TVA de ma LLC.' });
  await post({ ...visitor, email: 'autre@example.com', message: 'Combien de temps pour ouvrir le compte ?' });
  await Promise.all([nudge(), nudge()]);
  await expect.poll(() => received.length, { timeout: 15_000 }).toBe(2);
  expect(received.filter((lead) => lead.email === visitor.email)).toHaveLength(1);
  const states = Object.fromEntries((await store().list()).leads.map((lead) => [lead.email, lead.notification]));
  expect(states[refused]).toMatchObject({ state: 'failed', attempts: 1, reason: 'HTTP 400' });
  expect(states['autre@example.com']?.state).toBe('sent');
  expect((await store().due(new Date(Date.now() + 86_400_000), 20)).leads).toEqual([]);
});

test('200 leads posted 50 at once: 200 rows, none twice', async () => {
  // A lead the development proxy cut takes a look at the database and a post or a few (about 3 s each).
  test.setTimeout(300_000);
  // Stored only (CONTACT_DELIVERY=local), in four waves of 50 simultaneous posts: with a webhook call after each
  // of 200 at once, the local runtime cut many of them on a two-core machine. The notification of leads posted at
  // once is tested under Node (tests/integration/lead-store.test.ts).
  await wrangler?.stop();
  await startWrangler('CONTACT_DELIVERY=local');
  const messages = Array.from({ length: 200 }, (_, index) => ({
    ...visitor,
    email: `lot-${index}@example.com`,
    message: `Message numéro ${index} : une question sur les payouts.`,
  }));
  const answers: { message: (typeof messages)[number]; status: number; body: string }[] = [];
  for (let wave = 0; wave < messages.length; wave += 50) {
    const sent = messages.slice(wave, wave + 50).map(async (message) => {
      const answer = await post(message);
      return { message, status: answer.status, body: await answer.text() };
    });
    answers.push(...(await Promise.all(sent)));
  }
  expect(answers).toHaveLength(200);
  // wrangler's development proxy (not Cloudflare's network) answers a POST in flight with this 503 of its own, never
  // the receiver's, when its connection to the worker drops, though the worker did not restart and logs nothing: a
  // few of 200, or a few dozen on a two-core machine busy with other tests (cloudflare/workers-sdk#14641). A visitor would send again:
  // sent again here, only if not stored (the proxy cannot tell whether the worker got it). Any other answer than
  // 200 fails the test; so do a lead missing or stored twice.
  const proxyRestart = (answer: { status: number; body: string }) =>
    answer.status === 503 && answer.body.startsWith('Your worker restarted mid-request.');
  expect(answers.filter((answer) => answer.status !== 200 && !proxyRestart(answer))).toEqual([]);
  const interrupted = answers.filter(proxyRestart);
  if (interrupted.length) {
    // What wrangler said about it, for the report.
    const said = (wrangler?.output() ?? '').split('\n').filter((line) => /reload|restart|error/i.test(line));
    console.log(`${interrupted.length} answer(s) cut by wrangler's development proxy; it said:\n${said.join('\n')}`);
    const stored = new Set((await store().list()).leads.map((lead) => lead.email));
    for (const { message } of interrupted.filter((answer) => !stored.has(answer.message.email))) {
      // As the proxy's answer asks: sent again, a second later while it is still swapping, each time only if the
      // lead is still not stored (a few times at most).
      let settled = false;
      let last = '';
      for (let attempt = 0; attempt < 10 && !settled; attempt += 1) {
        if (attempt > 0) {
          await new Promise((resolve) => setTimeout(resolve, 1000));
          settled = (await store().list()).leads.some((lead) => lead.email === message.email);
          if (settled) break;
        }
        const response = await post(message);
        const answer = { status: response.status, body: await response.text() };
        last = `${answer.status} ${answer.body}`;
        settled = answer.status === 200;
        // Only the proxy's own answer is sent again: any other fails here.
        if (!settled) expect(proxyRestart(answer), `${message.email}: ${last}`).toBe(true);
      }
      expect(settled, `${message.email}: ${last}`).toBe(true);
    }
  }

  const rows = (await store().list()).leads.filter((lead) => lead.email.startsWith('lot-'));
  expect(rows).toHaveLength(200);
  expect(new Set(rows.map((lead) => lead.id)).size).toBe(200);
  expect(rows.map((lead) => lead.message).sort()).toEqual(messages.map((message) => message.message).sort());
});

test.describe('npm run leads -- --local, over the same database', () => {
  const leads = (...args: string[]) => leadsLocal(...args);

  test('lists newest first, exports a CSV French spreadsheets read back, forgets a person and purges old leads', async () => {
    // Five runs of the command, each opening the local D1 runtime.
    test.setTimeout(180_000);
    const { stdout: list } = await leads();
    const lines = list.split('\n');
    expect(lines[0]).toMatch(/^Date +Nom +Email +Téléphone +Message +Notification$/);
    expect(lines[1]).toContain('lot-');
    // The 200 leads were stored while the function ran store only (CONTACT_DELIVERY=local): nobody is notified.
    expect(lines[1]).toMatch(/ non notifié \(stockage seul\)$/);
    expect(lines.find((line) => line.includes(refused))).toMatch(/ échec\u202f: HTTP 400$/);
    expect(lines.find((line) => line.includes(visitor.email))).toMatch(/ envoyée$/);
    expect(list).toContain(
      'Messages\u202f: 203, dont 200 non notifié(s) (stockage seul\u202f: aucun email ni webhook n’est réglé) et 1 en échec (base D1 LEADS_DB, copie locale de la base).',
    );

    // Back to « à notifier » once the cause is fixed.
    const failed = (await store().list()).leads.find((lead) => lead.email === refused);
    const { stdout: retried } = await leads('--retry', failed?.id ?? '');
    expect(retried).toContain(`Message ${failed?.id} remis «\u202fà notifier\u202f»`);
    expect((await store().list()).leads.find((lead) => lead.email === refused)?.notification).toMatchObject({
      state: 'pending',
      attempts: 0,
    });

    const file = path.join(persistTo, 'export.csv');
    const { stdout: exported } = await leads('--csv', file);
    expect(exported.trim()).toBe(`Export CSV écrit dans ${file}\u202f: 203 message(s).`);
    const bytes = await readFile(file);
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const rows: string[][] = parse(bytes, { bom: true, delimiter: ';' });
    expect(rows[0]).toEqual(['Date', 'Nom', 'Email', 'Téléphone', 'Message', 'Notification']);
    const helene = rows.find((row) => row[2] === visitor.email);
    expect(helene?.slice(1, 5)).toEqual([visitor.name, visitor.email, `'${visitor.phone}`, visitor.message]);
    expect(helene?.[0]).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    // Every field quoted, records ended as spreadsheets expect.
    expect(bytes.toString('utf8')).toContain('\r\n"');

    const { stdout: forgot } = await leads('--forget', 'HELENE@example.com');
    expect(forgot).toContain(`supprimé\u202f: `);
    expect(forgot.trim().split('\n').at(-1)).toBe('Suppression des messages de HELENE@example.com\u202f: 1.');
    expect((await store().list()).leads.some((lead) => lead.email === visitor.email)).toBe(false);

    await store().add(
      { name: 'Ancien Contact', email: 'ancien@example.com', phone: '0612345678', message: 'Vieux message' },
      new Date('2020-01-02T10:00:00.000Z'),
    );
    const { stdout: purged } = await leads('--purge');
    expect(purged).toContain('Ancien Contact <ancien@example.com>');
    expect(purged.trim().split('\n').at(-1)).toMatch(
      /^Suppression des messages reçus avant le \d{1,2}(er)? \S+ \d{4}\u202f: 1 \(durée de conservation\u202f: 3\u00a0ans, celle de la notice RGPD\)\.$/,
    );
  });
});

test('the spam corpus: French leads notified, marked or not; spam marked or a D1 row apart with its reasons, answered alike', async () => {
  // Each post looks up the repeated messages in D1; then `npm run leads` starts wrangler.
  test.setTimeout(180_000);
  // Back to the webhook (the 200 leads were stored only), answering.
  await wrangler?.stop();
  providerUp = true;
  await startWrangler(webhook);
  for (const values of [...genuine, ...spam]) {
    const answer = await post(values);
    expect(answer.status, values.message).toBe(200);
    expect(await answer.json()).toMatchObject({ ok: true });
  }
  const corpus = new Set([...genuine, ...spam].map((lead) => lead.email));
  const sorted = (leads: readonly { email: string }[]) => leads.map((lead) => lead.email).sort();
  const rows = (await store().list()).leads.filter((lead) => corpus.has(lead.email));
  expect(rows).toHaveLength(genuine.length + spam.length);
  const apart = rows.filter((lead) => lead.notification.state === 'spam');
  for (const lead of apart) expect(lead.notification.state === 'spam' && lead.notification.reasons.length).toBeGreaterThan(0);
  // No French lead is withheld; every spam not kept apart is marked « à vérifier ».
  expect(apart.filter((lead) => genuine.some((real) => real.email === lead.email))).toEqual([]);
  const spamEmails = new Set(spam.map((lead) => lead.email));
  for (const lead of rows.filter((row) => spamEmails.has(row.email) && row.notification.state !== 'spam')) {
    expect(lead.review?.length, lead.message).toBeGreaterThan(0);
  }
  // Every French lead reaches the company, and nothing quarantined does.
  const delivered = [...genuine, ...rows.filter((row) => spamEmails.has(row.email) && row.notification.state !== 'spam')];
  await expect
    .poll(
      async () => {
        await nudge();
        return sorted(received.filter((lead) => corpus.has(lead.email)));
      },
      { timeout: 60_000, intervals: [1000] },
    )
    .toEqual(sorted(delivered));
  for (const lead of received.filter((body) => spamEmails.has(body.email))) expect(lead.review?.reasons.length).toBeGreaterThan(0);

  const { stdout } = await leadsLocal('--indesirables');
  expect(stdout).toMatch(new RegExp(`Messages indésirables\\s: ${apart.length} \\(`));
  for (const lead of apart) expect(stdout).toContain(lead.name);
  for (const lead of genuine) expect(stdout).not.toContain(lead.email);
  // Still nothing quarantined notified.
  expect(sorted(received.filter((lead) => corpus.has(lead.email)))).toEqual(sorted(delivered));
});
