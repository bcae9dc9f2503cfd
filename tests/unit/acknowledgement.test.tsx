// @vitest-environment node
/**
 * The acknowledgement (CONTACT_ACK=1, src/api/contact/acknowledgement.ts) through the real receiver over the files
 * store of LEADS_DIR, Brevo replaced by a recording fetch: one per address per day, never for a message marked
 * « à vérifier » or kept apart as spam, never holding anything the visitor typed but a first name; a failure of
 * it costs the lead nothing; asked for without email delivery, the operator is told. And the GDPR notice says so
 * only in a build that sends it.
 */
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { renderToStaticMarkup } from 'react-dom/server';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { acknowledgedWays, acknowledgementEmail, firstNameOf } from '../../src/api/contact/acknowledgement.ts';
import { brevoEndpoint } from '../../src/api/contact/deliveries.ts';
import { receiverLines } from '../../src/api/contact/lines.ts';
import { createSiteReceiver } from '../../src/api/contact/site-receiver.ts';
import { acknowledgementSentBy } from '../../src/contact/acknowledgement-settings.ts';
import { honeypotName } from '../../src/contact/contact-fields.ts';
import { contactWays } from '../../src/contact/contact-ways.ts';
import { company } from '../../src/content/data/company.ts';
import { contactReceiver } from '../../src/content/data/contact-receiver.ts';
import { contactWaysCopy } from '../../src/content/data/contact-ways.ts';
import { processors } from '../../src/content/data/processors.ts';
import { filesLeadStore, nodeLeadStore } from '../../src/hosts/node/files-store.ts';
import { ProcessorList } from '../../src/site/mdx/widgets/Facts.tsx';
import { validLead } from '../fixtures/visitor.ts';

const words = contactReceiver.acknowledgement;

interface Posted {
  to: { email: string }[];
  subject: string;
  textContent: string;
  htmlContent?: string;
}

afterEach(() => {
  vi.useRealTimers();
});

/** The receiver with email delivery and CONTACT_ACK=1 (or `env`); Brevo answers `status` (or `answer(body)`). */
async function site(env: Record<string, string> = {}, answer: (body: Posted) => number = () => 201) {
  const dir = await mkdtemp(path.join(tmpdir(), 'propllc-ack-'));
  const settings = {
    LEADS_DIR: dir,
    BREVO_API_KEY: 'cle-de-test',
    CONTACT_TO: 'equipe@propllc.fr',
    CONTACT_FROM: 'site@propllc.fr',
    CONTACT_ACK: '1',
    CONTACT_RATE_LIMIT: '10000',
    ...env,
  };
  const posted: Posted[] = [];
  const fetcher = (async (input: string | URL | Request, init?: RequestInit) => {
    expect(String(input)).toBe(brevoEndpoint);
    const body = JSON.parse(String(init?.body)) as Posted;
    posted.push(body);
    return new Response('{}', { status: answer(body) });
  }) as typeof fetch;
  const lines: string[] = [];
  const errors: string[] = [];
  const receiver = createSiteReceiver({
    env: settings,
    store: nodeLeadStore(settings),
    fetch: fetcher,
    log: (line) => lines.push(line),
    logError: (line) => errors.push(line),
  });
  const send = async (values: Record<string, string>) => {
    const work: Promise<void>[] = [];
    const response = await receiver.handle(
      new Request('http://localhost/api/contact', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify(values),
      }),
      {},
      (after) => work.push(after),
    );
    await Promise.all(work);
    return response;
  };
  /** The acknowledgements posted: the emails whose recipient is not PropLLC. */
  const acks = () => posted.filter((body) => body.to.every(({ email }) => email !== 'equipe@propllc.fr'));
  return { send, posted, acks, lines, errors, store: filesLeadStore(dir), receiver };
}

