/**
 * The list of form-spam patterns, kept with the code that uses it. Each entry is a regular expression (written
 * as a string, case-insensitive, searched in the name, the phone and the message), its strength and why it is
 * there:
 * - `strong`: a phrase of several words that only a spam pitch uses (« first page of Google », « recover your
 *   stolen funds »): a strong signal (./weights.ts), « à vérifier » alone, quarantined with another strong one;
 * - `weak`: an everyday word that spam also uses (casino, SEO, betting, crypto wallet, « Dear Sir or Madam »),
 *   which a trader writes too (« le trading ce n’est pas le casino »): « à vérifier » at most, whatever else.
 * Cyrillic words need no `\b` (JavaScript's word boundary only knows ASCII letters).
 * To add one: an entry here, the message that prompted it in tests/fixtures/spam-corpus/, then
 * `npx vitest run tests/unit/spam-score.test.ts`. A pattern that does not compile stops the receiver at start,
 * with its text, like a broken content file.
 */
import { fillTemplate } from '../../../content/template.ts';
import { spamLines } from './lines.ts';

export interface SpamPatternEntry {
  /** The regular expression's source. */
  pattern: string;
  strength: 'strong' | 'weak';
  why: string;
}

export const spamPatternEntries: readonly SpamPatternEntry[] = [
  // Search-engine and link-selling offers.
  { pattern: '\\bseo\\b', strength: 'weak', why: 'Word of the trade: a visitor may work in SEO.' },
  { pattern: '\\bback ?links?\\b', strength: 'weak', why: 'Jargon of link sellers, but a single word.' },
  { pattern: '\\blink ?building\\b', strength: 'weak', why: 'Jargon of link sellers, also a marketer’s word.' },
  { pattern: '\\bguest ?posts?\\b', strength: 'weak', why: 'Jargon of link sellers, also a blogger’s word.' },
  { pattern: '\\bweb ?traffic\\b', strength: 'weak', why: 'Sold by traffic sellers, also said by site owners.' },
  {
    pattern: '\\b(?:seo|traffic|backlinks?|link ?building) (?:services?|audit|agency|packages?|campaigns?)\\b',
    strength: 'strong',
    why: 'An SEO or link offer, worded as a sale.',
  },
  {
    pattern: '\\b(?:high[- ]quality|cheap|buy|dofollow|permanent|white[- ]hat) (?:back ?links?|link ?building)\\b',
    strength: 'strong',
    why: 'Links for sale.',
  },
  { pattern: '\\bsponsored (?:posts?|articles?)\\b', strength: 'strong', why: 'Paid articles for sale.' },
  {
    pattern: '\\b(?:publish|write) (?:a )?(?:guest|sponsored) (?:posts?|articles?)\\b',
    strength: 'strong',
    why: 'A link seller’s outreach.',
  },
  { pattern: '\\bdomain authority\\b', strength: 'strong', why: 'SEO metric quoted by link sellers.' },
  { pattern: '\\b(?:da|dr)\\s*\\d{2}\\+', strength: 'strong', why: '« DA 50+ »: a link seller’s price list.' },
  { pattern: '\\bfirst page of google\\b|\\bpremière page (?:de|sur) google\\b', strength: 'strong', why: 'The SEO pitch.' },
  {
    pattern: '\\brank(?:ing)? (?:your|ton|votre) (?:site|website|site web)\\b',
    strength: 'strong',
    why: 'The SEO pitch, in English or French.',
  },
  {
    pattern: '\\b(?:targeted|organic|real) (?:web )?(?:traffic|visitors)\\b',
    strength: 'strong',
    why: 'Traffic for sale.',
  },
  {
    pattern: '\\bmillions? of (?:visitors|users|emails|contacts)\\b',
    strength: 'strong',
    why: 'Traffic or mailing lists for sale.',
  },
  { pattern: '\\bbulk (?:e-?mails?|sms|mailing)\\b', strength: 'strong', why: 'Mass mailing for sale.' },
  { pattern: '\\bdear (?:website|site) owner\\b|\\bwebsite owner\\b', strength: 'strong', why: 'Addressed to any site.' },
  {
    pattern: '\\b(?:need|want) a (?:new )?(?:website )?redesign\\b|\\bredesign (?:of )?your (?:site|website)\\b',
    strength: 'strong',
    why: 'A web agency’s cold pitch.',
  },
  {
    pattern: 'продвижени[еяю] (?:вашего )?сайта|(?:обратн|вечн)ые ссылки',
    strength: 'strong',
    why: 'SEO and links offered in Russian.',
  },
  // Gambling, pills, loans.
  { pattern: '\\bcasino\\b', strength: 'weak', why: 'Everyday word: « le trading, ce n’est pas le casino ».' },
  { pattern: '\\bbetting\\b', strength: 'weak', why: 'Spread betting is a trading product.' },
  {
    pattern: '\\bcasino bonus\\b|\\bfree spins\\b|\\bno deposit (?:bonus|needed)\\b',
    strength: 'strong',
    why: 'An online casino’s offer.',
  },
  { pattern: '\\bviagra\\b|\\bcialis\\b', strength: 'weak', why: 'A drug name, a single word.' },
  {
    pattern: '\\b(?:buy|cheap|generic) (?:viagra|cialis|meds|pills)\\b|\\bwithout (?:a )?prescription\\b',
    strength: 'strong',
    why: 'Pills for sale.',
  },
  { pattern: '\\bloan offer\\b|\\binstant loans?\\b', strength: 'strong', why: 'A loan offer.' },
  // Crypto schemes.
  { pattern: '\\bcrypto ?wallet\\b', strength: 'weak', why: 'A trader may be paid to one.' },
  { pattern: '\\bairdrop\\b', strength: 'weak', why: 'A crypto word, also real.' },
  { pattern: '\\bbinary options?\\b', strength: 'weak', why: 'A (dubious) trading product a trader may name.' },
  {
    pattern: '\\bclaim your (?:free )?(?:tokens?|airdrop|rewards?|bonus)\\b|\\bconnect your wallet\\b',
    strength: 'strong',
    why: 'A wallet-draining lure.',
  },
  {
    pattern: '\\bcrypto ?currency (?:investment|trading bot|signals?) (?:platform|opportunity)\\b',
    strength: 'strong',
    why: 'A crypto investment pitch.',
  },
  {
    pattern:
      '\\b(?:recover|recovery of) (?:your )?(?:lost |stolen )?(?:funds|crypto|bitcoin|money)\\b|\\brécupér(?:er|ation de) (?:vos|votre) (?:fonds|cryptos?|bitcoins?|argent)\\b',
    strength: 'strong',
    why: 'A fund-recovery scam (written to the victim, « vos fonds »).',
  },
  {
    pattern:
      '\\bdoubl(?:e|ing) your (?:bitcoin|crypto|investment|money)\\b|\\bdoubl(?:ez|er) (?:votre|vos) (?:capital|investissement|mise|bitcoins?)\\b',
    strength: 'strong',
    why: 'A doubling scam.',
  },
  {
    pattern: '\\bguarantee[sd]? (?:\\d+ ?% )?(?:returns?|profits?)\\b',
    strength: 'strong',
    why: 'Guaranteed returns: an investment scam.',
  },
  // Cold mail to anyone.
  { pattern: '\\bdear (?:sir|madam)\\b', strength: 'weak', why: 'Formal English, also a polite visitor’s.' },
  { pattern: '\\bunsubscribe\\b', strength: 'weak', why: 'Mailing-list wording, a single word.' },
  {
    pattern: '\\bsend (?:us )?(?:your )?(?:catalog(?:ue)?|price ?list)\\b',
    strength: 'strong',
    why: 'A purchase-order scam.',
  },
];

export interface CompiledPattern {
  regexp: RegExp;
  strength: SpamPatternEntry['strength'];
}

/** Compiles every entry; the first that is no valid expression throws, with its text. */
export function compilePatterns(entries: readonly SpamPatternEntry[]): CompiledPattern[] {
  return entries.map(({ pattern, strength }) => {
    try {
      return { regexp: new RegExp(pattern, 'iu'), strength };
    } catch {
      throw new Error(fillTemplate(spamLines.invalidPattern, { pattern }));
    }
  });
}

export const spamPatterns: readonly CompiledPattern[] = compilePatterns(spamPatternEntries);
