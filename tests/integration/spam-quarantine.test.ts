// @vitest-environment node
/**
 * The three outcomes through the API as the Node server runs it (src/api/app.ts over the files of LEADS_DIR, a
 * recording stand-in for the webhook: tests/fixtures/api.ts): every French lead of the corpus is notified (marked « à
 * vérifier » or not), no spam is notified unmarked, all get the same answer; a flood of one long text is
 * quarantined from the third address on; a short sentence is only marked, and the trap-field posts of an attacker
 * never make it suspect. Then `npm run leads`: spam hidden and counted, listed with its reasons by --indesirables,
 * rescued (and then notified) by --pas-indesirable, purged after 30 days by --purge; marked leads shown with their
 * reasons.
 */
import { mkdtemp, readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { spamLines } from '../../src/api/contact/spam/lines.ts';
import { spamCaps } from '../../src/api/contact/spam/weights.ts';
import type { StoredLead } from '../../src/api/store/lead.ts';
import { leadStore } from '../../src/api/store/lead-store.ts';
import type { ContactValues } from '../../src/contact/contact-fields.ts';
import { contactReceiver } from '../../src/content/data/contact-receiver.ts';
import { filesDriver } from '../../src/hosts/node/files-driver.ts';
import { type Sent, testApi } from '../fixtures/api.ts';
import { genuine, spam } from '../fixtures/spam-corpus/index.ts';
import { validLead } from '../fixtures/visitor.ts';
import { runLeads } from './run-script.ts';

const webhook = { CONTACT_WEBHOOK_URL: 'https://hooks.example.org/propllc', CONTACT_RATE_LIMIT: '10000' };

/** The leads notified (not the daily digest, which has no `email` of its own), as posted. */
const bodies = (sent: readonly Sent[]) =>
  sent.map((hit) => hit.body as Record<string, unknown>).filter((body) => body.digest === undefined);
const notified = (sent: readonly Sent[]) => bodies(sent).map((body) => String(body.email));
/** The body notified for an address (the last one). */
const bodyOf = (sent: readonly Sent[], email: string) => bodies(sent).findLast((body) => body.email === email);

/** The API of `npm start` over a new LEADS_DIR; `send` posts and waits for the work after the answer. */
async function site(env: Record<string, string> = webhook, options: Parameters<typeof testApi>[1] = {}) {
  const dir = await mkdtemp(path.join(tmpdir(), 'propllc-spam-'));
  const api = await testApi(env, { leads: filesDriver(dir), ...options });
  // The day's work first, as the server does at its start (the daily purge among it).
  await api.api.scheduled();
  const send = async (values: ContactValues | Record<string, unknown>) => {
    const response = await api.post(values as ContactValues);
    await api.settle();
    return response;
  };
  const lines = () => [...api.log, ...api.errors];
  return { dir, api, send, store: leadStore(filesDriver(dir), { spamCaps }), lines };
}

const leads = (dir: string, args: string[]) => runLeads(args, { LEADS_DIR: dir });

describe('the corpus through the API on Node', () => {
  it('notifies every French lead, marked or not, no spam unmarked, and answers all alike', async () => {
    const { api, send, store, lines } = await site();
    for (const values of [...genuine, ...spam]) {
      const response = await send(values);
      expect(response.status, values.message).toBe(200);
      expect(await response.json()).toEqual({ ok: true, message: expect.stringMatching(/^Message envoyé/) });
    }
    const { leads } = await store.list();
    expect(leads).toHaveLength(genuine.length + spam.length);
    const outcomeOf = (lead: StoredLead) => (lead.notification.state === 'spam' ? 'quarantine' : lead.review ? 'review' : 'deliver');
    const counts = (emails: readonly string[]) => {
      const outcomes = leads.filter((lead) => emails.includes(lead.email)).map(outcomeOf);
      return Object.fromEntries(['deliver', 'review', 'quarantine'].map((kind) => [kind, outcomes.filter((o) => o === kind).length]));
    };
    const result = { genuine: counts(genuine.map((lead) => lead.email)), spam: counts(spam.map((lead) => lead.email)) };
    console.log(`Corpus through the receiver, with the repeat memory: ${JSON.stringify(result)}`);
    // The scorer alone (tests/unit/spam-score.test.ts) gives 50/12/0 and 0/25/9; the long pitch from three
    // addresses: the third one is quarantined by the memory.
    expect(result).toEqual({
      genuine: { deliver: 50, review: 12, quarantine: 0 },
      spam: { deliver: 0, review: 24, quarantine: 10 },
    });
    // Every French lead reached the company; of the spam, only what is marked « à vérifier ».
    expect(
      notified(api.sent)
        .filter((email) => genuine.some((lead) => lead.email === email))
        .sort(),
    ).toEqual(genuine.map((lead) => lead.email).sort());
    for (const lead of spam) {
      const body = bodyOf(api.sent, lead.email);
      if (body) expect(body.review, lead.message).toEqual({ reasons: expect.arrayContaining([expect.any(String)]) });
    }
    const quarantined = leads.filter((lead) => lead.notification.state === 'spam');
    expect(lines().filter((line) => line.includes('mis à l’écart comme indésirable'))).toHaveLength(quarantined.length);
    expect(lines().filter((line) => line.includes('marqué «\u202fà vérifier\u202f»'))).toHaveLength(
      leads.filter((lead) => lead.review).length,
    );
  });

  it('marks the webhook of a lead « à vérifier » with its reasons, and leaves an unmarked one as it always was', async () => {
    const { api, send, store } = await site();
    const lucie = validLead({ email: 'lucie@example.com', message: 'Le trading, ce n’est pas le casino : je veux une LLC.' });
    await send(lucie);
    await send(validLead({ email: 'jeanne@example.com' }));
    const ids = Object.fromEntries((await store.list()).leads.map((lead) => [lead.email, lead.id]));
    expect(bodyOf(api.sent, 'lucie@example.com')).toEqual({
      text: `[À vérifier] Nouveau message de Jeanne Martin (lucie@example.com) depuis le formulaire de contact`,
      ...lucie,
      id: ids['lucie@example.com'],
      review: { reasons: ['word'] },
    });
    expect(JSON.stringify(bodyOf(api.sent, 'jeanne@example.com'))).toBe(
      JSON.stringify({
        text: 'Nouveau message de Jeanne Martin (jeanne@example.com) depuis le formulaire de contact',
        ...validLead({ email: 'jeanne@example.com' }),
        id: ids['jeanne@example.com'],
      }),
    );
  });

  it('answers a spam form posted without JavaScript with the same redirect as anyone', async () => {
    const { api } = await site();
    const form = (values: Record<string, string | undefined>) =>
      api.api.fetch(
        new Request('https://propllc.example/api/contact', {
          method: 'POST',
          headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
          body: new URLSearchParams(
            Object.entries(values).filter((entry): entry is [string, string] => entry[1] !== undefined),
          ).toString(),
        }),
        { client: { address: '192.0.2.1' } },
      );
    const spamResponse = await form({ ...spam[0] });
    const leadResponse = await form({ ...genuine[0] });
    expect([spamResponse.status, spamResponse.headers.get('location')]).toEqual([303, '/contact/merci']);
    expect([leadResponse.status, leadResponse.headers.get('location')]).toEqual([303, '/contact/merci']);
  });

  it('keeps a honeypot message apart rather than dropping it', async () => {
    const { api, send, store, dir } = await site();
    expect((await send({ ...validLead(), website: 'https://bot.example' })).status).toBe(200);
    const { leads } = await store.list();
    expect(leads.map((lead) => lead.notification)).toEqual([{ state: 'spam', at: expect.any(String), reasons: ['honeypot'] }]);
    // Under its kind, which the digest counts without reading it.
    expect(JSON.parse(await readFile(path.join(dir, 'spam', `${leads[0]?.id}.honeypot.json`), 'utf8'))).toMatchObject(validLead());
    expect(notified(api.sent)).toEqual([]);
  });

  it('never stores the form’s time measure as a field; a fast fill alone only marks the lead', async () => {
    const { send, store, dir } = await site();
    expect((await send({ ...validLead(), _elapsed: 800 })).status).toBe(200);
    const [lead] = (await store.list()).leads;
    expect(lead?.notification.state).toBe('sent');
    expect(lead?.review).toEqual(['tooFast']);
    expect(JSON.parse(await readFile(path.join(dir, 'lead', `${lead?.id}.json`), 'utf8'))).toEqual({
      ...validLead(),
      receivedAt: lead?.receivedAt,
      review: ['tooFast'],
      notification: { state: 'sent', at: expect.any(String) },
    });
  });

  it('quarantines a flood of one long text from many addresses from the third address on', async () => {
    const { api, send, store } = await site();
    const text = 'Bonjour, je souhaite recevoir votre documentation complète. Merci.';
    for (let index = 1; index <= 6; index++) {
      // Case and spacing changes do not make it another text.
      const message = index % 2 === 0 ? text.toUpperCase() : `  ${text.replace(/ /g, '  ')} `;
      expect((await send(validLead({ email: `visiteur${index}@example.com`, message }))).status).toBe(200);
    }
    const states = Object.fromEntries((await store.list()).leads.map((lead) => [lead.email, lead.notification.state]));
    expect(states).toEqual({
      'visiteur1@example.com': 'sent',
      'visiteur2@example.com': 'sent',
      'visiteur3@example.com': 'spam',
      'visiteur4@example.com': 'spam',
      'visiteur5@example.com': 'spam',
      'visiteur6@example.com': 'spam',
    });
    expect(notified(api.sent).sort()).toEqual(['visiteur1@example.com', 'visiteur2@example.com']);
    // One address sending its text twice is no flood.
    const other = validLead({ email: 'visiteur1@example.com', message: 'Une autre question, sur la TVA cette fois.' });
    expect((await send(other)).status).toBe(200);
    expect((await send(other)).status).toBe(200);
    expect((await store.list()).leads.filter((lead) => lead.notification.state === 'spam')).toHaveLength(4);
  });
});

describe('the repeat memory over the day’s purge', () => {
  it('a long text from a third address within 24 hours is quarantined, though the day’s purge ran between', async () => {
    // The server's day's work at 22:55 in Paris; the first two addresses at 23:00 and 23:10.
    let time = Date.parse('2026-11-24T21:55:00Z');
    const { api, send, store } = await site(webhook, { now: () => new Date(time) });
    const text = 'Bonjour, je souhaite recevoir votre documentation complète. Merci.';
    time = Date.parse('2026-11-24T22:00:00Z');
    await send(validLead({ email: 'visiteur1@example.com', message: text }));
    time += 10 * 60_000;
    await send(validLead({ email: 'visiteur2@example.com', message: text }));
    // 00:30: the next day's work, its purge among it; the third address at 00:40, 1 h 40 after the first.
    time = Date.parse('2026-11-24T23:30:00Z');
    await api.api.scheduled();
    time += 10 * 60_000;
    expect((await send(validLead({ email: 'visiteur3@example.com', message: text }))).status).toBe(200);
    const states = Object.fromEntries((await store.list()).leads.map((lead) => [lead.email, lead.notification.state]));
    expect(states).toEqual({ 'visiteur1@example.com': 'sent', 'visiteur2@example.com': 'sent', 'visiteur3@example.com': 'spam' });
  });
});

describe('the repeat memory cannot be poisoned', () => {
  it('three trap-field posts of « Rappelez-moi svp. » leave the next visitor’s unmarked; three visitors’ only mark the third', async () => {
    const { api, send, store } = await site();
    const short = 'Rappelez-moi svp.';
    for (let index = 1; index <= 3; index++) {
      expect((await send({ ...validLead({ email: `robot${index}@example.com`, message: short }), website: 'x' })).status).toBe(200);
    }
    await send(validLead({ email: 'visiteur1@example.com', message: short }));
    const state = async (email: string) => (await store.list()).leads.find((lead) => lead.email === email);
    // The attacker's posts are quarantined (the trap field) and never fed the memory.
    expect((await state('robot3@example.com'))?.notification).toMatchObject({ state: 'spam', reasons: ['honeypot'] });
    expect(await state('visiteur1@example.com')).toMatchObject({ notification: { state: 'sent' } });
    expect(await state('visiteur1@example.com')).not.toHaveProperty('review');

    // Three real visitors typing it on one day: the third is delivered, marked only.
    await send(validLead({ email: 'visiteur2@example.com', message: short }));
    await send(validLead({ email: 'visiteur3@example.com', message: `  ${short.toUpperCase()} ` }));
    expect(await state('visiteur2@example.com')).not.toHaveProperty('review');
    expect(await state('visiteur3@example.com')).toMatchObject({ notification: { state: 'sent' }, review: ['repeatedShort'] });
    expect(notified(api.sent).sort()).toEqual(['visiteur1@example.com', 'visiteur2@example.com', 'visiteur3@example.com']);
    expect(bodyOf(api.sent, 'visiteur3@example.com')?.review).toEqual({ reasons: ['repeatedShort'] });
  });

  it('a message quarantined anyway is not remembered: a flood of spam that also has the trap field never counts against a long text', async () => {
    const { send, store } = await site();
    const text = 'Bonjour, je souhaite recevoir votre documentation complète sur la LLC. Merci.';
    for (let index = 1; index <= 3; index++) {
      await send({ ...validLead({ email: `robot${index}@example.com`, message: text }), website: 'https://bot.example' });
    }
    await send(validLead({ email: 'vraie@example.com', message: text }));
    const lead = (await store.list()).leads.find((stored) => stored.email === 'vraie@example.com');
    expect(lead?.notification.state).toBe('sent');
    expect(lead).not.toHaveProperty('review');
  });
});

describe('npm run leads and the quarantine', () => {
  it('hides spam and counts it, lists it with its reasons, rescues it, and purges it after 30 days', async () => {
    const { dir, api, send, store } = await site();
    await send(validLead({ name: 'Jeanne Vraie' }));
    await send(
      validLead({
        name: 'Robot Liens',
        email: 'robot@example.com',
        message: 'Offers: https://a.example/1 https://a.example/2 https://a.example/3',
      }),
    );
    const old = await store.add(
      validLead({ name: 'Vieux Casino', email: 'casino@example.com' }),
      new Date(Date.now() - 31 * 86_400_000),
      {
        spam: { reasons: ['pattern'], kind: 'judged' },
      },
    );

    const listed = await leads(dir, []);
    expect(listed.code).toBe(0);
    expect(listed.stdout).toContain('Jeanne Vraie');
    expect(listed.stdout).not.toContain('Robot Liens');
    expect(listed.stdout).toMatch(/2 message\(s\) indésirable\(s\) masqué\(s\)/);
    // No lead is marked: the table is as it always was.
    expect(listed.stdout).not.toContain('À vérifier');

    const apart = await leads(dir, ['--indesirables']);
    expect(apart.code).toBe(0);
    expect(apart.stdout).not.toContain('Jeanne Vraie');
    expect(apart.stdout.split('\n').find((line) => line.includes('Robot Liens'))).toContain(
      `indésirable\u202f: ${spamLines.reasons.links}`,
    );
    expect(apart.stdout.split('\n').find((line) => line.includes('Vieux Casino'))).toMatch(
      new RegExp(`indésirable\u202f: ${spamLines.reasons.pattern}$`),
    );

    const robot = (await store.list()).leads.find((lead) => lead.name === 'Robot Liens');
    const jeanne = (await store.list()).leads.find((lead) => lead.name === 'Jeanne Vraie');
    const notSpam = await leads(dir, ['--pas-indesirable', jeanne?.id ?? '']);
    expect(notSpam.code).toBe(1);
    const rescued = await leads(dir, ['--pas-indesirable', robot?.id ?? '']);
    expect(rescued.code, rescued.stderr).toBe(0);
    expect(rescued.stdout).toContain(`Message ${robot?.id} sorti des indésirables`);
    expect(notified(api.sent)).toEqual(['jeanne.martin@example.com']);

    const purge = await leads(dir, ['--purge']);
    expect(purge.code, purge.stderr).toBe(0);
    expect(purge.stdout).toContain('Vieux Casino');
    expect((await store.list()).leads.map((lead) => lead.name).sort()).toEqual(['Jeanne Vraie', 'Robot Liens']);
    expect('id' in old && old.notification.state).toBe('spam');

    // The rescued lead goes out with the next pass.
    await api.api.scheduled();
    expect(notified(api.sent)).toEqual(['jeanne.martin@example.com', 'robot@example.com']);
  });

  it('shows a lead « à vérifier » with its reasons, in the table and the CSV', async () => {
    const { dir, send } = await site();
    await send(
      validLead({ name: 'Lucie Fabre', email: 'lucie@yopmail.com', message: 'Le trading, ce n’est pas le casino, je veux une LLC.' }),
    );
    await send(validLead({ name: 'Jeanne Vraie' }));
    const listed = await leads(dir, []);
    expect(listed.code).toBe(0);
    const table = listed.stdout.split('\n');
    expect(table.find((line) => line.startsWith('Date'))).toMatch(/ Notification +À vérifier$/);
    expect(table.find((line) => line.includes('Lucie Fabre'))).toMatch(
      /envoyée +adresse email jetable, mot courant des listes d’indésirables$/,
    );
    expect(table.find((line) => line.includes('Jeanne Vraie'))).toMatch(/envoyée$/);

    const file = path.join(dir, 'export.csv');
    const exported = await leads(dir, ['--csv', file]);
    expect(exported.code, exported.stderr).toBe(0);
    const csv = (await readFile(file, 'utf8')).split('\r\n');
    expect(csv[0]).toBe('\ufeff"Date";"Nom";"Email";"Téléphone";"Message";"Notification";"À vérifier"');
    expect(csv.find((line) => line.includes('Lucie Fabre'))).toMatch(
      /;"adresse email jetable, mot courant des listes d’indésirables"$/,
    );
    expect(csv.find((line) => line.includes('Jeanne Vraie'))).toMatch(/;""$/);
  });
});

describe('the email of a lead « à vérifier »', () => {
  it('starts its subject with the mark and its text with the reasons, also when retried; an unmarked email is as it was', async () => {
    // Before 08:00 in Paris: no digest among the emails.
    const now = new Date('2026-11-24T05:00:00Z');
    const env = { BREVO_API_KEY: 'xkeysib-test', CONTACT_TO: 'contact@propllc.fr', CONTACT_FROM: 'site@propllc.fr' };
    // Brevo refuses the first email (a final answer for that lead: « échec »), then accepts.
    let answers = 0;
    const { api, send, store } = await site(env, {
      now: () => now,
      answer: () => {
        answers += 1;
        return answers <= 1 ? 400 : 201;
      },
    });
    await send(validLead({ email: 'lucie@example.com', message: 'Le trading, ce n’est pas le casino : je veux une LLC.' }));
    await send(validLead({ email: 'jeanne@example.com' }));
    expect((await store.list()).leads.map((lead) => [lead.email, lead.notification.state]).sort()).toEqual([
      ['jeanne@example.com', 'sent'],
      ['lucie@example.com', 'failed'],
    ]);
    // As `npm run leads -- --retry ID` does (with --force for the one sent), then the next pass.
    for (const lead of (await store.list()).leads) await store.retry(lead.id, now);
    await api.api.scheduled();
    const emails = api.sent.map((hit) => hit.body as { subject: string; textContent: string });
    const marked = emails.filter((email) => email.subject.startsWith('[À vérifier] '));
    // The first attempt and the retry, both marked: the mark is stored with the lead.
    expect(marked.map((email) => email.subject)).toEqual([
      '[À vérifier] Nouveau message de Jeanne Martin (formulaire de contact)',
      '[À vérifier] Nouveau message de Jeanne Martin (formulaire de contact)',
    ]);
    for (const email of marked) {
      expect(email.textContent.split('\n').slice(0, 3)).toEqual([
        'À vérifier\u202f: mot courant des listes d’indésirables. Le filtre des indésirables a un doute sur ce message\u202f; il vous est transmis quand même.',
        '',
        contactReceiver.email.intro,
      ]);
    }
    const unmarked = emails.filter((email) => !email.subject.startsWith('['));
    expect(unmarked).toHaveLength(2);
    for (const email of unmarked) {
      expect(email.subject).toBe('Nouveau message de Jeanne Martin (formulaire de contact)');
      expect(email.textContent.startsWith(`${contactReceiver.email.intro}\n`)).toBe(true);
    }
  });
});
