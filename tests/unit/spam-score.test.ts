// @vitest-environment node
/**
 * The verdict on a message (src/api/contact/spam/): every real French lead of the corpus is delivered (marked « à
 * vérifier » or not), no spam is delivered unmarked, a decisive signal quarantines alone, one strong signal only
 * marks, two different strong ones quarantine, a weak one never counts towards a quarantine. Privacy relays are no
 * throw-away addresses; the pattern list says each entry's strength and fails loudly on a broken expression. The
 * same corpus goes through the real receiver, with its repeat memory, in spam-quarantine.test.ts.
 */
import mailchecker from 'mailchecker';
import { describe, expect, it } from 'vitest';
import { spamLines } from '../../src/api/contact/spam/lines.ts';
import { compilePatterns, spamPatternEntries } from '../../src/api/contact/spam/patterns.ts';
import { privacyRelay, privacyRelays } from '../../src/api/contact/spam/relays.ts';
import { shortMessage } from '../../src/api/contact/spam/repeats.ts';
import { disposableEmail, mostlyOtherScript, outcomeOf, type SpamOutcome, spamScore } from '../../src/api/contact/spam/score.ts';
import { type SpamSignal, signalClasses, tooFastMs } from '../../src/api/contact/spam/weights.ts';
import { validLead } from '../fixtures/visitor.ts';
import { genuine, spam } from '../fixtures/spam-corpus/index.ts';
import * as holdout from '../fixtures/spam-holdout/index.ts';
import * as holdout2 from '../fixtures/spam-holdout-2/index.ts';

const count = (outcomes: readonly SpamOutcome[]) => ({
  deliver: outcomes.filter((outcome) => outcome === 'deliver').length,
  review: outcomes.filter((outcome) => outcome === 'review').length,
  quarantine: outcomes.filter((outcome) => outcome === 'quarantine').length,
});

/**
 * Spam the scorer alone delivers unmarked, each with why. The two bots that fill the trap field copy a plausible
 * message: their trap alone catches them, and the scorer is given it below.
 */
const knownUnmarked: readonly { message: string; why: string }[] = [];

describe('the corpus', () => {
  const genuineVerdicts = genuine.map((values) => spamScore({ values }));
  const spamVerdicts = spam.map(({ website, ...values }) => spamScore({ values, honeypot: website }));

  it('holds at least 40 real French leads and 20 spams', () => {
    expect(genuine.length).toBeGreaterThanOrEqual(40);
    expect(spam.length).toBeGreaterThanOrEqual(20);
  });

  it('delivers every real French lead, marked « à vérifier » or not', () => {
    const withheld = genuine.filter((_, index) => genuineVerdicts[index]?.spam).map(({ message }) => message);
    expect(withheld).toEqual([]);
  });

  it('delivers no spam unmarked, except those listed with why', () => {
    const unmarked = spam.filter((_, index) => spamVerdicts[index]?.outcome === 'deliver');
    expect(unmarked.map(({ message }) => message)).toEqual(knownUnmarked.map(({ message }) => message));
  });

  it('gives these counts (deliver / review / quarantine), without the repeat memory', () => {
    const counts = {
      genuine: count(genuineVerdicts.map((verdict) => verdict.outcome)),
      spam: count(spamVerdicts.map((verdict) => verdict.outcome)),
    };
    console.log(`Corpus, scorer alone: ${JSON.stringify(counts)}`);
    // A change of the signals or the patterns that moves a message shows here, deliberately.
    expect(counts).toEqual({
      genuine: { deliver: 50, review: 12, quarantine: 0 },
      spam: { deliver: 0, review: 25, quarantine: 9 },
    });
  });

  it('delivers a real message sent at a person’s pace as it does without the measure', () => {
    expect(genuine.filter((values) => spamScore({ values, elapsedMs: 45_000 }).spam)).toEqual([]);
  });
});

/**
 * Messages written apart from the filter and never used to tune it (tests/fixtures/spam-holdout/): their counts are
 * printed for the release note, not asserted one by one; only a real lead quarantined fails, as for the corpus.
 */
