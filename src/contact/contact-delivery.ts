/**
 * Where a valid contact message goes: the endpoint this build chose (`contactEndpointFrom` in
 * ./settings.ts, `build.endpoint`: VITE_CONTACT_ENDPOINT, or the site's receiver on Cloudflare Pages and Netlify),
 * inlined by the build as `__CONTACT_ENDPOINT__`: a URL that accepts a JSON POST (Formspree-style). Without
 * one the form only simulates the sending, and the site makes no network request at all.
 */
import { type ContactValues, elapsedName, honeypotName } from './contact-fields.ts';

declare const __CONTACT_ENDPOINT__: string | null | undefined;

export const contactEndpoint: string | undefined =
  typeof __CONTACT_ENDPOINT__ === 'string' && __CONTACT_ENDPOINT__ !== '' ? __CONTACT_ENDPOINT__ : undefined;

/**
 * Where the form posts without JavaScript: the endpoint when it is a path of the site itself
 * (`/api/contact`, the site's own receiver, which accepts form posts and redirects to the
 * confirmation page). A service on another site gets no such post: the pages' CSP allows
 * `form-action 'self'` only, and what that service answers a browser is not ours to word.
 */
export function formPostAction(endpoint: string | undefined): string | undefined {
  return endpoint?.startsWith('/') && !endpoint.startsWith('//') ? endpoint : undefined;
}

/** How long the simulated sending lasts when the build chose no endpoint. */
const simulatedDelayMs = 1000;

const requestTimeoutMs = 20_000;

/**
 * What the form's script read beside the fields: the milliseconds from the form's first use to its sending, and
 * the hidden trap field's value when something filled it.
 */
export interface ContactMeasure {
  elapsedMs?: number;
  honeypot?: string;
}

export type SendContact = (values: ContactValues, measure?: ContactMeasure) => Promise<void>;

/**
 * The JSON posted to `endpoint`: the schema's output (every field of the table, and nothing else) and, to the
 * site's own receiver only, the time taken as `_elapsed` and a filled trap field, which it reads apart as spam
 * signals (a filled trap is quarantined there, stored and reported, never lost). A service on another site gets
 * the fields alone: the measure is ours, not a field of the message.
 */
export function contactBody(endpoint: string, values: ContactValues, measure: ContactMeasure = {}): Record<string, string | number> {
  const { elapsedMs, honeypot } = measure;
  if (formPostAction(endpoint) === undefined) return { ...values };
  return {
    ...values,
    ...(elapsedMs !== undefined ? { [elapsedName]: elapsedMs } : {}),
    ...(honeypot ? { [honeypotName]: honeypot } : {}),
  };
}

const wait = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** Rejects on a network error or a non-2xx answer, so the form keeps what the visitor typed. */
function postContact(endpoint: string): SendContact {
  return async (values, measure) => {
    // A service on another site has no quarantine: a filled trap is answered like a success and goes nowhere.
    if (measure?.honeypot && formPostAction(endpoint) === undefined) return wait(simulatedDelayMs);
    const response = await fetch(endpoint, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
      body: JSON.stringify(contactBody(endpoint, values, measure)),
      // On a dead mobile connection, give up and offer the email address rather than spin forever.
      signal: AbortSignal.timeout(requestTimeoutMs),
    });
    if (!response.ok) throw new Error(`Contact endpoint answered ${response.status}`);
  };
}

const simulateContact: SendContact = () => wait(simulatedDelayMs);

export const sendContact: SendContact = contactEndpoint ? postContact(contactEndpoint) : simulateContact;
