/**
 * The spam score of a message, computed by the receiver alike on every host, from signals that need no third
 * party and no puzzle for the visitor: the honeypot, links and markup, the script the message is written in,
 * known patterns of form spam (content/indesirables/motifs.json), a throwaway email domain (the `mailchecker`
 * list), the same body sent from several addresses (`repeats`, remembered by the lead store) and, when the
 * form's script measured it, the time taken to fill the form. Weights: ./weights.ts.
 */
import mailchecker from 'mailchecker';
import type { ContactValues } from '../../forms/contact-fields.ts';
import { spamPatterns } from './patterns.ts';
import { otherScriptShare, repeatedFrom, type SpamSignal, spamThreshold, spamWeights, tooFastMs } from './weights.ts';

export interface SpamInput {
  values: ContactValues;
  /** The trap field's value, as posted. */
  honeypot?: string;
  /** Milliseconds between the form's first use and its sending, as the form's script measured them; absent without it. */
  elapsedMs?: number;
  /** How many different addresses sent this same body within the window, this one included. */
  repeats?: number;
}

export interface SpamVerdict {
  score: number;
  /** The signals found, strongest first: the reasons kept with the message. */
  reasons: SpamSignal[];
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

/** Whether the address's domain, or a domain it belongs to, is on the list of throwaway email services. */
export function disposableEmail(email: string): boolean {
  const domain = email.trim().toLowerCase().split('@').pop() ?? '';
  const list = mailchecker.blacklist();
  const parts = domain.split('.');
  for (let start = 0; start < parts.length - 1; start++) if (list.has(parts.slice(start).join('.'))) return true;
  return false;
}

export function spamScore({ values, honeypot, elapsedMs, repeats }: SpamInput): SpamVerdict {
  const found = new Set<SpamSignal>();
  const links = linksIn(values.message).length;
  if ((honeypot ?? '').trim() !== '') found.add('honeypot');
  if (links > 1) found.add('links');
  else if (links === 1) found.add('oneLink');
  if (bbCode.test(values.message) || htmlTag.test(values.message) || htmlTag.test(values.name)) found.add('markup');
  if (contactLink.test(values.name) || contactLink.test(values.phone)) found.add('linkInContact');
  if (mostlyOtherScript(values.message)) found.add('script');
  const searched = [values.name, values.phone, values.message].join('\n');
  if (spamPatterns.some((pattern) => pattern.test(searched))) found.add('pattern');
  if (disposableEmail(values.email)) found.add('disposable');
  if (repeats !== undefined && repeats >= repeatedFrom) found.add('repeated');
  // A post without the measure (no JavaScript, a direct client) neither gains nor loses.
  if (elapsedMs !== undefined && elapsedMs < tooFastMs) found.add('tooFast');
  const reasons = [...found].sort((a, b) => spamWeights[b] - spamWeights[a]);
  const score = reasons.reduce((sum, signal) => sum + spamWeights[signal], 0);
  return { score, reasons, spam: score >= spamThreshold };
}
