/**
 * Store first on Cloudflare's own runtime: the shared `wrangler pages dev` (cloudflare-runtime.ts) with the local
 * D1 database of wrangler.toml (LEADS_DB), CONTACT_STORE=d1 and a webhook whose stand-in, on this machine, can be
 * down or up, and refuses one address (400). A lead is stored before success is answered, stays « à notifier » with
 * its next attempt while the provider fails, and goes out exactly once when due after it answers again, while a
 * lead not yet due stays untouched; a refused lead is « échec » at once and holds back no other. Then
 * `npm run leads -- --local` over that database. Last, the spam corpus: every French lead notified (marked
 * « à vérifier » or not), no spam notified unmarked, what is quarantined a D1 row apart with its reasons, never
 * notified. 200 leads posted at once, stored only (CONTACT_DELIVERY=local, other settings than this runtime's),
 * are tested through the same function over local D1 in tests/integration/d1-lead-flood.test.ts.
 */
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parse } from 'csv-parse/sync';
import { genuine, spam } from '../fixtures/spam-corpus/index.ts';
import { validLead } from '../fixtures/visitor.ts';
import { runInProcess } from '../fixtures/operator-command.ts';
import { leadsCommand } from '../../ops/leads/command.ts';
import { type CloudflareRuntime, expect, test } from './cloudflare-runtime.ts';

test.describe.configure({ mode: 'serial' });

const refused = 'refus@example.com';
let runtime: CloudflareRuntime;
let providerUp = false;

test.beforeAll(async ({ cloudflare }) => {
  runtime = cloudflare;
  await cloudflare.clean();
  providerUp = false;
  cloudflare.webhook.answer = (lead) => (!providerUp ? 503 : lead.email === refused ? 400 : 200);
});

test.afterAll(({ cloudflare }) => cloudflare.clean());

const store = () => runtime.leads;
/** The leads the stand-in was sent and answered 200 (a day's digest, which a pass after 08:00 may send, left out). */
const received = () => runtime.webhook.received.map((posted) => posted.body).filter((body) => body.digest === undefined);
/** `npm run leads -- --local` over this runtime's database, in this process; it must succeed. */
async function leadsLocal(...args: string[]) {
  const result = await runInProcess(leadsCommand, ['--local', '--persist-to', runtime.persistTo, ...args]);
  expect(result.code, result.stderr).toBe(0);
  return result;
}

const post = (data: unknown) =>
  fetch(`${runtime.origin}/api/contact`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Origin: runtime.origin },
    body: JSON.stringify(data),
  });

/** Any request to the function sends what is pending once it has answered (Pages has no schedule). */
const nudge = () => fetch(`${runtime.origin}/api/contact`).then((response) => response.arrayBuffer());

// Accents, quotes and a line break: D1 and the inbox must give them back as sent.
const visitor = validLead({
  name: 'Hélène Lefèvre-Dupré',
  email: 'helene@example.com',
  message: 'Bonjour ; je cherche « une LLC » pour mes "payouts".\nDeuxième ligne : à bientôt.',
});
const later = validLead({
  name: 'Paul Durand',
  email: 'plus-tard@example.com',
  message: 'Une question sur les délais, sans urgence.',
});

test('a lead is a D1 row before the answer; « à notifier » while the provider fails; notified once when due after it answers', async () => {
  const posted = Date.now();
  const answer = await post(visitor);
  expect(answer.status).toBe(200);
  expect(await answer.json()).toMatchObject({ ok: true });
  const [row] = (await store().list()).leads;
  expect(row).toMatchObject(visitor);

  const failedAttempts = () => runtime.webhook.refused.length;
  await expect.poll(failedAttempts).toBe(1);
  // The provider's refusal comes before the store records it: wait for the record, the event asserted here.
  const recorded = async () => (await store().list()).leads[0]?.notification;
  await expect
    .poll(async () => {
      const notification = await recorded();
      return notification && 'attempts' in notification ? notification.attempts : 0;
    })
    .toBe(1);
  const pending = { notification: await recorded() };
  expect(pending.notification).toMatchObject({ state: 'pending', attempts: 1, lastReason: 'HTTP 503' });
  const nextAt = Date.parse(pending.notification?.state === 'pending' ? pending.notification.nextAt : '');
  // The first retry, a minute after the failed attempt.
  expect(nextAt).toBeGreaterThanOrEqual(posted + 60_000);
  expect(nextAt).toBeLessThanOrEqual(Date.now() + 60_000);
  expect(received()).toEqual([]);

  // A second lead while the provider still fails, to be left alone by the pass that sends the first.
  const answerLater = await post(later);
  expect(answerLater.status).toBe(200);
  await expect.poll(failedAttempts).toBe(2);
  const laterRow = (await store().list()).leads.find((lead) => lead.email === later.email);

  providerUp = true;
  // workerd's clock cannot be moved: the leads' next attempts are moved instead, the first due now, the second in an
  // hour.
  const nextAttempt = (id: string, at: Date) =>
    store().record(id, { state: 'pending', attempts: 1, nextAt: at.toISOString(), lastReason: 'HTTP 503' });
  const inAnHour = new Date(Date.now() + 3_600_000);
  await nextAttempt(laterRow?.id ?? '', inAnHour);
  await nextAttempt(row?.id ?? '', new Date());
  // A request starts a retry pass at most every 10 seconds (the gap itself: tests/unit/retry-gap.test.ts): ask
  // until one has sent the due lead.
  await expect
    .poll(
      async () => {
        await nudge();
        return received().length;
      },
      { timeout: 60_000 },
    )
    .toBe(1);
  expect(received()[0]).toMatchObject({ ...visitor, id: row?.id });
  expect(
    runtime.webhook.received.filter((sent) => sent.body.digest === undefined).map((sent) => sent.headers['idempotency-key']),
  ).toEqual([row?.id]);
  // Recorded once the provider has answered: a moment after the stand-in saw it.
  const stateOf = async (id: string | undefined) => (await store().list()).leads.find((lead) => lead.id === id)?.notification.state;
  await expect.poll(() => stateOf(row?.id)).toBe('sent');
  // The pass that sent it left the second lead, not yet due, untouched.
  expect((await store().list()).leads.find((lead) => lead.id === laterRow?.id)?.notification).toEqual({
    state: 'pending',
    attempts: 1,
    nextAt: inAnHour.toISOString(),
    lastReason: 'HTTP 503',
  });

  // A lead the provider refuses is « échec » at once and never holds back another. Each with its own text: a third
  // address sending the same one would be kept apart as spam (a repeated body).
  await post({ ...visitor, email: refused, message: 'Une question sur la TVA de ma LLC.' });
  await post({ ...visitor, email: 'autre@example.com', message: 'Combien de temps pour ouvrir le compte ?' });
  await Promise.all([nudge(), nudge()]);
  await expect.poll(() => received().length).toBe(2);
  expect(received().filter((lead) => lead.email === visitor.email)).toHaveLength(1);
  const states = async () => Object.fromEntries((await store().list()).leads.map((lead) => [lead.email, lead.notification]));
  await expect
    .poll(states)
    .toMatchObject({ [refused]: { state: 'failed', attempts: 1, reason: 'HTTP 400' }, 'autre@example.com': { state: 'sent' } });
  // Within a day, only the lead moved an hour ahead is still to send.
  expect((await store().due(new Date(Date.now() + 86_400_000), 20)).leads.map((lead) => lead.email)).toEqual([later.email]);
});

