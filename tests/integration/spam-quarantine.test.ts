// @vitest-environment node
/**
 * The three outcomes through the real receiver on Node (src/api/contact/site-receiver.ts over the files store of LEADS_DIR,
 * a webhook stand-in that records what is notified): every French lead of the corpus is notified (marked « à
 * vérifier » or not), no spam is notified unmarked, all get the same answer; a flood of one long text is
 * quarantined from the third address on; a short sentence is only marked, and the trap-field posts of an attacker
 * never make it suspect. Then `npm run leads`: spam hidden and counted, listed with its reasons by --indesirables,
 * rescued (and then notified) by --pas-indesirable, purged after 30 days by --purge; marked leads shown with their
 * reasons.
 */
import { runLeads } from './run-script.ts';
import { mkdtemp, readdir } from 'node:fs/promises';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ContactValues } from '../../src/contact/contact-fields.ts';
import { contactReceiver } from '../../src/content/data/contact-receiver.ts';
import { createSiteReceiver } from '../../src/api/contact/site-receiver.ts';
import { filesLeadStore, nodeLeadStore } from '../../src/hosts/node/files-store.ts';
import type { StoredLead } from '../../src/api/store/lead-store.ts';
import { genuine, spam } from '../fixtures/spam-corpus/index.ts';
import { validLead } from '../fixtures/visitor.ts';

/** The webhook stand-in: the emails of the leads notified, and each JSON body as posted. */
const notified: string[] = [];
const bodies: Record<string, unknown>[] = [];
const hook = createServer((request, response) => {
  let text = '';
  request.on('data', (chunk: Buffer) => (text += chunk.toString()));
  request.on('end', () => {
    const body = JSON.parse(text);
    // The daily digest of quarantined messages (no `email` of its own) is no lead notified.
    if (body.digest === undefined) {
      notified.push(body.email);
      bodies.push(body);
    }
    response.writeHead(200).end('{}');
  });
});
const reset = () => {
  notified.length = 0;
  bodies.length = 0;
};
/** The body notified for an address (the last one). */
const bodyOf = (email: string) => bodies.findLast((body) => body.email === email);
let hookUrl = '';
beforeAll(async () => {
  await new Promise<void>((resolve) => hook.listen(0, '127.0.0.1', resolve));
  hookUrl = `http://127.0.0.1:${(hook.address() as AddressInfo).port}/hook`;
});
afterAll(async () => {
  hook.closeAllConnections();
  await new Promise<void>((resolve) => hook.close(() => resolve()));
});

const post = (body: unknown, type = 'application/json') =>
  new Request('http://localhost/api/contact', {
    method: 'POST',
    headers: { 'Content-Type': type },
    body: type === 'application/json' ? JSON.stringify(body) : new URLSearchParams(body as Record<string, string>).toString(),
  });

async function site() {
  const dir = await mkdtemp(path.join(tmpdir(), 'propllc-spam-'));
  const env = { LEADS_DIR: dir, CONTACT_WEBHOOK_URL: hookUrl, CONTACT_RATE_LIMIT: '10000' };
  const lines: string[] = [];
  const receiver = createSiteReceiver({
    env,
    store: nodeLeadStore(env),
    log: (line) => lines.push(line),
    logError: (line) => lines.push(line),
  });
  const send = async (values: ContactValues | Record<string, unknown>, type?: string) => {
    const work: Promise<void>[] = [];
    const response = await receiver.handle(post(values, type), {}, (after) => work.push(after));
    await Promise.all(work);
    return response;
  };
  return { dir, send, receiver, store: filesLeadStore(dir), lines };
}

const leads = (dir: string, args: string[]) => runLeads(args, { LEADS_DIR: dir });

