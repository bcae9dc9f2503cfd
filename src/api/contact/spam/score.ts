/**
 * The verdict on a message, computed by the receiver alike on every host, from signals that need no third party
 * and no puzzle for the visitor: the honeypot, links and markup, the script the message is written in, the
 * pattern list (./patterns.ts), a throw-away email domain (the `mailchecker` list, privacy relays excepted:
 * ./relays.ts), the same body sent from several addresses (`repeats`, remembered by the lead store) and, when the
 * form's script measured it, the time taken to fill the form. What each signal can do: ./weights.ts.
 */
import mailchecker from 'mailchecker';
import type { ContactValues } from '../../../contact/contact-fields.ts';
import { hasInvisible, normaliseText } from './normalise.ts';
import { spamPatterns } from './patterns.ts';
import { propfirmLink } from './propfirms.ts';
import { offTopic } from './topic.ts';
import { domainsOf, privacyRelay } from './relays.ts';
import { type Repeats, shortMessage } from './repeats.ts';
import {
  otherScriptShare,
  repeatedFrom,
  resentFrom,
  type SpamSignal,
  signalClasses,
  strongSignalsToQuarantine,
  tooFastMs,
} from './weights.ts';

export interface SpamInput {
  values: ContactValues;
  /** The trap field's value, as posted. */
  honeypot?: string;
  /** Milliseconds between the form's first use and its sending, as the form's script measured them; absent without it. */
  elapsedMs?: number;
  /** What the store remembers of this text: how many addresses sent it, how many times this one did. */
  repeats?: Repeats;
}

/**
 * `deliver`: notified as usual; `review`: notified, marked « à vérifier » with its reasons; `quarantine`: stored,
 * never notified until the operator rescues it.
 */
export type SpamOutcome = 'deliver' | 'review' | 'quarantine';

export interface SpamVerdict {
  outcome: SpamOutcome;
  /** The signals found, decisive first, then strong, then weak: the reasons kept with the message. */
  reasons: SpamSignal[];
  /** Whether it is quarantined (`outcome === 'quarantine'`). */
  spam: boolean;
}

const urlPattern =
  /\b(?:https?:\/\/|www\.)[^\s<>"']+|\b[a-z0-9-]+(?:\.[a-z0-9-]+)*\.(?:com|net|org|ru|info|biz|xyz|top|io|co|site|online|shop)\/[^\s<>"']*/giu;
/** BBCode that is markup: a link or an image, or a tag with its closing one. */
const bbCode = /\[(?:url|link|img)(?:=[^\]]*)?\]|\[(b|i|u|color|size|quote)(?:=[^\]]*)?\][\s\S]*?\[\/\1\]/iu;
/** HTML that is markup: a link or an image with its address, a script or a frame, a tag with its closing one. */
const htmlMarkup =
  /<a\s[^<>]*\bhref\s*=|<img\s[^<>]*\bsrc\s*=|<(?:script|iframe|object|embed)\b|<(p|b|i|u|strong|em|div|span|h[1-6]|ul|ol|li|table|font)\b[^<>]*>[\s\S]*?<\/\1\s*>/iu;
/** What looks like a tag without being one: `<b 3 trades`, `<br>`, `<jean@x.fr>`. */
const tagLike = /<\/?[a-z][^<>]{0,60}>?/iu;
const webAddress = /https?:\/\/|www\./iu;
const emailInText = /[^\s@<>]+@[^\s@<>]+\.[a-z]{2,}/iu;
const bareDomain = /\b[a-z0-9-]{2,}\.(?:com|net|org|fr|io|co|be|ch|ca|ma|tn|dz|eu|info|biz|xyz|top|shop|online|site|app|dev)\b/iu;
const letter = /\p{L}/gu;
const latinLetter = /\p{Script=Latin}/gu;

/** The URLs in a text. */
const linksIn = (text: string) => text.match(urlPattern) ?? [];

/** Whether most letters of the text are in another script than Latin (Cyrillic, Greek, CJK, Arabic…). */
export function mostlyOtherScript(text: string): boolean {
  const letters = text.match(letter)?.length ?? 0;
  if (letters === 0) return false;
  const latin = text.match(latinLetter)?.length ?? 0;
  return (letters - latin) / letters > otherScriptShare;
}

/**
 * Whether the address's domain, or a domain it belongs to, is on the list of throw-away email services; an
 * address at a privacy relay (./relays.ts) never is.
 */
export function disposableEmail(email: string): boolean {
  if (privacyRelay(email)) return false;
  const list = mailchecker.blacklist();
  return domainsOf(email).some((domain) => list.has(domain));
}

const order = Object.keys(signalClasses) as SpamSignal[];
const rank = { decisive: 0, strong: 1, weak: 2 } as const;

/** The outcome of a set of signals: see the classes of ./weights.ts. */
export function outcomeOf(signals: readonly SpamSignal[]): SpamOutcome {
  const distinct = new Set(signals);
  const classes = [...distinct].map((signal) => signalClasses[signal]);
  if (classes.includes('decisive')) return 'quarantine';
  // Each strong signal counts once: two different ones, never the same one twice.
  if (classes.filter((kind) => kind === 'strong').length >= strongSignalsToQuarantine) return 'quarantine';
  return distinct.size > 0 ? 'review' : 'deliver';
}

export function spamScore({ values, honeypot, elapsedMs, repeats }: SpamInput): SpamVerdict {
  const found = new Set<SpamSignal>();
  // Read as a person sees it: look-alike forms folded, invisible characters out.
  const name = normaliseText(values.name);
  const phone = normaliseText(values.phone);
  const message = normaliseText(values.message);
  if ((honeypot ?? '').trim() !== '') found.add('honeypot');
  const links = linksIn(message);
  const elsewhere = links.filter((link) => !propfirmLink(link)).length;
  if (elsewhere >= 3) found.add('links');
  else if (links.length >= 2) found.add('twoLinks');
  if ([message, name].some((text) => bbCode.test(text) || htmlMarkup.test(text))) found.add('markup');
  else if ([message, name].some((text) => tagLike.test(text))) found.add('tagLike');
  if (webAddress.test(name) || webAddress.test(phone) || bareDomain.test(phone)) found.add('linkInContact');
  else if (emailInText.test(name) || bareDomain.test(name)) found.add('addressInName');
  if (hasInvisible(values.name) || hasInvisible(values.message)) found.add('invisible');
  if (mostlyOtherScript(message)) found.add('script');
  else if (offTopic(message)) found.add('offTopic');
  const searched = [name, phone, message].join('\n');
  for (const { regexp, strength } of spamPatterns) {
    if (regexp.test(searched)) found.add(strength === 'strong' ? 'pattern' : 'word');
  }
  if (disposableEmail(values.email)) found.add('disposable');
  if (repeats !== undefined && repeats.addresses >= repeatedFrom) found.add(shortMessage(message) ? 'repeatedShort' : 'repeated');
  if (repeats !== undefined && repeats.fromSender >= resentFrom) found.add('resent');
  // A post without the measure (no JavaScript, a direct client) neither gains nor loses.
  if (elapsedMs !== undefined && elapsedMs < tooFastMs) found.add('tooFast');
  const reasons = [...found].sort((a, b) => rank[signalClasses[a]] - rank[signalClasses[b]] || order.indexOf(a) - order.indexOf(b));
  const outcome = outcomeOf(reasons);
  return { outcome, reasons, spam: outcome === 'quarantine' };
}