test.describe('npm run leads -- --local, over the same database', () => {
  const leads = (...args: string[]) => leadsLocal(...args);

  test('lists newest first, exports a CSV French spreadsheets read back, forgets a person and purges old leads', async () => {
    const { stdout: list } = await leads();
    const lines = list.split('\n');
    expect(lines[0]).toMatch(/^Date +Nom +Email +Téléphone +Message +Notification$/);
    // The last one posted first. A lead stored while nothing is set to notify, « non notifié (stockage seul) »,
    // needs other settings than this runtime's: tests/integration/d1-lead-flood.test.ts.
    expect(lines[1]).toContain('autre@example.com');
    expect(lines[1]).toMatch(/ envoyée$/);
    expect(lines.find((line) => line.includes(refused))).toMatch(/ échec\u202f: HTTP 400$/);
    expect(lines.find((line) => line.includes(visitor.email))).toMatch(/ envoyée$/);
    expect(lines.find((line) => line.includes(later.email))).toMatch(/ à notifier \(essai 2, prochain à \d{2}:\d{2}\)$/);
    expect(list).toContain('Messages\u202f: 4, dont 1 à notifier et 1 en échec (base D1 LEADS_DB, copie locale de la base).');

    // Back to « à notifier » once the cause is fixed.
    const failed = (await store().list()).leads.find((lead) => lead.email === refused);
    const { stdout: retried } = await leads('--retry', failed?.id ?? '');
    expect(retried).toContain(`Message ${failed?.id} remis «\u202fà notifier\u202f»`);
    expect((await store().list()).leads.find((lead) => lead.email === refused)?.notification).toMatchObject({
      state: 'pending',
      attempts: 0,
    });

    // A folder of its own: the command refuses to write over a file, and the runtime's folder outlives this spec.
    const folder = await mkdtemp(path.join(tmpdir(), 'propllc-export-'));
    const file = path.join(folder, 'export.csv');
    const { stdout: exported } = await leads('--csv', file);
    expect(exported.trim()).toBe(`Export CSV écrit dans ${file}\u202f: 4 message(s).`);
    const bytes = await readFile(file);
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const rows: string[][] = parse(bytes, { bom: true, delimiter: ';' });
    expect(rows[0]).toEqual(['Date', 'Nom', 'Email', 'Téléphone', 'Message', 'Notification']);
    const helene = rows.find((row) => row[2] === visitor.email);
    expect(helene?.slice(1, 5)).toEqual([visitor.name, visitor.email, `'${visitor.phone}`, visitor.message]);
    expect(helene?.[0]).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    // Every field quoted, records ended as spreadsheets expect.
    expect(bytes.toString('utf8')).toContain('\r\n"');
    await rm(folder, { recursive: true });

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
  providerUp = true;
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
        return sorted(received().filter((lead) => corpus.has(lead.email)));
      },
      { timeout: 60_000 },
    )
    .toEqual(sorted(delivered));
  for (const lead of received().filter((body) => spamEmails.has(body.email))) expect(lead.review?.reasons.length).toBeGreaterThan(0);

  const { stdout } = await leadsLocal('--indesirables');
  expect(stdout).toMatch(new RegExp(`Messages indésirables\\s: ${apart.length} \\(`));
  for (const lead of apart) expect(stdout).toContain(lead.name);
  for (const lead of genuine) expect(stdout).not.toContain(lead.email);
  // Still nothing quarantined notified.
  expect(sorted(received().filter((lead) => corpus.has(lead.email)))).toEqual(sorted(delivered));
});
