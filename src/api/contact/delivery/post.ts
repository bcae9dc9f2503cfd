/**
 * The one HTTP POST of every delivery (a lead, an acknowledgement, a digest; Brevo or a webhook), and what its
 * failures mean. Only 2xx is success. The rest, by what the next step should be (../notify.ts decides it):
 * - `temporary`: no answer, a timeout, 408, 429, 5xx: try this lead again later;
 * - `refused`: another 4xx. Either this lead's content is refused (a WAF in front of the target reading
 *   `${jndi:…}` or `' UNION SELECT`), or the setting is (a token, a workflow switched off): only another lead
 *   answered the same tells the two apart, so the lead is not sent again, unless a second lead makes it an incident;
 * - `redirect`: a 3xx. Never followed, so the lead is never posted again wherever the target points, and never
 *   retried: a target may have done the work before redirecting (a Google Apps Script web app answers 302 after
 *   `doPost`). Two different leads redirected are an incident: the setting points at the wrong address;
 * - `configuration`: the provider said the setting is wrong, whatever the lead (Brevo's 401 and 403, its sender or
 *   account errors): sending pauses until it works again, and no lead is at fault.
 */
export type FailureKind = 'temporary' | 'refused' | 'redirect' | 'configuration';

export class DeliveryError extends Error {
  constructor(
    message: string,
    readonly kind: FailureKind,
  ) {
    super(message);
    this.name = 'DeliveryError';
  }
}

export const failureKindOf = (error: unknown): FailureKind => (error instanceof DeliveryError ? error.kind : 'temporary');

/** A provider that does not answer in this time counts as failed (temporary). */
export const deliveryTimeoutMs = 10_000;

/** The header that carries a stored lead's id, so that a receiver can drop a repeat (IETF draft of that name). */
export const idempotencyHeader = 'Idempotency-Key';

export type Fetch = typeof fetch;

// Called through a wrapper: Workers refuse a `fetch` invoked with another `this`.
export const globalFetch: Fetch = (input, init) => fetch(input, init);

/** Line breaks and other control characters would let a name add headers to an email: one line only. */
export function singleLine(value: string): string {
  return (
    value
      // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are exactly what must not reach a header or a log line.
      .replace(/[\u0000-\u001f\u007f\u2028\u2029]+/g, ' ')
      .replace(/ {2,}/g, ' ')
      .trim()
  );
}

/** What a provider's error body may say, cut and kept on one line: it goes to the log and to `npm run leads`. */
const providerSaysLength = 160;

/** Reads a 4xx body to tell a refusal of the setting from one of the lead (Brevo's account and sender codes). */
type ConfigurationAnswer = (status: number, body: unknown) => boolean;

export interface PostOptions {
  headers?: Record<string, string>;
  /** For a provider whose answers say when the setting is wrong (Brevo): those statuses and bodies are `configuration`. */
  configuration?: { statuses: ReadonlySet<number>; answer?: ConfigurationAnswer };
  /** Extra headers computed over the exact bytes sent (a webhook's signature). */
  sign?: (body: string) => Promise<Record<string, string>>;
}

const isTemporaryStatus = (status: number) => status === 408 || status === 429 || status >= 500;

/** The host a 3xx points at, for the operator (never the path: a webhook's path often holds its token). */
function redirectTarget(response: Response, url: string): string {
  const location = response.headers.get('location');
  if (!location) return '';
  try {
    const target = new URL(location, url);
    return ` → ${target.protocol}//${target.host}`;
  } catch {
    return '';
  }
}

export async function post(fetcher: Fetch, url: string, body: unknown, options: PostOptions = {}): Promise<void> {
  const text = JSON.stringify(body);
  const signature = options.sign ? await options.sign(text) : {};
  let response: Response;
  try {
    response = await fetcher(url, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Accept: 'application/json', ...options.headers, ...signature },
      body: text,
      signal: AbortSignal.timeout(deliveryTimeoutMs),
      // `manual` rather than `error`: Workers refuse `redirect: 'error'`; a 3xx is then read below on every host.
      redirect: 'manual',
    });
  } catch (error) {
    const timedOut = error instanceof Error && error.name === 'TimeoutError';
    throw new DeliveryError(
      timedOut ? `timeout ${deliveryTimeoutMs / 1000} s` : error instanceof Error ? error.message : String(error),
      'temporary',
    );
  }
  const { status } = response;
  if (response.ok) {
    await response.arrayBuffer().catch(() => undefined);
    return;
  }
  const configuration = options.configuration;
  // A provider that explains its refusals is read on a 4xx, for the operator; any other body only frees the connection.
  let detail = '';
  let parsed: unknown;
  if (configuration && status >= 400 && status < 500) {
    const answer = await response.text().catch(() => '');
    try {
      parsed = JSON.parse(answer);
    } catch {
      parsed = undefined;
    }
    const said = typeof parsed === 'object' && parsed !== null ? (parsed as { message?: unknown }).message : undefined;
    detail = typeof said === 'string' ? ` (${singleLine(said).slice(0, providerSaysLength)})` : '';
  } else {
    await response.arrayBuffer().catch(() => undefined);
  }
  const reason = `HTTP ${status}${detail}`;
  if (status >= 300 && status < 400) throw new DeliveryError(`${reason}${redirectTarget(response, url)}`, 'redirect');
  if (isTemporaryStatus(status)) throw new DeliveryError(reason, 'temporary');
  if (configuration && (configuration.statuses.has(status) || configuration.answer?.(status, parsed))) {
    throw new DeliveryError(reason, 'configuration');
  }
  throw new DeliveryError(reason, 'refused');
}
