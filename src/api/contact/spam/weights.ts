/**
 * The spam signals and what each can do, declared once. A filter that decides alone must err on the side of the
 * lead: a message is quarantined (stored, never notified until the operator rescues it with `npm run leads --
 * --pas-indesirable ID`) only for what a person almost never sends; anything merely unusual is delivered, marked
 * « à vérifier » with its reasons, so that the company sees it and judges. Three classes:
 * - **decisive**: one is enough to quarantine. No visitor fills a field they cannot see, writes BBCode or HTML that
 *   is markup (a closing tag, a link's `href`), pastes three links to sites other than propfirms', or sends the same
 *   long text as two other addresses.
 * - **strong**: a good sign of spam that a real visitor still sends now and then (a spam phrase quoted, a
 *   throw-away address). One alone marks the message « à vérifier »; **two independent strong signals** together
 *   quarantine it. Independent means two *different* signals of this class, each coming from its own evidence
 *   (the wording, the address): a signal found several times (two spam phrases of the list in one text) still
 *   counts once, never twice.
 * - **weak**: ordinary things that spam also does, or mistakes people make (an everyday word of the list, another
 *   alphabet, two links or links to propfirms, a short sentence many people type, a fast fill, their address or
 *   site typed in the name, a `<` typed in a sentence, an invisible character pasted from a word processor). They
 *   mark the message « à vérifier » and never count towards a quarantine, whatever else is found: a Moroccan
 *   trader writing in Arabic from a temporary address is a lead.
 * Each signal's name is the reason stored with the message and sent in the webhook (a stable code); its French
 * wording is in ./lines.ts (`reasons`).
 */
import { processors } from '../../../content/data/processors.ts';

export const signalClasses = {
  /** The hidden trap field is filled: no person sees it (kept, not dropped, in case a browser's autofill did). */
  honeypot: 'decisive',
  /** Markup in the message or the name: BBCode (`[url=…]`, `[b]…[/b]`), an HTML link or image, a closed HTML tag. */
  markup: 'decisive',
  /** Three links or more in the message to sites other than propfirms' (./propfirms.ts). */
  links: 'decisive',
  /** The same long message from three addresses or more within 24 hours, from the third on (./repeats.ts). */
  repeated: 'decisive',
  /** A multi-word spam phrase of the pattern list (./patterns.ts, `strong` entries). */
  pattern: 'strong',
  /** The email's domain is a throw-away one (the `mailchecker` list, privacy relays excepted: ./relays.ts). */
  disposable: 'strong',
  /** A web address (`https://`, `www.`) in the name or the phone number. */
  linkInContact: 'strong',
  /** The same text from the same inbox three times or more within 24 hours (./repeats.ts). */
  resent: 'strong',
  /** The message is mostly written in a script other than Latin (Arabic, Cyrillic, CJK…): many traders write so. */
  script: 'weak',
  /** An everyday word of the pattern list (./patterns.ts, `weak` entries): casino, SEO, crypto wallet… */
  word: 'weak',
  /** Two links or more in the message, or links to propfirms (comparing them is this site's subject). */
  twoLinks: 'weak',
  /** An email address or a domain in the name: a visitor who typed their address or their site there. */
  addressInName: 'weak',
  /** Something like a tag (`<b 3 trades`, `<3`, `<jean@x.fr>`) that is no markup. */
  tagLike: 'weak',
  /** Invisible format characters (zero-width, soft hyphen…) in the name or the message. */
  invisible: 'weak',
  /** A message of some length that says nothing of this site's subject (./topic.ts). */
  offTopic: 'weak',
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
/** The same body from one inbox this many times within `repeatWindowMs`: the third sending and later are signalled. */
export const resentFrom = 3;
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

/**
 * The obvious bots, whose messages a digest counts without detailing them: nobody fills the trap field or writes
 * markup by hand. Each keeps its own kind in the store (../../store/lead-store.ts).
 */
export const obviousSignals = ['honeypot', 'markup'] as const satisfies readonly SpamSignal[];

/**
 * How many messages kept apart a Paris day stores, per kind; past it they are counted, not stored, and the next
 * digest says how many. A flood then costs bounded writes (Cloudflare's Free plan writes 100,000 rows a day, the
 * leads' database included) and bounded digests, while a lead misjudged among the first ones is still there.
 */
export const spamCaps = { honeypot: 300, markup: 300, judged: 1000 } as const;
