// @vitest-environment node
/**
 * The spam score (src/receiver/spam/): the corpus of real French traders' messages is never quarantined, the
 * corpus of form spam always is, each strong signal is enough alone, and the weak ones (speed, one link) only
 * add up. The same corpus goes through the real receiver in spam-quarantine.test.ts.
 */
import { describe, expect, it } from 'vitest';
import { disposableEmail, mostlyOtherScript, spamScore } from '../../src/receiver/spam/score.ts';
import { spamThreshold, spamWeights, tooFastMs } from '../../src/receiver/spam/weights.ts';
import { contactReceiver } from '../../src/content-data/contact-receiver.ts';
import { validLead } from '../visitor.ts';
import { genuine, spam } from '../fixtures/spam-corpus/index.ts';

describe('the corpus', () => {
  it('holds at least 30 genuine messages and 20 spam ones', () => {
    expect(genuine.length).toBeGreaterThanOrEqual(30);
    expect(spam.length).toBeGreaterThanOrEqual(20);
  });

  it('never quarantines a real French message', () => {
    const falsePositives = genuine.filter((values) => spamScore({ values }).spam).map(({ message }) => message);
    expect(falsePositives).toEqual([]);
  });

  it('quarantines every spam message', () => {
    const missed = spam.filter((values) => !spamScore({ values }).spam).map(({ message }) => message);
    expect(missed).toEqual([]);
  });

  it('does not quarantine a real message sent with the measure of a person’s pace', () => {
    expect(genuine.filter((values) => spamScore({ values, elapsedMs: 45_000 }).spam)).toEqual([]);
  });
});

describe('each signal', () => {
  const reasonsOf = (overrides: Parameters<typeof validLead>[0], extra: Omit<Parameters<typeof spamScore>[0], 'values'> = {}) =>
    spamScore({ values: validLead(overrides), ...extra });

  it('a valid visitor scores nothing', () => {
    expect(reasonsOf({})).toEqual({ score: 0, reasons: [], spam: false });
  });

  it.each([
    ['links', { message: 'Voir https://a.example/x et https://b.example/y pour les détails.' }],
    ['markup', { message: 'Offre [url=https://a.example]ici[/url] à ne pas manquer' }],
    ['markup', { message: 'Offre <a href="https://a.example">ici</a> à ne pas manquer' }],
    ['linkInContact', { name: 'Jeanne www.promo.example' }],
    ['script', { message: 'Здравствуйте, хотим предложить сотрудничество.' }],
    ['script', { message: '您好，我们提供专业服务，欢迎联系。' }],
    ['pattern', { message: 'We sell quality backlinks for finance blogs.' }],
    ['disposable', { email: 'jeanne@yopmail.com' }],
    ['disposable', { email: 'jeanne@sub.mailinator.com' }],
  ] as const)('%s alone is enough', (signal, overrides) => {
    const verdict = reasonsOf(overrides);
    expect(verdict.reasons).toContain(signal);
    expect(verdict.spam).toBe(true);
  });

  it('the honeypot alone is enough', () => {
    expect(reasonsOf({}, { honeypot: 'https://bot.example' })).toMatchObject({ reasons: ['honeypot'], spam: true });
  });

  it('the same body from a third address is enough; from the first two it is not', () => {
    expect(reasonsOf({}, { repeats: 2 }).spam).toBe(false);
    expect(reasonsOf({}, { repeats: 3 })).toMatchObject({ reasons: ['repeated'], spam: true });
  });

  it('speed alone is not enough, nor speed with one link; speed with another weak signal adds up', () => {
    const fast = reasonsOf({}, { elapsedMs: 900 });
    expect(fast).toMatchObject({ reasons: ['tooFast'], spam: false });
    expect(reasonsOf({ message: 'Ma propfirm : https://ftmo.com/fr/ merci' }, { elapsedMs: 900 })).toMatchObject({
      reasons: ['tooFast', 'oneLink'],
      spam: false,
    });
    expect(spamWeights.tooFast).toBeLessThan(spamThreshold);
  });

  it('a post without the measure neither gains nor loses; a person’s pace counts for nothing', () => {
    expect(reasonsOf({}, {}).score).toBe(0);
    expect(reasonsOf({}, { elapsedMs: tooFastMs }).score).toBe(0);
  });

  it('one link in the message is never enough alone', () => {
    expect(reasonsOf({ message: 'Ma propfirm : https://www.the5ers.com/payouts' })).toMatchObject({
      reasons: ['oneLink'],
      spam: false,
    });
  });

  it('names every reason in French for the operator', () => {
    expect(Object.keys(contactReceiver.spam.reasons).sort()).toEqual(Object.keys(spamWeights).sort());
  });
});

describe('helpers', () => {
  it('reads French with accents, and an English sentence, as Latin script', () => {
    expect(mostlyOtherScript('Déjà payé 1 200 € — ça marche ? Thanks a lot!')).toBe(false);
    expect(mostlyOtherScript('Привет, Жанна, bonjour')).toBe(true);
  });

  it('knows the usual French mailboxes are no throwaway ones', () => {
    for (const email of ['a@gmail.com', 'a@orange.fr', 'a@free.fr', 'a@laposte.net', 'a@protonmail.com', 'a@icloud.com']) {
      expect(disposableEmail(email), email).toBe(false);
    }
  });
});
