/**
 * The channel that carries the leads to the company, from the settings: an email through Brevo or a webhook, and
 * the same channel's daily digest; the acknowledgement to the visitor goes by Brevo too, under its own cap. The
 * words are content/contact-receiver.json's and the form's; `target` fingerprints the setting, so that an incident
 * opened under one setting ends with a new one.
 */
import { brand } from '../../content/data/brand.ts';
import { company } from '../../content/data/company.ts';
import { contactForm } from '../../content/data/contact-form.ts';
import { contactReceiver } from '../../content/data/contact-receiver.ts';
import { processors } from '../../content/data/processors.ts';
import { fillTemplate } from '../../content/template.ts';
import { mapFields } from '../../contact/map-fields.ts';
import type { Delivery } from '../../contact/settings.ts';
import type { StoredLead } from '../store/lead.ts';
import { brevoAcknowledgementDelivery, brevoDelivery, brevoDigestDelivery } from './delivery/brevo.ts';
import { digestId, digestText, type QuarantineDigest } from './delivery/digest-text.ts';
import type { Fetch } from './delivery/post.ts';
import { type Delivered, webhookDelivery, webhookDigestDelivery, webhookKey } from './delivery/webhook.ts';
import { spamLines } from './spam/lines.ts';
import { spamReasonsText } from './spam/reasons.ts';

/** The form's own label of each field: the email and the list of fields to correct name them so. */
export const labels = mapFields((field) => contactForm.fields[field.name].label);

export interface Channel {
  /** How the log names it: `email Brevo`, `webhook`. */
  name: string;
  /** A fingerprint of the setting (never the secret itself). */
  target: string;
  send: (message: Delivered) => Promise<void>;
  sendDigest: (digest: QuarantineDigest) => Promise<void>;
  /** The acknowledgement's email, by Brevo only. */
  acknowledge?: (email: { to: string; subject: string; text: string; id: string }) => Promise<void>;
}

const review = {
  mark: spamLines.reviewMark,
  line: (reasons: readonly string[]) => fillTemplate(spamLines.reviewLine, { reasons: spamReasonsText(reasons) }),
};

const digestWords = digestText(contactReceiver.digest, labels, {
  retentionDays: processors.spamRetentionDays,
  reasonWords: (reason) => spamReasonsText([reason]),
});

/** SHA-256 of the setting, its first bytes in hex: enough to tell two settings apart, nothing to recover one. */
async function fingerprint(parts: readonly string[]): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(parts.join('\n')));
  return Array.from(new Uint8Array(digest).slice(0, 8), (byte) => byte.toString(16).padStart(2, '0')).join('');
}

/** The channel of a delivery setting; undefined for store only or none. */
export async function channelOf(delivery: Delivery, fetch?: Fetch): Promise<Channel | undefined> {
  if (delivery.mode === 'email') {
    const account = { apiKey: delivery.apiKey, from: delivery.from, senderName: brand.name, ...(fetch ? { fetch } : {}) };
    return {
      name: 'email Brevo',
      target: await fingerprint(['email', delivery.apiKey, delivery.from, ...delivery.to]),
      send: brevoDelivery({
        ...account,
        to: delivery.to,
        subject: contactReceiver.email.subject,
        intro: contactReceiver.email.intro,
        labels,
        reference: contactReceiver.email.reference,
        review,
      }),
      sendDigest: brevoDigestDelivery({ ...account, to: delivery.to }, digestWords, digestId),
      acknowledge: brevoAcknowledgementDelivery({ ...account, replyTo: company.email }),
    };
  }
  if (delivery.mode === 'webhook') {
    const key = delivery.secret ? webhookKey(delivery.secret) : undefined;
    const target = { url: delivery.url, ...(key ? { key } : {}), ...(fetch ? { fetch } : {}) };
    return {
      name: 'webhook',
      target: await fingerprint(['webhook', delivery.url, delivery.secret ?? '']),
      send: webhookDelivery({ ...target, text: contactReceiver.webhookText, reviewMark: review.mark }),
      sendDigest: webhookDigestDelivery(target, digestWords),
    };
  }
  return undefined;
}

/** A stored lead as the channel delivers it: its fields, its id, its review reasons. */
export const delivered = (lead: StoredLead): Delivered => ({
  ...mapFields((field) => lead[field.name]),
  id: lead.id,
  ...(lead.review ? { review: lead.review } : {}),
});