describe('the corpus through the receiver on Node', { timeout: 60_000 }, () => {
  it('notifies every French lead, marked or not, no spam unmarked, and answers all alike', async () => {
    reset();
    const { send, store, lines } = await site();
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
    // The long pitch from three addresses: the third one is quarantined by the memory.
    expect(result).toEqual({
      genuine: { deliver: 53, review: 9, quarantine: 0 },
      spam: { deliver: 0, review: 23, quarantine: 11 },
    });
    // Every French lead reached the company; of the spam, only what is marked « à vérifier ».
    expect(notified.filter((email) => genuine.some((lead) => lead.email === email)).sort()).toEqual(
      genuine.map((lead) => lead.email).sort(),
    );
    for (const lead of spam) {
      const body = bodyOf(lead.email);
      if (body) expect(body.review, lead.message).toEqual({ reasons: expect.arrayContaining([expect.any(String)]) });
    }
    const quarantined = leads.filter((lead) => lead.notification.state === 'spam');
    expect(lines.filter((line) => line.includes('mis à l’écart comme indésirable'))).toHaveLength(quarantined.length);
    expect(lines.filter((line) => line.includes('marqué «\u202fà vérifier\u202f»'))).toHaveLength(
      leads.filter((lead) => lead.review).length,
    );
  });

  it('marks the webhook of a lead « à vérifier » with its reasons, and leaves an unmarked one as it always was', async () => {
    reset();
    const { send, store } = await site();
    await send(validLead({ email: 'lucie@example.com', message: 'Le trading, ce n’est pas le casino : je veux une LLC.' }));
    await send(validLead({ email: 'jeanne@example.com' }));
    const ids = Object.fromEntries((await store.list()).leads.map((lead) => [lead.email, lead.id]));
    expect(bodyOf('lucie@example.com')).toEqual({
      text: `[À vérifier] Nouveau message de Jeanne Martin (lucie@example.com) depuis le formulaire de contact`,
      ...validLead({ email: 'lucie@example.com', message: 'Le trading, ce n’est pas le casino : je veux une LLC.' }),
      id: ids['lucie@example.com'],
      review: { reasons: ['word'] },
    });
    expect(JSON.stringify(bodyOf('jeanne@example.com'))).toBe(
      JSON.stringify({
        text: 'Nouveau message de Jeanne Martin (jeanne@example.com) depuis le formulaire de contact',
        ...validLead({ email: 'jeanne@example.com' }),
        id: ids['jeanne@example.com'],
      }),
    );
  });

  it('answers a spam form posted without JavaScript with the same redirect as anyone', async () => {
    const { send } = await site();
    const spamResponse = await send({ ...spam[0] }, 'application/x-www-form-urlencoded');
    const leadResponse = await send({ ...genuine[0] }, 'application/x-www-form-urlencoded');
    expect([spamResponse.status, spamResponse.headers.get('location')]).toEqual([303, '/contact/merci']);
    expect([leadResponse.status, leadResponse.headers.get('location')]).toEqual([303, '/contact/merci']);
  });

  it('keeps a honeypot message apart rather than dropping it', async () => {
    reset();
    const { send, store } = await site();
    expect((await send({ ...validLead(), website: 'https://bot.example' })).status).toBe(200);
    const { leads } = await store.list();
    expect(leads.map((lead) => lead.notification)).toEqual([{ state: 'spam', at: expect.any(String), reasons: ['honeypot'] }]);
    expect(notified).toEqual([]);
  });

  it('never stores the form’s time measure as a field; a fast fill alone only marks the lead', async () => {
    reset();
    const { send, store, dir } = await site();
    expect((await send({ ...validLead(), _elapsed: 800 })).status).toBe(200);
    const [lead] = (await store.list()).leads;
    expect(lead?.notification.state).toBe('sent');
    expect(lead?.review).toEqual(['tooFast']);
    const files = (await readdir(dir)).filter((name) => name.endsWith('.json'));
    const { readFile } = await import('node:fs/promises');
    expect(JSON.parse(await readFile(path.join(dir, files[0] ?? ''), 'utf8'))).toEqual({ ...validLead(), review: ['tooFast'] });
  });

  it('quarantines a flood of one long text from many addresses from the third address on', async () => {
    reset();
    const { send, store } = await site();
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
    expect(notified.sort()).toEqual(['visiteur1@example.com', 'visiteur2@example.com']);
    // One address sending its text twice is no flood.
    expect(
      (await send(validLead({ email: 'visiteur1@example.com', message: 'Une autre question, sur la TVA cette fois.' }))).status,
    ).toBe(200);
    expect(
      (await send(validLead({ email: 'visiteur1@example.com', message: 'Une autre question, sur la TVA cette fois.' }))).status,
    ).toBe(200);
    expect((await store.list()).leads.filter((lead) => lead.notification.state === 'spam')).toHaveLength(4);
  });
});

