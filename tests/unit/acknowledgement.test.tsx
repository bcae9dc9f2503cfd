// @vitest-environment node
/**
 * The acknowledgement (CONTACT_ACK=1, src/api/contact/acknowledgement.ts) through the API (tests/fixtures/api.ts)
 * over an in-memory store, Brevo replaced by a recording fetch: one per inbox per day (an address's spellings are one
 * inbox), at most 3 per client address, 20 per email domain and CONTACT_ACK_DAILY_LIMIT (50) a day; never for a
 * message marked « à vérifier » or kept apart as spam; never holding anything the visitor typed but a first name in
 * Latin letters; a failure of it costs the lead nothing, and Brevo out of credits stops it for the day without
 * touching the leads; asked for without email delivery, the operator is told. And the GDPR notice says so only in a
 * build that sends it.
 */
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { acknowledgedWays, acknowledgementEmail, firstNameOf } from '../../src/api/contact/acknowledgement.ts';
import { brevoEndpoint } from '../../src/api/contact/delivery/brevo.ts';
import { receiverLines } from '../../src/api/contact/lines.ts';
import { spamCaps } from '../../src/api/contact/spam/weights.ts';
import { deliveryStatusStore } from '../../src/api/store/delivery-status.ts';
import { leadStore } from '../../src/api/store/lead-store.ts';
import { honeypotName } from '../../src/contact/contact-fields.ts';
import { contactWays } from '../../src/contact/contact-ways.ts';
import { settingsLines } from '../../src/contact/lines.ts';
import { readSettings } from '../../src/contact/settings.ts';
import { company } from '../../src/content/data/company.ts';
import { contactReceiver } from '../../src/content/data/contact-receiver.ts';
import { contactWaysCopy } from '../../src/content/data/contact-ways.ts';
import { processors } from '../../src/content/data/processors.ts';
import { fillTemplate } from '../../src/content/template.ts';
import { ProcessorList } from '../../src/site/mdx/widgets/Facts.tsx';
import { type Sent, testApi } from '../fixtures/api.ts';
import { validLead } from '../fixtures/visitor.ts';

const words = contactReceiver.acknowledgement;
const team = 'equipe@propllc.fr';

interface Posted {
  to: { email: string }[];
  replyTo?: { email: string };
  subject: string;
  textContent: string;
  htmlContent?: string;
}

const emailDelivery = { BREVO_API_KEY: 'cle-de-test', CONTACT_TO: team, CONTACT_FROM: 'site@propllc.fr' };

/**
 * The API with email delivery and CONTACT_ACK=1 (or `env`), its clock at `start` until the test moves it; Brevo
 * answers `answer(sent)` (201 by default).
 */
async function site(env: Record<string, string> = {}, answer: (sent: Sent) => number | Response = () => 201) {
  let time = Date.parse('2026-11-26T09:00:00Z');
  const api = await testApi({ ...emailDelivery, CONTACT_ACK: '1', ...env }, { answer, now: () => new Date(time) });
  const store = leadStore(api.leads, { spamCaps });
  /** Posts a lead from `address` and waits for all that follows it: its notification, its acknowledgement. */
  const send = async (values: Record<string, string>, address = '192.0.2.1') => {
    const response = await api.post(validLead(values), { address });
    await api.settle();
    return response;
  };
  const posted = () => api.sent.map((sent) => sent.body as Posted);
  /** The acknowledgements posted: the emails whose recipient is not PropLLC. */
  const acks = () => posted().filter((body) => body.to.every(({ email }) => email !== team));
  /** The leads' own emails, to PropLLC, answering the visitor (the day's digest, to PropLLC too, answers nobody). */
  const leadEmails = () => posted().filter((body) => body.to.some(({ email }) => email === team) && body.replyTo !== undefined);
  const skipped = (why: keyof typeof receiverLines.acknowledgementWhy) =>
    api.log.filter((line) => line.endsWith(`\u202f: ${receiverLines.acknowledgementWhy[why]}.`));
  const at = (iso: string) => {
    time = Date.parse(iso);
  };
  return { ...api, send, posted, acks, leadEmails, skipped, store, at };
}

