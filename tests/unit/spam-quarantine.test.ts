// @vitest-environment node
/**
 * Spam kept apart through the real receiver on Node (src/receiver/site.ts over the files store of LEADS_DIR, a
 * webhook stand-in that records what is notified): the corpus of French leads is notified, the corpus of spam
 * is stored apart and never notified, both with the same answer; a flood of one text is quarantined from the
 * third address on. Then `npm run leads`: spam hidden and counted, listed with its reasons by --indesirables,
 * rescued (and then notified) by --pas-indesirable, purged after 30 days by --purge.
 */
import { runScript } from './run-script.ts';
import { mkdtemp, readdir } from 'node:fs/promises';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ContactValues } from '../../src/forms/contact-fields.ts';
import { createSiteReceiver } from '../../src/receiver/site.ts';
import { filesLeadStore, nodeLeadStore } from '../../src/receiver/store/files.ts';
import { genuine, spam } from '../fixtures/spam-corpus/index.ts';
import { validLead } from '../visitor.ts';

/** The webhook stand-in: the names of the leads notified. */
const notified: string[] = [];
const hook = createServer((request, response) => {
  let text = '';
  request.on('data', (chunk: Buffer) => (text += chunk.toString()));
  request.on('end', () => {
    const body = JSON.parse(text);
    // The daily digest of quarantined messages (no `email` of its own) is no lead notified.
    if (body.digest === undefined) notified.push(body.email);
    response.writeHead(200).end('{}');
  });
});
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

const leads = (dir: string, args: string[]) => runScript('scripts/leads.ts', args, { LEADS_DIR: dir });

describe('the corpus through the receiver on Node', { timeout: 60_000 }, () => {
  it('notifies every French lead, stores every spam apart unnotified, and answers both alike', async () => {
    notified.length = 0;
    const { send, store, lines } = await site();
    for (const values of [...genuine, ...spam]) {
      const response = await send(values);
      expect(response.status, values.message).toBe(200);
      expect(await response.json()).toEqual({ ok: true, message: expect.stringMatching(/^Message envoyé/) });
    }
    const { leads } = await store.list();
    expect(leads).toHaveLength(genuine.length + spam.length);
    const apart = leads.filter((lead) => lead.notification.state === 'spam').map((lead) => lead.email);
    expect(apart.sort()).toEqual(spam.map((lead) => lead.email).sort());
    expect(notified.sort()).toEqual(genuine.map((lead) => lead.email).sort());
    expect(lines.filter((line) => line.includes('mis à l’écart comme indésirable'))).toHaveLength(spam.length);
  });

  it('answers a spam form posted without JavaScript with the same redirect as anyone', async () => {
    const { send } = await site();
    const spamResponse = await send({ ...spam[0] }, 'application/x-www-form-urlencoded');
    const leadResponse = await send({ ...genuine[0] }, 'application/x-www-form-urlencoded');
    expect([spamResponse.status, spamResponse.headers.get('location')]).toEqual([303, '/contact/merci']);
    expect([leadResponse.status, leadResponse.headers.get('location')]).toEqual([303, '/contact/merci']);
  });

  it('keeps a honeypot message apart rather than dropping it', async () => {
    notified.length = 0;
    const { send, store } = await site();
    expect((await send({ ...validLead(), website: 'https://bot.example' })).status).toBe(200);
    const { leads } = await store.list();
    expect(leads.map((lead) => lead.notification)).toEqual([{ state: 'spam', at: expect.any(String), reasons: ['honeypot'] }]);
    expect(notified).toEqual([]);
  });

  it('never stores the form’s time measure as a field; a fast fill alone is not enough', async () => {
    notified.length = 0;
    const { send, store, dir } = await site();
    expect((await send({ ...validLead(), _elapsed: 800 })).status).toBe(200);
    const [lead] = (await store.list()).leads;
    expect(lead?.notification.state).toBe('sent');
    const files = (await readdir(dir)).filter((name) => name.endsWith('.json'));
    const { readFile } = await import('node:fs/promises');
    expect(Object.keys(JSON.parse(await readFile(path.join(dir, files[0] ?? ''), 'utf8')))).not.toContain('_elapsed');
  });

  it('quarantines a flood of one text from many addresses from the third address on', async () => {
    notified.length = 0;
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

describe('npm run leads and the quarantine', { timeout: 60_000 }, () => {
  it('hides spam and counts it, lists it with its reasons, rescues it, and purges it after 30 days', async () => {
    notified.length = 0;
    const { dir, send, store, receiver } = await site();
    await send(validLead({ name: 'Jeanne Vraie' }));
    await send(
      validLead({ name: 'Robot Liens', email: 'robot@example.com', message: 'Offers: https://a.example/1 https://a.example/2' }),
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

    const apart = await leads(dir, ['--indesirables']);
    expect(apart.code).toBe(0);
    expect(apart.stdout).not.toContain('Jeanne Vraie');
    expect(apart.stdout).toMatch(/Robot Liens.*indésirable\u202f?\s?: plusieurs liens/);
    expect(apart.stdout).toMatch(/Vieux Casino.*motif connu d’indésirable/);

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
});