describe('the hold-out sets', () => {
  for (const [name, set] of [
    ['spam-holdout', holdout],
    ['spam-holdout-2', holdout2],
  ] as const) {
    it(`${name}: delivers every real lead, and prints the counts`, () => {
      const genuineVerdicts = set.holdoutGenuine.map(({ kind: _kind, ...values }) => spamScore({ values }));
      const spamVerdicts = set.holdoutSpam.map(({ kind: _kind, website, ...values }) => spamScore({ values, honeypot: website }));
      console.log(
        `${name}: ${JSON.stringify({ genuine: count(genuineVerdicts.map((verdict) => verdict.outcome)), spam: count(spamVerdicts.map((verdict) => verdict.outcome)) })}`,
      );
      expect(set.holdoutGenuine.length).toBeGreaterThanOrEqual(30);
      expect(set.holdoutSpam.length).toBeGreaterThanOrEqual(30);
      expect(set.holdoutGenuine.filter((_, index) => genuineVerdicts[index]?.spam).map(({ kind }) => kind)).toEqual([]);
    });
  }
});

describe('each signal', () => {
  const verdictOf = (overrides: Parameters<typeof validLead>[0], extra: Omit<Parameters<typeof spamScore>[0], 'values'> = {}) =>
    spamScore({ values: validLead(overrides), ...extra });

  it('a valid visitor is delivered unmarked', () => {
    expect(verdictOf({})).toEqual({ outcome: 'deliver', reasons: [], spam: false });
  });

  it.each([
    ['links', { message: 'Pour ma LLC, voir https://a.example/x, https://b.example/y et https://c.example/z pour les détails.' }],
    ['markup', { message: 'Offre LLC [url=https://a.example]ici[/url] à ne pas manquer' }],
    ['markup', { message: 'Offre LLC <a href="https://a.example">ici</a> à ne pas manquer' }],
    ['markup', { message: 'Notre offre <b>exclusive</b> pour votre LLC, à ne pas manquer' }],
  ] as const)('%s (decisive) quarantines alone', (signal, overrides) => {
    expect(verdictOf(overrides)).toEqual({ outcome: 'quarantine', reasons: [signal], spam: true });
  });

  it('the trap field (decisive) quarantines alone', () => {
    expect(verdictOf({}, { honeypot: 'https://bot.example' })).toEqual({ outcome: 'quarantine', reasons: ['honeypot'], spam: true });
  });

  it.each([
    ['linkInContact', { name: 'Jeanne www.promo.example' }],
    ['pattern', { message: 'We can get your LLC site on the first page of Google in a month.' }],
    ['disposable', { email: 'jeanne@yopmail.com' }],
    ['disposable', { email: 'jeanne@sub.mailinator.com' }],
    ['script', { message: 'Здравствуйте, хотим предложить сотрудничество.' }],
    ['script', { message: 'السلام عليكم، أريد معلومات عن تأسيس شركة من فضلكم' }],
    ['word', { message: 'Je travaille dans le SEO et je trade le soir.' }],
    ['word', { message: 'Le trading, ce n’est pas le casino : je veux une structure propre.' }],
    ['word', { message: 'Dear Sir or Madam, could you send me your prices?' }],
    ['twoLinks', { message: 'Je compare https://ftmo.com/fr/ et https://fundednext.com/ : laquelle ?' }],
    [
      'twoLinks',
      { message: 'Laquelle paie une LLC : https://ftmo.com/fr/, https://www.topstep.com/ ou https://apextraderfunding.com/ ?' },
    ],
    ['addressInName', { name: 'jeanne.martin@gmail.com' }],
    ['addressInName', { name: 'Karim - karimtrading.com' }],
    ['tagLike', { message: 'Je fais <b 3 trades par jour sur le Nasdaq, mon drawdown reste <5 % : une LLC pour mes payouts ?' }],
    ['tagLike', { message: 'Bonjour, voici mon adresse pro <jean@exemple.fr> pour le devis de la LLC.' }],
    ['invisible', { message: 'Bonjour, je voudrais cr\u00E9er une LLC pour mes pay\u00ADouts FTMO, merci de me rappeler.' }],
    [
      'offTopic',
      { message: 'We are a team of experienced designers offering a complete redesign at a very competitive price this month only.' },
    ],
  ] as const)('%s alone only marks the message « à vérifier »', (signal, overrides) => {
    expect(verdictOf(overrides)).toEqual({ outcome: 'review', reasons: [signal], spam: false });
  });

  it('two different strong signals quarantine; the same one found twice still counts once', () => {
    expect(verdictOf({ email: 'seo@yopmail.com', message: 'We can get your LLC site on the first page of Google, fast.' })).toEqual({
      outcome: 'quarantine',
      reasons: ['pattern', 'disposable'],
      spam: true,
    });
    // Two strong phrases of the list in one text: one signal (the wording), so only marked.
    expect(verdictOf({ message: 'Double your bitcoin in a week: we guarantee 300% returns to every client.' })).toMatchObject({
      outcome: 'review',
      reasons: ['pattern', 'offTopic'],
    });
    expect(outcomeOf(['pattern', 'pattern'])).toBe('review');
  });

  it('a message in Arabic from a throw-away address is still delivered, marked: neither is sure alone or together', () => {
    expect(verdictOf({ email: 'youssef@yopmail.com', message: 'السلام عليكم، أريد معلومات عن تأسيس شركة من فضلكم' })).toMatchObject({
      outcome: 'review',
      spam: false,
    });
  });

  it('weak signals never count towards a quarantine, whatever else is found', () => {
    const weak = (Object.keys(signalClasses) as SpamSignal[]).filter((signal) => signalClasses[signal] === 'weak');
    expect(weak.sort()).toEqual([
      'addressInName',
      'invisible',
      'offTopic',
      'repeatedShort',
      'script',
      'tagLike',
      'tooFast',
      'twoLinks',
      'word',
    ]);
    expect(outcomeOf(weak)).toBe('review');
    expect(outcomeOf(['pattern', ...weak])).toBe('review');
  });

  it('the same long message from a third address quarantines; a short sentence repeated only marks', () => {
    const from = (addresses: number) => ({ repeats: { addresses, fromSender: 1 } });
    expect(verdictOf({}, from(2))).toMatchObject({ outcome: 'deliver' });
    expect(verdictOf({}, from(3))).toEqual({ outcome: 'quarantine', reasons: ['repeated'], spam: true });
    expect(verdictOf({ message: 'Rappelez-moi svp.' }, from(12))).toEqual({
      outcome: 'review',
      reasons: ['repeatedShort'],
      spam: false,
    });
  });

  it('the same text from one inbox a third time marks it (strong), and quarantines it with another strong signal', () => {
    expect(verdictOf({}, { repeats: { addresses: 1, fromSender: 2 } }).outcome).toBe('deliver');
    expect(verdictOf({}, { repeats: { addresses: 1, fromSender: 3 } })).toEqual({
      outcome: 'review',
      reasons: ['resent'],
      spam: false,
    });
    expect(verdictOf({ email: 'jeanne@yopmail.com' }, { repeats: { addresses: 1, fromSender: 100 } })).toMatchObject({
      outcome: 'quarantine',
      reasons: ['disposable', 'resent'],
    });
  });

  it('reads text as a person sees it: invisible characters and look-alike letters defeat no pattern', () => {
    const hidden = 'Claim your free tok\u200Bens now and c\u00ADonnect your w\u2060allet before the prop airdrop ends!';
    expect(verdictOf({ message: hidden })).toMatchObject({ outcome: 'review', reasons: ['pattern', 'word', 'invisible'] });
    // Fullwidth letters are folded (NFKC): « ｃａｓｉｎｏ ｂｏｎｕｓ » is « casino bonus ».
    expect(verdictOf({ message: 'Le meilleur ｃａｓｉｎｏ ｂｏｎｕｓ de l’année pour les traders funded !' }).reasons).toContain(
      'pattern',
    );
  });

  it('a fast fill only marks, even with a link; a person’s pace and a post without the measure count for nothing', () => {
    expect(verdictOf({}, { elapsedMs: 900 })).toMatchObject({ outcome: 'review', reasons: ['tooFast'] });
    expect(verdictOf({ message: 'Ma propfirm : https://ftmo.com/fr/ merci' }, { elapsedMs: 900 })).toMatchObject({
      outcome: 'review',
      reasons: ['tooFast'],
    });
    expect(verdictOf({}, {}).outcome).toBe('deliver');
    expect(verdictOf({}, { elapsedMs: tooFastMs }).outcome).toBe('deliver');
  });

  it('one link to a site or a video is no signal', () => {
    expect(verdictOf({ message: 'Ma propfirm : https://www.the5ers.com/payouts' }).outcome).toBe('deliver');
  });

  it('names every reason in French for the operator', () => {
    expect(Object.keys(spamLines.reasons).sort()).toEqual(Object.keys(signalClasses).sort());
  });
});

