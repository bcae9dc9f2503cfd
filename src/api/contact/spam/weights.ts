/**
 * The spam signals and what each can do, declared once. A filter that decides alone must err on the side of the
 * lead: a message is quarantined (stored, never notified until the operator rescues it with `npm run leads --
 * --pas-indesirable ID`) only for what a person almost never sends; anything merely unusual is delivered, marked
 * « à vérifier » with its reasons, so that the company sees it and judges. Three classes:
 * - **decisive**: one is enough to quarantine. No visitor fills a field they cannot see, writes BBCode or HTML,
 *   pastes three links, puts a link in their name or phone, or sends the same long text as two other addresses.
 * - **strong**: a good sign of spam that a real visitor still sends now and then (a spam phrase quoted, a
 *   throw-away address). One alone marks the message « à vérifier »; **two independent strong signals** together
 *   quarantine it. Independent means two *different* signals of this class, each coming from its own evidence
 *   (the wording, the address): a signal found several times (two spam phrases of the list in one text) still
 *   counts once, never twice.
 * - **weak**: ordinary things that spam also does (an everyday word of the list, another alphabet, two links, a
 *   short sentence many people type, a fast fill). They mark the message « à vérifier » and never count towards
 *   a quarantine, whatever else is found: a Moroccan trader writing in Arabic from a temporary address is a lead.
 * Each signal's name is the reason stored with the message and sent in the webhook (a stable code); its French
 * wording is in ./lines.ts (`reasons`).
 */
import { processors } from '../../../content/data/processors.ts';

export const signalClasses = {
  /** The hidden trap field is filled: no person sees it (kept, not dropped, in case a browser's autofill did). */
  honeypot: 'decisive',
  /** BBCode (`[url=`, `[b]`…) or HTML tags in the message or the name. */
  markup: 'decisive',
  /** Three links or more in the message. */
  links: 'decisive',
  /** A link in the name or the phone number. */
  linkInContact: 'decisive',
  /** The same long message from three addresses or more within 24 hours, from the third on (./repeats.ts). */
  repeated: 'decisive',
  /** A multi-word spam phrase of the pattern list (./patterns.ts, `strong` entries). */
  pattern: 'strong',
  /** The email's domain is a throw-away one (the `mailchecker` list, privacy relays excepted: ./relays.ts). */
  disposable: 'strong',
  /** The message is mostly written in a script other than Latin (Arabic, Cyrillic, CJK…): many traders write so. */
  script: 'weak',
  /** An everyday word of the pattern list (./patterns.ts, `weak` entries): casino, SEO, crypto wallet… */
  word: 'weak',
  /** Two links in the message (a trader may point to two propfirms' pages). */
  twoLinks: 'weak',
  /** A sentence too short to tell people apart, from three addresses or more within 24 hours. */
  repeatedShort: 'weak',
  /** The form was sent faster than a person types (measured by the form's script). */
  tooFast: 'weak',
} as const satisfies Record<string, 'decisive' | 'strong' | 'weak'>;

export type SpamSignal = keyof typeof signalClasses;

/** Two different strong signals quarantine a message (see the classes above). */
export const strongSignalsToQuarantine = 2;

/** Filled and sent in less than this (ms), as the form's script measures it: no person types a message so fast. */
export const tooFastMs = 3_000;

/** The same body from this many different addresses within `repeatWindowMs`: the third and later are signalled. */
export const repeatedFrom = 3;
export const repeatWindowMs = 24 * 60 * 60 * 1000;

/**
 * A message with fewer words than this (after normalisation, ./repeats.ts) is too short to tell people apart:
 * « Rappelez-moi svp. » typed by three visitors on one day is no flood, so its repetition is only weak.
 */
export const shortMessageWords = 8;

/** Share of letters in another script than Latin above which a message counts as written in it. */
export const otherScriptShare = 0.5;

/** Quarantined messages are deleted this many days after reception: content/processors.json, shown by the GDPR notice. */
export const spamRetentionDays = processors.spamRetentionDays;
