/**
 * The spam signals and their weights, declared once. A message whose score reaches `spamThreshold` is kept
 * apart (« indésirable »): stored like any lead, with its reasons, and never notified until the operator
 * rescues it (`npm run leads -- --pas-indesirable ID`). The strong signals reach the threshold on their own;
 * the weak ones only add up. Each signal's name is the reason stored with the message; its French wording
 * is in content/contact-receiver.json (`spam.reasons`).
 */
import { processors } from '../../content-data/processors.ts';

export const spamThreshold = 10;

export const spamWeights = {
  /** The hidden trap field is filled: no person sees it (a browser's autofill might, hence kept, not dropped). */
  honeypot: 10,
  /** More than one URL in the message. */
  links: 10,
  /** BBCode (`[url=`, `[b]`…) or HTML tags. */
  markup: 10,
  /** A URL in the name or the phone number. */
  linkInContact: 10,
  /** The message is mostly written in a script other than Latin (Cyrillic, CJK…). */
  script: 10,
  /** A known pattern of form spam (content/indesirables/motifs.json). */
  pattern: 10,
  /** The email's domain is a throwaway one (the `mailchecker` list). */
  disposable: 10,
  /** The same message body under three or more email addresses within 24 hours, from the third on. */
  repeated: 10,
  /** Weak: the form was filled and sent faster than a person can (measured by the form's script). */
  tooFast: 6,
  /** Weak: one link in the message (a trader may point to a propfirm's page: never enough alone). */
  oneLink: 2,
} as const;

export type SpamSignal = keyof typeof spamWeights;

/** Filled and sent in less than this (ms), as the form's script measures it: no person types a message so fast. */
export const tooFastMs = 3_000;

/** The same body from this many different addresses within `repeatWindowMs`: the third and later are spam. */
export const repeatedFrom = 3;
export const repeatWindowMs = 24 * 60 * 60 * 1000;

/** Share of letters in another script than Latin above which a message counts as written in it. */
export const otherScriptShare = 0.5;

/** Quarantined messages are deleted this many days after reception: content/processors.json, shown by the GDPR notice. */
export const spamRetentionDays = processors.spamRetentionDays;