describe('privacy relays', () => {
  const relayAddresses = Object.values(privacyRelays)
    .flat()
    .map((domain) => `jeanne@${domain}`);

  it('are never a spam signal, at the relay’s domain or a subdomain of it', () => {
    for (const email of [...relayAddresses, 'propllc@jeanne.anonaddy.com', 'x@jeanne.addy.io']) {
      expect(privacyRelay(email), email).toBe(true);
      expect(disposableEmail(email), email).toBe(false);
      expect(spamScore({ values: validLead({ email }) }).outcome, email).toBe('deliver');
    }
  });

  it('include the ones mailchecker lists as throw-away (the list is checked, not assumed)', () => {
    const listed = Object.values(privacyRelays)
      .flat()
      .filter((domain) => mailchecker.blacklist().has(domain));
    expect(listed).toEqual(
      expect.arrayContaining(['duck.com', 'mozmail.com', 'passmail.net', 'simplelogin.com', 'aleeas.com', 'slmail.me', 'addy.io']),
    );
  });

  it('leave the throw-away services throw-away', () => {
    for (const email of ['a@yopmail.com', 'a@mailinator.com', 'a@guerrillamail.com', 'a@10minutemail.com']) {
      expect(disposableEmail(email), email).toBe(true);
    }
  });
});