describe('the acknowledgement', () => {
  it('goes once per address per day, text only, with the reference, what happens next and the other ways to reach us', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-11-26T09:00:00Z'));
    const { send, acks, posted, lines, store, receiver } = await site();
    expect(receiver.describe).toContain(receiverLines.acknowledgementOn);
    const jeanne = validLead({ name: 'Jeanne Martin', email: 'jeanne.martin@example.com' });
    expect((await send(jeanne)).status).toBe(200);
    // The same person later that day, the address typed otherwise: the lead goes, no second acknowledgement.
    vi.setSystemTime(new Date('2026-11-26T18:00:00Z'));
    await send({ ...jeanne, email: ' Jeanne.MARTIN@example.com', message: 'Bonjour, une seconde question sur ma LLC, merci.' });
    expect(posted).toHaveLength(3);
    expect(acks()).toHaveLength(1);
    expect(lines.filter((line) => line.includes('en a déjà reçu un aujourd’hui'))).toHaveLength(1);

    const [ack] = acks();
    const first = (await store.list()).leads.find((lead) => lead.receivedAt.startsWith('2026-11-26T09'));
    expect(ack?.to).toEqual([{ email: 'jeanne.martin@example.com' }]);
    expect(ack?.subject).toBe(words.subject);
    expect(ack).not.toHaveProperty('htmlContent');
    const text = ack?.textContent ?? '';
    expect(text.split('\n')[0]).toBe('Bonjour Jeanne,');
    expect(text).toContain(first?.id);
    expect(text).toContain(words.next);
    expect(text).toContain(company.phone);
    expect(text).toContain(company.email);
    expect(text).not.toContain('Martin');
    expect(text).not.toContain(jeanne.message);
    expect(text).not.toContain(jeanne.phone);
    expect(text).not.toContain(jeanne.email);

    // The next day, another one.
    vi.setSystemTime(new Date('2026-11-27T09:00:00Z'));
    await send(jeanne);
    expect(acks()).toHaveLength(2);
    expect(lines.filter((line) => line.startsWith('Accusé de réception envoyé'))).toHaveLength(2);
  });

  it('never holds the visitor’s text: a link in the message, or in the name, never reaches the address typed', async () => {
    const { send, acks, store } = await site();
    // A link in the name is kept apart as spam at once: never acknowledged.
    await send(validLead({ name: 'Zoé https://gains-faciles.example', email: 'lien@example.com' }));
    const values = validLead({
      name: '007 Agent Promo',
      email: 'cible@example.com',
      message:
        'Bonjour, mon site est https://gains-faciles.example/offre, je voudrais une LLC pour mes payouts FTMO. Merci de me rappeler.',
    });
    await send(values);
    // Delivered unmarked (one link in a French message): acknowledged, without a word of it.
    const lead = (await store.list()).leads.find((found) => found.email === values.email);
    expect(lead?.notification.state).toBe('sent');
    expect(lead?.review).toBeUndefined();
    expect(acks()).toHaveLength(1);
    const text = acks()[0]?.textContent ?? '';
    expect(text.split('\n')[0]).toBe(words.greetingWithoutName);
    // The reference is the lead's own id, a timestamp to the millisecond: taken out, so that its digits (a lead
    // stored at millisecond 007) are not mistaken for the name's.
    expect(text).toContain(lead?.id);
    const withoutReference = text.replaceAll(lead?.id ?? '', '');
    for (const part of ['gains-faciles', '007', 'Agent', 'Promo', values.phone, 'cible@'])
      expect(withoutReference).not.toContain(part);

    // The email's writer itself, given a spammer's every field.
    const spammer = {
      name: 'https://spam.example/x Gagnez',
      message: 'Achetez https://spam.example/a https://spam.example/b https://spam.example/c',
    };
    const ways = acknowledgedWays(contactWays({ phone: '', email: company.email }), contactWaysCopy.labels);
    const written = acknowledgementEmail(words, { name: spammer.name, reference: 'ref-1', ways });
    expect(`${written.subject}\n${written.text}`).not.toMatch(/spam\.example|https?:|Gagnez|Achetez/);
    // An empty setting is left out; each set one is a line of its own.
    expect(written.text).not.toContain(`${contactWaysCopy.labels.phone}\u202f:`);
    expect(written.text).toContain(`- ${contactWaysCopy.labels.email}\u202f: ${company.email}`);
    // WhatsApp, Telegram and a booking page, once set, are written as the links /contact shows.
    const all = acknowledgedWays(
      contactWays({
        phone: company.phone,
        email: company.email,
        whatsappNumber: '+33 6 12 34 56 78',
        telegram: 'propllc',
        booking: 'https://rdv.example/propllc',
      }),
      contactWaysCopy.labels,
    );
    const full = acknowledgementEmail(words, { name: 'Jeanne', reference: 'ref-2', ways: all }).text;
    for (const line of [
      `- ${contactWaysCopy.labels.phone}\u202f: ${company.phone}`,
      `- ${contactWaysCopy.labels.whatsapp}\u202f: https://wa.me/33612345678`,
      `- ${contactWaysCopy.labels.telegram}\u202f: https://t.me/propllc`,
      `- ${contactWaysCopy.labels.booking}\u202f: https://rdv.example/propllc`,
    ]) {
      expect(full).toContain(line);
    }
  });

  it('is never sent for a message marked « à vérifier » or kept apart as spam', async () => {
    const { send, acks, posted, store } = await site();
    // Two links: delivered marked « à vérifier ».
    await send(
      validLead({
        email: 'deux.liens@example.com',
        message:
          'Bonjour, je voudrais créer ma LLC. Voyez https://promo.example/offre et https://promo.example/llc pour mon projet, merci.',
      }),
    );
    // The trap field filled: kept apart, never delivered.
    await send({ ...validLead({ email: 'robot@example.com' }), [honeypotName]: 'https://robot.example' });
    const states = (await store.list()).leads.map((lead) =>
      lead.notification.state === 'spam' ? 'spam' : lead.review ? 'review' : 'plain',
    );
    expect(states.sort()).toEqual(['review', 'spam']);
    expect(posted).toHaveLength(1);
    expect(acks()).toEqual([]);
  });

  it('failing, costs the lead nothing and is told to the operator', async () => {
    const { send, acks, store, errors } = await site({}, (body) => (body.to[0]?.email === 'equipe@propllc.fr' ? 201 : 503));
    await send(validLead({ email: 'paul@example.com' }));
    expect(acks()).toHaveLength(1);
    const [lead] = (await store.list()).leads;
    expect(lead?.notification.state).toBe('sent');
    expect(errors).toEqual([
      expect.stringMatching(new RegExp(`^Accusé de réception NON envoyé pour le message ${lead?.id} : HTTP 503\\.`)),
    ]);
  });

  it('asked for without email delivery, or with a value it does not know, is told to the operator and sends nothing', async () => {
    const webhook = await site({ BREVO_API_KEY: '', CONTACT_DELIVERY: 'local' });
    expect(webhook.errors).toEqual([receiverLines.acknowledgementNeedsEmail]);
    expect(webhook.receiver.describe).not.toContain(receiverLines.acknowledgementOn);
    const unknown = await site({ CONTACT_ACK: 'peut-être' });
    expect(unknown.errors).toEqual([receiverLines.acknowledgementInvalid]);
    await unknown.send(validLead());
    expect(unknown.acks()).toEqual([]);
    const off = await site({ CONTACT_ACK: '0' });
    expect(off.errors).toEqual([]);
    await off.send(validLead());
    expect(off.acks()).toEqual([]);
  });

  it('keeps of a name only a first name made of letters', () => {
    expect(firstNameOf('Jeanne Martin')).toBe('Jeanne');
    expect(firstNameOf('  Jean-Marc  Dupont')).toBe('Jean-Marc');
    expect(firstNameOf('N’Golo Kanté')).toBe('N’Golo');
    expect(firstNameOf('Élodie\u0007\u202e Rose')).toBe('Élodie');
    expect(firstNameOf('http://spam.example')).toBeUndefined();
    expect(firstNameOf('Jeanne2 Martin')).toBeUndefined();
    expect(firstNameOf('a'.repeat(31))).toBeUndefined();
    expect(firstNameOf('')).toBeUndefined();
  });
});

describe('the GDPR notice', () => {
  it('says that an acknowledgement is sent only in a build that sends it', () => {
    const notice = (acknowledged: boolean) =>
      renderToStaticMarkup(<ProcessorList recipients="email" store="d1" acknowledged={acknowledged} />);
    // The notice's HTML escapes the apostrophes of the sentence: compared on a part without one.
    const sentence = processors.acknowledgement.slice(0, 40);
    expect(sentence).not.toMatch(/['’]/);
    expect(notice(true)).toContain(sentence);
    expect(notice(false)).not.toContain(sentence);
    const build = { CF_PAGES: '1', CONTACT_STORE: 'd1', BREVO_API_KEY: 'cle' };
    expect(acknowledgementSentBy({ ...build, CONTACT_ACK: '1' })).toBe(true);
    expect(acknowledgementSentBy(build)).toBe(false);
    expect(acknowledgementSentBy({ ...build, CONTACT_ACK: '1', BREVO_API_KEY: '', CONTACT_WEBHOOK_URL: 'https://hook.example' })).toBe(
      false,
    );
    expect(acknowledgementSentBy({ ...build, CONTACT_ACK: '1', CONTACT_STORE: '' })).toBe(false);
  });
});
