/**
 * The verdict on a message, computed by the receiver alike on every host, from signals that need no third party
 * and no puzzle for the visitor: the honeypot, links and markup, the script the message is written in, the
 * pattern list (./patterns.ts), a throw-away email domain (the `mailchecker` list, privacy relays excepted:
 * ./relays.ts), the same body sent from several addresses (`repeats`, remembered by the lead store) and, when the
 * form's script measured it, the time taken to fill the form. What each signal can do: ./weights.ts.
 */
import mailchecker from 'mailchecker';
import type { ContactValues } from '../../../contact/contact-fields.ts';
import { spamPatterns } from './patterns.ts';
import { domainsOf, privacyRelay } from './relays.ts';
import { shortMessage } from './repeats.ts';
import { otherScriptShare, repeatedFrom, type SpamSignal, signalClasses, strongSignalsToQuarantine, tooFastMs } from './weights.ts';

export interface SpamInput {
  values: ContactValues;
  /** The trap field's value, as posted. */
  honeypot?: string;
  /** Milliseconds between the form's first use and its sending, as the form's script measured them; absent without it. */
  elapsedMs?: number;
  /** How many different addresses sent this same body within the window, this one included. */
  repeats?: number;
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
const bbCode = /\[(?:url|link|img|b|i|u|color|size|quote)(?:=[^\]]*)?\]/iu;
const htmlTag = /<\/?(?:a|p|b|i|u|strong|em|div|span|br|img|script|iframe|h[1-6]|ul|li|table)\b[^>]*>/iu;
const contactLink = /https?:\/\/|www\.|\.(?:com|net|org|ru|xyz|top)\b/iu;
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
  const links = linksIn(values.message).length;
  if ((honeypot ?? '').trim() !== '') found.add('honeypot');
  if (links >= 3) found.add('links');
  else if (links === 2) found.add('twoLinks');
  if (bbCode.test(values.message) || htmlTag.test(values.message) || htmlTag.test(values.name)) found.add('markup');
  if (contactLink.test(values.name) || contactLink.test(values.phone)) found.add('linkInContact');
  if (mostlyOtherScript(values.message)) found.add('script');
  const searched = [values.name, values.phone, values.message].join('\n');
  for (const { regexp, strength } of spamPatterns) {
    if (regexp.test(searched)) found.add(strength === 'strong' ? 'pattern' : 'word');
  }
  if (disposableEmail(values.email)) found.add('disposable');
  if (repeats !== undefined && repeats >= repeatedFrom) found.add(shortMessage(values.message) ? 'repeatedShort' : 'repeated');
  // A post without the measure (no JavaScript, a direct client) neither gains nor loses.
  if (elapsedMs !== undefined && elapsedMs < tooFastMs) found.add('tooFast');
  const reasons = [...found].sort((a, b) => rank[signalClasses[a]] - rank[signalClasses[b]] || order.indexOf(a) - order.indexOf(b));
  const outcome = outcomeOf(reasons);
  return { outcome, reasons, spam: outcome === 'quarantine' };
}