describe('the pattern list', () => {
  it('says each entry’s strength and why', () => {
    for (const entry of spamPatternEntries) {
      expect(['strong', 'weak'], entry.pattern).toContain(entry.strength);
      expect(entry.why.length, entry.pattern).toBeGreaterThan(5);
    }
    const weak = spamPatternEntries.filter((entry) => entry.strength === 'weak').map((entry) => entry.pattern);
    for (const word of ['casino', 'seo', 'betting', 'crypto ?wallet', 'dear (?:sir|madam)']) {
      expect(
        weak.some((pattern) => pattern.includes(word)),
        word,
      ).toBe(true);
    }
  });

  it('stops the receiver with the broken expression named, in French', () => {
    expect(() => compilePatterns([{ pattern: '\\bfree (spins', strength: 'strong', why: 'broken' }])).toThrow(
      'Liste des motifs d’indésirables\u202f: le motif \\bfree (spins n’est pas une expression régulière valide.',
    );
  });
});

describe('helpers', () => {
  it('reads French with accents, and an English sentence, as Latin script', () => {
    expect(mostlyOtherScript('Déjà payé 1 200 € — ça marche ? Thanks a lot!')).toBe(false);
    expect(mostlyOtherScript('Привет, Жанна, bonjour')).toBe(true);
  });

  it('knows the usual French mailboxes are no throw-away ones', () => {
    for (const email of ['a@gmail.com', 'a@orange.fr', 'a@free.fr', 'a@laposte.net', 'a@protonmail.com', 'a@icloud.com']) {
      expect(disposableEmail(email), email).toBe(false);
    }
  });

  it('calls a sentence of fewer than 8 words, punctuation aside, too short to tell people apart', () => {
    expect(shortMessage('Rappelez-moi svp.')).toBe(true);
    expect(shortMessage('Ok merci, je vous rappelle lundi.')).toBe(true);
    expect(shortMessage('Bonjour, je souhaite recevoir votre documentation complète. Merci.')).toBe(false);
  });
});