/** A message of its own for each number: the same text from many addresses would be a flood (the spam filter). */
const message = (index: number) => `Bonjour, je voudrais créer une LLC pour encaisser mes payouts, demande numéro ${index}.`;

/** The answer Brevo gives an account out of credits. */
const outOfCredits = () =>
  new Response(JSON.stringify({ code: 'not_enough_credits', message: 'Not enough credits' }), { status: 400 });

describe('the acknowledgement', () => {
  it('goes once per inbox per day, text only, with the reference, what happens next and the other ways to reach us', async () => {
    const visit = await site();
    expect(visit.api.describe).toContain(receiverLines.acknowledgementOn);
    const jeanne = { name: 'Jeanne Martin', email: 'jeanne.martin@example.com' };
    expect((await visit.send(jeanne)).status).toBe(200);
    // The same person later that day, the address typed otherwise: the lead goes, no second acknowledgement.
    visit.at('2026-11-26T18:00:00Z');
    await visit.send({ ...jeanne, email: ' Jeanne.MARTIN@example.com', message: 'Bonjour, une seconde question sur ma LLC, merci.' });
    expect(visit.leadEmails()).toHaveLength(2);
    expect(visit.acks()).toHaveLength(1);
    expect(visit.skipped('already')).toHaveLength(1);

    const [ack] = visit.acks();
    const first = (await visit.store.list()).leads.find((lead) => lead.receivedAt.startsWith('2026-11-26T09'));
    expect(ack?.to).toEqual([{ email: 'jeanne.martin@example.com' }]);
    expect(ack?.subject).toBe(words.subject);
    expect(ack).not.toHaveProperty('htmlContent');
    const text = ack?.textContent ?? '';
    expect(text.split('\n')[0]).toBe('Bonjour Jeanne,');
    expect(text).toContain(first?.id);
    expect(text).toContain(words.next);
    expect(text).toContain(company.phone);
    expect(text).toContain(company.email);
    const lead = validLead(jeanne);
    expect(text).not.toContain('Martin');
    expect(text).not.toContain(lead.message);
    expect(text).not.toContain(lead.phone);
    expect(text).not.toContain(lead.email);
    // Sent by Brevo, under the lead's id with its own prefix.
    expect(visit.sent.find((sent) => sent.body === ack)).toMatchObject({
      url: brevoEndpoint,
      headers: { 'idempotency-key': `ack-${first?.id}` },
    });

    // The next day, another one.
    visit.at('2026-11-27T09:00:00Z');
    await visit.send(jeanne);
    expect(visit.acks()).toHaveLength(2);
    expect(visit.log.filter((line) => line.startsWith('Accusé de réception envoyé'))).toHaveLength(2);
  });

  it('counts an inbox, not a spelling: victim+1@gmail.com, v.ictim@gmail.com and victim@googlemail.com are victim@gmail.com', async () => {
    const visit = await site();
    await visit.send({ email: 'victim@gmail.com', message: message(0) }, '198.51.100.1');
    const spellings = ['victim+1@gmail.com', 'v.ictim@gmail.com', 'victim@googlemail.com', 'V.Ictim+llc@GoogleMail.com'];
    for (const [index, email] of spellings.entries())
      await visit.send({ email, message: message(index + 1) }, `198.51.100.${index + 2}`);
    // Every lead goes; one acknowledgement, to the first spelling.
    expect(visit.leadEmails()).toHaveLength(5);
    expect(visit.acks().map((ack) => ack.to)).toEqual([[{ email: 'victim@gmail.com' }]]);
    expect(visit.skipped('already')).toHaveLength(4);
    // Another inbox of the same provider is another person.
    await visit.send({ email: 'victime@gmail.com', message: message(9) }, '198.51.100.9');
    expect(visit.acks()).toHaveLength(2);
  });

  it('goes at most 3 times a day to one client address (an IPv6 /64 is one client), whatever the inboxes typed', async () => {
    const visit = await site();
    for (let index = 1; index <= 4; index++) {
      await visit.send({ email: `personne${index}@exemple${index}.fr`, message: message(index) }, `2001:db8:1:2::${index}`);
    }
    expect(visit.leadEmails()).toHaveLength(4);
    expect(visit.acks().map((ack) => ack.to[0]?.email)).toEqual([
      'personne1@exemple1.fr',
      'personne2@exemple2.fr',
      'personne3@exemple3.fr',
    ]);
    expect(visit.skipped('clientCap')).toHaveLength(1);
    // Another client still gets one.
    await visit.send({ email: 'autre@exemple9.fr', message: message(9) }, '2001:db8:1:3::1');
    expect(visit.acks()).toHaveLength(4);
  });

  it('goes at most 20 times a day to one email domain', async () => {
    const visit = await site();
    for (let index = 1; index <= 21; index++) {
      await visit.send({ email: `personne${index}@entreprise.fr`, message: message(index) }, `198.51.100.${index}`);
    }
    expect(visit.leadEmails()).toHaveLength(21);
    expect(visit.acks()).toHaveLength(20);
    expect(visit.skipped('domainCap')).toHaveLength(1);
    expect(visit.acks().some((ack) => ack.to[0]?.email === 'personne21@entreprise.fr')).toBe(false);
    // Another domain is not held back.
    await visit.send({ email: 'personne1@autre-entreprise.fr', message: message(30) }, '198.51.100.30');
    expect(visit.acks()).toHaveLength(21);
  });

  it('goes at most CONTACT_ACK_DAILY_LIMIT times a day in all, 50 unless set, and again the next day', async () => {
    expect(readSettings({}).acknowledgement).toEqual({ asked: false, perDay: 50, perClient: 3, perDomain: 20 });
    const unreadable = readSettings({ CONTACT_ACK_DAILY_LIMIT: 'beaucoup' });
    expect(unreadable.acknowledgement.perDay).toBe(50);
    expect(unreadable.warnings).toEqual([
      fillTemplate(settingsLines.number, { name: 'CONTACT_ACK_DAILY_LIMIT', value: 'beaucoup', fallback: '50' }),
    ]);

    // The default: the 51st visitor of the day, each from a client and a domain of their own, gets none.
    const busy = await site();
    for (let index = 1; index <= 51; index++) {
      await busy.send({ email: `visiteur${index}@domaine${index}.fr`, message: message(index) }, `198.51.100.${index}`);
    }
    expect(busy.leadEmails()).toHaveLength(51);
    expect(busy.acks()).toHaveLength(50);
    expect(busy.acks().some((ack) => ack.to[0]?.email === 'visiteur51@domaine51.fr')).toBe(false);
    expect(busy.skipped('dayCap')).toHaveLength(1);

    const few = await site({ CONTACT_ACK_DAILY_LIMIT: '2' });
    for (let index = 1; index <= 3; index++) {
      await few.send({ email: `visiteur${index}@domaine${index}.fr`, message: message(index) }, `198.51.100.${index}`);
    }
    expect(few.acks()).toHaveLength(2);
    expect(few.skipped('dayCap')).toHaveLength(1);
    few.at('2026-11-27T09:00:00Z');
    await few.send({ email: 'visiteur4@domaine4.fr', message: message(4) }, '198.51.100.4');
    expect(few.acks()).toHaveLength(3);
  });

  it('out of Brevo credits, stops for the rest of the day and never pauses the leads; the next day it goes again', async () => {
    let credits = false;
    const visit = await site({}, (sent) => {
      const body = sent.body as Posted;
      const toTeam = body.to.some(({ email }) => email === team);
      return toTeam || credits ? 201 : outOfCredits();
    });
    await visit.send({ email: 'paul@example.com', message: message(1) }, '198.51.100.1');
    await visit.send({ email: 'marie@example.org', message: message(2) }, '198.51.100.2');
    await visit.send({ email: 'luc@example.net', message: message(3) }, '198.51.100.3');
    // One acknowledgement asked, refused; none asked after it; every lead sent.
    expect(visit.acks()).toHaveLength(1);
    expect(visit.leadEmails()).toHaveLength(3);
    const { leads } = await visit.store.list();
    expect(leads.map((lead) => lead.notification.state)).toEqual(['sent', 'sent', 'sent']);
    const first = leads.find((lead) => lead.email === 'paul@example.com');
    expect(visit.errors).toEqual([
      fillTemplate(receiverLines.acknowledgementFailed, { id: first?.id ?? '', reason: 'HTTP 400 (Not enough credits)' }),
    ]);
    expect(visit.skipped('stopped')).toHaveLength(2);
    // The leads' delivery is not in an incident: nothing is held back, no pause was said.
    expect((await deliveryStatusStore(visit.leads).read()).pause).toBeUndefined();
    expect(visit.errors.some((line) => line.startsWith('Livraison EN PANNE'))).toBe(false);

    credits = true;
    visit.at('2026-11-27T09:00:00Z');
    await visit.send({ email: 'anne@example.com', message: message(4) }, '198.51.100.4');
    expect(visit.acks().map((ack) => ack.to[0]?.email)).toEqual(['paul@example.com', 'anne@example.com']);
  });

  it('never holds the visitor’s text: a link in the message, or in the name, never reaches the address typed', async () => {
    const visit = await site();
    // A link in the name marks the lead « à vérifier » at least: never acknowledged.
    await visit.send({ name: 'Zoé https://gains-faciles.example', email: 'lien@example.com' });
    expect(visit.acks()).toEqual([]);
    const values = validLead({
      name: '007 Agent Promo',
      email: 'cible@example.com',
      message:
        'Bonjour, mon site est https://gains-faciles.example/offre, je voudrais une LLC pour mes payouts FTMO. Merci de me rappeler.',
    });
    await visit.send(values, '198.51.100.7');
    // Delivered unmarked (one link in a French message): acknowledged, without a word of it.
    const lead = (await visit.store.list()).leads.find((found) => found.email === values.email);
    expect(lead?.notification.state).toBe('sent');
    expect(lead?.review).toBeUndefined();
    expect(visit.acks()).toHaveLength(1);
    const text = visit.acks()[0]?.textContent ?? '';
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

  it('greets by a first name in Latin letters only: another script, or a look-alike letter in it, gets the greeting without name', async () => {
    const visit = await site();
    const names = [
      ['Zoë Kravitz', 'Bonjour Zoë,'],
      ['Дмитрий Петров', words.greetingWithoutName],
      // « Jеanne » with a Cyrillic е: it looks like Jeanne, and is not.
      ['J\u0435anne Martin', words.greetingWithoutName],
      ['Ζωή Παππά', words.greetingWithoutName],
    ];
    for (const [index, [name]] of names.entries()) {
      await visit.send(
        { name: name ?? '', email: `visiteur${index}@domaine${index}.fr`, message: message(index) },
        `198.51.100.${index + 1}`,
      );
    }
    expect(visit.acks().map((ack) => ack.textContent.split('\n')[0])).toEqual(names.map(([, greeting]) => greeting));
    expect(
      visit
        .acks()
        .map((ack) => ack.textContent)
        .join('\n'),
    ).not.toMatch(/[\u0370-\u03ff\u0400-\u04ff]/);
  });

  it('is never sent for a message marked « à vérifier » or kept apart as spam', async () => {
    const visit = await site();
    // Two links: delivered marked « à vérifier ».
    await visit.send({
      email: 'deux.liens@example.com',
      message:
        'Bonjour, je voudrais créer ma LLC. Voyez https://promo.example/offre et https://promo.example/llc pour mon projet, merci.',
    });
    // The trap field filled: kept apart, never delivered.
    await visit.send({ email: 'robot@example.com', [honeypotName]: 'https://robot.example' });
    const states = (await visit.store.list()).leads.map((lead) =>
      lead.notification.state === 'spam' ? 'spam' : lead.review ? 'review' : 'plain',
    );
    expect(states.sort()).toEqual(['review', 'spam']);
    expect(visit.leadEmails()).toHaveLength(1);
    expect(visit.acks()).toEqual([]);
  });

  it('failing, costs the lead nothing and is told to the operator; the next visitor still gets one', async () => {
    const visit = await site({}, (sent) => ((sent.body as Posted).to[0]?.email === team ? 201 : 503));
    await visit.send({ email: 'paul@example.com' });
    expect(visit.acks()).toHaveLength(1);
    const [lead] = (await visit.store.list()).leads;
    expect(lead?.notification.state).toBe('sent');
    expect(visit.errors).toEqual([
      expect.stringMatching(new RegExp(`^Accusé de réception NON envoyé pour le message ${lead?.id}\u202f: HTTP 503\\.`)),
    ]);
    // A provider's hiccup stops nothing: the next one is asked.
    await visit.send({ email: 'marie@example.org', message: message(2) }, '198.51.100.2');
    expect(visit.acks()).toHaveLength(2);
  });

  it('asked for without email delivery, or with a value it does not know, is told to the operator and sends nothing', async () => {
    const local = await site({ BREVO_API_KEY: '', CONTACT_DELIVERY: 'local' });
    expect(local.api.warnings).toEqual([settingsLines.ackNeedsEmail]);
    expect(local.api.describe).not.toContain(receiverLines.acknowledgementOn);
    await local.send({});
    expect(local.posted()).toEqual([]);
    const webhook = await site({ BREVO_API_KEY: '', CONTACT_WEBHOOK_URL: 'https://hooks.example.org/x' });
    expect(webhook.api.warnings).toEqual([settingsLines.ackNeedsEmail]);
    await webhook.send({});
    expect(webhook.sent).toHaveLength(1);
    expect(webhook.sent[0]?.url).toBe('https://hooks.example.org/x');
    const unknown = await site({ CONTACT_ACK: 'peut-être' });
    expect(unknown.api.warnings).toEqual([
      fillTemplate(settingsLines.onOff, { name: 'CONTACT_ACK', value: 'peut-être', fallback: settingsLines.fallbackOff }),
    ]);
    expect(unknown.api.describe).not.toContain(receiverLines.acknowledgementOn);
    await unknown.send({});
    expect(unknown.leadEmails()).toHaveLength(1);
    expect(unknown.acks()).toEqual([]);
    const off = await site({ CONTACT_ACK: '0' });
    expect(off.api.warnings).toEqual([]);
    await off.send({});
    expect(off.acks()).toEqual([]);
  });

  it('keeps of a name only a first name made of Latin letters', () => {
    expect(firstNameOf('Jeanne Martin')).toBe('Jeanne');
    expect(firstNameOf('  Jean-Marc  Dupont')).toBe('Jean-Marc');
    expect(firstNameOf('N’Golo Kanté')).toBe('N’Golo');
    expect(firstNameOf('Zoë')).toBe('Zoë');
    expect(firstNameOf('Élodie\u0007\u202e Rose')).toBe('Élodie');
    expect(firstNameOf('http://spam.example')).toBeUndefined();
    expect(firstNameOf('Jeanne2 Martin')).toBeUndefined();
    expect(firstNameOf('a'.repeat(31))).toBeUndefined();
    expect(firstNameOf('')).toBeUndefined();
    // Another script, or one of its letters among Latin ones.
    expect(firstNameOf('Дмитрий')).toBeUndefined();
    expect(firstNameOf('J\u0435anne')).toBeUndefined();
    expect(firstNameOf('محمد')).toBeUndefined();
    expect(firstNameOf('李')).toBeUndefined();
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
    const sentBy = (env: Record<string, string>) => readSettings(env).build.acknowledgementSent;
    const build = { CF_PAGES: '1', CONTACT_STORE: 'd1', BREVO_API_KEY: 'cle' };
    expect(sentBy({ ...build, CONTACT_ACK: '1' })).toBe(true);
    expect(sentBy(build)).toBe(false);
    expect(sentBy({ ...build, CONTACT_ACK: '1', BREVO_API_KEY: '', CONTACT_WEBHOOK_URL: 'https://hook.example' })).toBe(false);
    expect(sentBy({ ...build, CONTACT_ACK: '1', CONTACT_STORE: '' })).toBe(false);
  });
});