describe('the repeat memory cannot be poisoned', { timeout: 60_000 }, () => {
  it('three trap-field posts of « Rappelez-moi svp. » leave the next visitor’s unmarked; three visitors’ only mark the third', async () => {
    reset();
    const { send, store } = await site();
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
    expect(notified.sort()).toEqual(['visiteur1@example.com', 'visiteur2@example.com', 'visiteur3@example.com']);
    expect(bodyOf('visiteur3@example.com')?.review).toEqual({ reasons: ['repeatedShort'] });
  });

  it('a message quarantined anyway is not remembered: a flood of spam that also has links never counts against a long text', async () => {
    reset();
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

describe('npm run leads and the quarantine', { timeout: 60_000 }, () => {
  it('hides spam and counts it, lists it with its reasons, rescues it, and purges it after 30 days', async () => {
    reset();
    const { dir, send, store, receiver } = await site();
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
      ['pattern'],
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
    expect(apart.stdout).toMatch(/Robot Liens.*indésirable\u202f?\s?: trois liens ou plus/);
    expect(apart.stdout).toMatch(/Vieux Casino.*expression typique des indésirables/);

    const robot = (await store.list()).leads.find((lead) => lead.name === 'Robot Liens');
    const notSpam = await leads(dir, [
      '--pas-indesirable',
      (await store.list()).leads.find((lead) => lead.name === 'Jeanne Vraie')?.id ?? '',
    ]);
    expect(notSpam.code).toBe(1);
    const rescued = await leads(dir, ['--pas-indesirable', robot?.id ?? '']);
    expect(rescued.code, rescued.stderr).toBe(0);
    expect(rescued.stdout).toContain(`Message ${robot?.id} sorti des indésirables`);
    expect(notified).toEqual(['jeanne.martin@example.com']);
    await receiver.retryPending?.();
    expect(notified).toEqual(['jeanne.martin@example.com', 'robot@example.com']);

    const purge = await leads(dir, ['--purge']);
    expect(purge.code, purge.stderr).toBe(0);
    expect(purge.stdout).toContain('Vieux Casino');
    expect((await store.list()).leads.map((lead) => lead.name).sort()).toEqual(['Jeanne Vraie', 'Robot Liens']);
    expect(old.notification.state).toBe('spam');
  });

  it('shows a lead « à vérifier » with its reasons, in the table and the CSV', async () => {
    reset();
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
    const { readFile } = await import('node:fs/promises');
    const csv = (await readFile(file, 'utf8')).split('\r\n');
    expect(csv[0]).toBe('\ufeff"Date";"Nom";"Email";"Téléphone";"Message";"Notification";"À vérifier"');
    expect(csv.find((line) => line.includes('Lucie Fabre'))).toMatch(
      /;"adresse email jetable, mot courant des listes d’indésirables"$/,
    );
    expect(csv.find((line) => line.includes('Jeanne Vraie'))).toMatch(/;""$/);
  });
});

describe('the email of a lead « à vérifier »', { timeout: 60_000 }, () => {
  it('starts its subject with the mark and its text with the reasons, also when retried; an unmarked email is as it was', async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'propllc-spam-email-'));
    const env = { LEADS_DIR: dir, BREVO_API_KEY: 'xkeysib-test', CONTACT_TO: 'contact@propllc.fr', CONTACT_FROM: 'site@propllc.fr' };
    const emails: { subject: string; textContent: string }[] = [];
    // Brevo refuses the first attempt of each lead (a final answer: « échec »), then accepts.
    let answers = 0;
    const fetch = (async (_input: string | URL | Request, init?: RequestInit) => {
      answers += 1;
      emails.push(JSON.parse(String(init?.body)));
      return new Response('{}', { status: answers <= 2 ? 400 : 201 });
    }) as typeof globalThis.fetch;
    const receiver = createSiteReceiver({ env, store: nodeLeadStore(env), fetch, log: () => undefined, logError: () => undefined });
    const send = async (values: ContactValues) => {
      const work: Promise<void>[] = [];
      await receiver.handle(post(values), {}, (after) => work.push(after));
      await Promise.all(work);
    };
    await send(validLead({ email: 'lucie@example.com', message: 'Le trading, ce n’est pas le casino : je veux une LLC.' }));
    await send(validLead({ email: 'jeanne@example.com' }));
    // As `npm run leads -- --retry ID` does, then the next pass.
    const store = filesLeadStore(dir);
    for (const lead of (await store.list()).leads) await store.retry(lead.id, new Date());
    await receiver.retryPending?.();
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
