/**
 * Every setting of the contact form, its receiver, its stores and the audience, read from the environment once, at
 * the edge (the Node server's start, a function's or isolate's first request, the build), into one typed object:
 * the only module that reads the environment's contact settings. The receiver runs on the object, the build writes
 * the GDPR notice from the same object, the release check judges it. Every on/off setting follows one rule
 * (`onOff`); a setting that says something else, or is blank, is named in French (./lines.ts), never
 * silently replaced: `problems` keep the receiver from notifying (or, with no store, from accepting messages),
 * `warnings` say which default applies.
 *
 *   CONTACT_STORE        files (npm start) | d1 (Cloudflare) | blobs (Netlify): where each lead is kept first
 *   CONTACT_DELIVERY     local | email | webhook; unset: email if BREVO_API_KEY is set, webhook if
 *                        CONTACT_WEBHOOK_URL is, else local (store only) where there is a store
 *   BREVO_API_KEY, CONTACT_TO (addresses, comma-separated), CONTACT_FROM   email
 *   CONTACT_WEBHOOK_URL  webhook (https://, or http:// to this machine only); CONTACT_WEBHOOK_SECRET signs it
 *   CONTACT_RATE_LIMIT   messages per client address per 10 minutes (default 10)
 *   CONTACT_ACK          the acknowledgement to the visitor (off by default); CONTACT_ACK_DAILY_LIMIT: at most that
 *                        many a day in all (default 50, well under Brevo's free 300 emails a day)
 *   AUDIENCE             the audience counting (on by default); AUDIENCE_DIR its folder (npm start)
 *   LEADS_DIR            the leads' folder (npm start; default leads/)
 *   CONTACT_TRUST_PROXY, CONTACT_PROXY_HOPS   the proxies in front of npm start (src/hosts/node/proxy.ts)
 *   CLOUDFLARE_SUBREQUESTS   what one invocation may make (default 50, the Free plan; 1000 on the Paid plan)
 * Build only: VITE_CONTACT_ENDPOINT, CONTACT_SIMULATION, and CF_PAGES / NETLIFY, which those hosts set.
 */
import * as v from 'valibot';
import { fillTemplate } from '../content/template.ts';
import { type HostBuild, hostBuilds, type LeadStoreKind, leadStoreKinds } from './lead-stores.ts';
import { settingsLines } from './lines.ts';

export type Env = Readonly<Record<string, unknown>>;

/** What CONTACT_DELIVERY may say: store only (`local`), email through Brevo, or a webhook. */
export const deliveryModes = ['local', 'email', 'webhook'] as const;
type DeliveryMode = (typeof deliveryModes)[number];

export type Delivery =
  | { mode: 'local' }
  | { mode: 'email'; apiKey: string; to: string[]; from: string }
  | { mode: 'webhook'; url: string; secret?: string }
  /** Nothing can notify: no mode, or a setting of the mode asked is wrong (`problems` says which). */
  | { mode: 'none' };

/** Who receives the form's messages in a build, for the GDPR notice. */
export type ContactRecipients = 'none' | 'external' | DeliveryMode;

/** The site's own receiver, on every host that runs it (`npm start`, Cloudflare Pages, Netlify). */
export const siteReceiverPath = '/api/contact';

export interface Settings {
  /** CONTACT_STORE when it names a store. */
  store?: LeadStoreKind;
  /** CONTACT_STORE as written (lower-cased), whether or not it names a store. */
  storeWritten?: string;
  delivery: Delivery;
  /** The mode the rule picks, whatever the problems of its settings (what the GDPR notice names). */
  deliveryMode?: DeliveryMode;
  /** CONTACT_DELIVERY as written (lower-cased). */
  deliveryWritten?: string;
  rateLimit: number;
  acknowledgement: { asked: boolean; perDay: number; perClient: number; perDomain: number };
  audience: { asked: boolean };
  leadsDir: string;
  audienceDir: string;
  proxy: { trust?: string; hops?: string };
  subrequests: number;
  build: {
    /** Where the form posts; undefined: the spec's simulation (one second, then success). */
    endpoint?: string;
    /** The form posts to the site's own receiver (a path such as /api/contact). */
    siteReceiver: boolean;
    recipients: ContactRecipients;
    /** The lead store this build's receiver uses (with the site's receiver only). */
    store?: LeadStoreKind;
    hostBuild?: HostBuild;
    simulationAsked: boolean;
    /** The build counts its audience (beacon, notice): asked, with the site's receiver and a store. */
    audienceCounted: boolean;
    /** The build's site sends acknowledgements (the notice says so): asked, by email, with a store. */
    acknowledgementSent: boolean;
  };
  /** Lines to correct: the receiver then notifies nobody (and, without a store, accepts no message). */
  problems: string[];
  /** Lines to correct while a default applies. */
  warnings: string[];
}

/** A setting's value, trimmed; undefined when unset; '' when set but blank. */
function raw(env: Env, name: string): string | undefined {
  const value = env[name];
  return typeof value === 'string' ? value.trim() : undefined;
}

/** A setting's value, trimmed; undefined when unset or blank. */
function given(env: Env, name: string): string | undefined {
  const value = raw(env, name);
  return value === undefined || value === '' ? undefined : value;
}

const onWords = ['1', 'true', 'oui', 'on', 'yes'];
const offWords = ['0', 'false', 'non', 'off', 'no'];

const emailAddress = v.pipe(v.string(), v.email());

/**
 * A lead crosses the network only encrypted: `https://`, or `http://` to this very machine (a relay or a test
 * stand-in on loopback), where nothing travels on a wire.
 */
function encryptedOrLocal(url: URL): boolean {
  if (url.protocol === 'https:') return true;
  return url.protocol === 'http:' && /^(localhost|127(\.\d{1,3}){3}|\[::1\])$/.test(url.hostname);
}

/** Where a build's form posts: VITE_CONTACT_ENDPOINT, else the site's receiver on a host that runs one. */
function endpointOf(env: Env, hostBuild: HostBuild | undefined, simulationAsked: boolean): string | undefined {
  const configured = given(env, 'VITE_CONTACT_ENDPOINT');
  if (configured !== undefined) return configured;
  return hostBuild && !simulationAsked ? siteReceiverPath : undefined;
}

/**
 * The settings of this environment. `host` is the store the runtime has (`files` on Node, `d1` on Cloudflare,
 * `blobs` on Netlify); the build gives none.
 */
export function readSettings(env: Env, { host }: { host?: LeadStoreKind } = {}): Settings {
  const problems: string[] = [];
  const warnings: string[] = [];
  const line = (template: string, values: Record<string, string> = {}) => fillTemplate(template, values);

  /** One rule for every on/off setting. */
  function onOff(name: string, fallback: boolean): boolean {
    const written = raw(env, name);
    const value = written?.toLowerCase();
    if (value === undefined || value === '') return fallback;
    if (onWords.includes(value)) return true;
    if (offWords.includes(value)) return false;
    warnings.push(
      line(settingsLines.onOff, {
        name,
        value: written ?? '',
        fallback: fallback ? settingsLines.fallbackOn : settingsLines.fallbackOff,
      }),
    );
    return fallback;
  }

  function count(name: string, fallback: number): number {
    const value = given(env, name);
    if (value === undefined) return fallback;
    if (/^\d{1,9}$/.test(value) && Number(value) > 0) return Number(value);
    warnings.push(line(settingsLines.number, { name, value, fallback: String(fallback) }));
    return fallback;
  }

  const hostBuild = hostBuilds.find(({ variable }) => given(env, variable) !== undefined);
  const simulationAsked = onOff('CONTACT_SIMULATION', false);
  const endpoint = endpointOf(env, hostBuild, simulationAsked);
  const siteReceiver = endpoint?.startsWith('/') === true && !endpoint.startsWith('//');

  const storeWritten = given(env, 'CONTACT_STORE')?.toLowerCase() ?? (host === 'files' ? 'files' : undefined);
  const store = leadStoreKinds.find((kind) => kind === storeWritten);
  if (storeWritten !== undefined && store === undefined) problems.push(settingsLines.storeUnknown);
  else if (host && store && store !== host) problems.push(line(settingsLines.storeElsewhere, { store, host }));
  const hasStore = host ? store === host : store !== undefined;

  const apiKey = given(env, 'BREVO_API_KEY');
  const webhookUrl = given(env, 'CONTACT_WEBHOOK_URL');
  const deliveryWritten = given(env, 'CONTACT_DELIVERY')?.toLowerCase();
  const ruled: DeliveryMode | undefined = apiKey ? 'email' : webhookUrl ? 'webhook' : hasStore ? 'local' : undefined;
  let deliveryMode: DeliveryMode | undefined = ruled;
  if (deliveryWritten !== undefined) {
    const forced = deliveryModes.find((mode) => mode === deliveryWritten);
    if (forced) deliveryMode = forced;
    else problems.push(settingsLines.deliveryUnknown);
  } else if (apiKey && webhookUrl) problems.push(settingsLines.deliveryConflict);
  const chosen = problems.length === 0 ? deliveryMode : undefined;

  let delivery: Delivery = { mode: 'none' };
  const missing = (name: string, mode: string) => problems.push(line(settingsLines.missing, { name, mode }));
  if (chosen === 'local') {
    if (hasStore) delivery = { mode: 'local' };
    else problems.push(settingsLines.localUnavailable);
  } else if (chosen === 'email') {
    const to = (given(env, 'CONTACT_TO') ?? '')
      .split(',')
      .map((address) => address.trim())
      .filter(Boolean);
    const from = given(env, 'CONTACT_FROM');
    const before = problems.length;
    if (!apiKey) missing('BREVO_API_KEY', 'email');
    if (to.length === 0) missing('CONTACT_TO', 'email');
    else if (!to.every((address) => v.is(emailAddress, address)))
      problems.push(line(settingsLines.notAnAddress, { name: 'CONTACT_TO' }));
    if (!from) missing('CONTACT_FROM', 'email');
    else if (!v.is(emailAddress, from)) problems.push(line(settingsLines.notAnAddress, { name: 'CONTACT_FROM' }));
    if (apiKey && from && problems.length === before) delivery = { mode: 'email', apiKey, to, from };
  } else if (chosen === 'webhook') {
    const secret = raw(env, 'CONTACT_WEBHOOK_SECRET');
    const before = problems.length;
    if (!webhookUrl) missing('CONTACT_WEBHOOK_URL', 'webhook');
    else if (!URL.canParse(webhookUrl)) problems.push(settingsLines.webhookUrl);
    else if (!encryptedOrLocal(new URL(webhookUrl))) problems.push(settingsLines.webhookInsecure);
    // A secret set blank would sign nothing: the target would refuse every lead, or accept unsigned ones.
    if (secret === '') problems.push(line(settingsLines.blank, { name: 'CONTACT_WEBHOOK_SECRET' }));
    else if (secret !== undefined && !webhookSecretPattern.test(secret)) problems.push(settingsLines.webhookSecret);
    if (webhookUrl && problems.length === before) delivery = { mode: 'webhook', url: webhookUrl, ...(secret ? { secret } : {}) };
  }

  const acknowledgementAsked = onOff('CONTACT_ACK', false);
  const audienceAsked = onOff('AUDIENCE', true);
  if (acknowledgementAsked && host) {
    if (deliveryMode !== 'email') warnings.push(settingsLines.ackNeedsEmail);
    else if (!hasStore) warnings.push(settingsLines.ackNeedsStore);
  }
  const buildStore = siteReceiver ? store : undefined;
  const recipients: ContactRecipients = endpoint === undefined ? 'none' : !siteReceiver ? 'external' : (deliveryMode ?? 'local');

  return {
    ...(store ? { store } : {}),
    ...(storeWritten !== undefined ? { storeWritten } : {}),
    delivery,
    ...(deliveryMode ? { deliveryMode } : {}),
    ...(deliveryWritten !== undefined ? { deliveryWritten } : {}),
    rateLimit: count('CONTACT_RATE_LIMIT', 10),
    acknowledgement: { asked: acknowledgementAsked, perDay: count('CONTACT_ACK_DAILY_LIMIT', 50), perClient: 3, perDomain: 20 },
    audience: { asked: audienceAsked },
    leadsDir: given(env, 'LEADS_DIR') ?? 'leads',
    audienceDir: given(env, 'AUDIENCE_DIR') ?? 'audience',
    proxy: { trust: raw(env, 'CONTACT_TRUST_PROXY'), hops: raw(env, 'CONTACT_PROXY_HOPS') },
    subrequests: count('CLOUDFLARE_SUBREQUESTS', 50),
    build: {
      ...(endpoint ? { endpoint } : {}),
      siteReceiver,
      recipients,
      ...(buildStore ? { store: buildStore } : {}),
      ...(hostBuild ? { hostBuild } : {}),
      simulationAsked,
      audienceCounted: audienceAsked && buildStore !== undefined,
      acknowledgementSent: acknowledgementAsked && recipients === 'email' && buildStore !== undefined,
    },
    problems,
    warnings,
  };
}

/** A secret as the Standard Webhooks libraries take it: `whsec_` (optional) and base64; its length is checked on use. */
const webhookSecretPattern = /^(?:whsec_)?(?:[A-Za-z0-9+/]{4}){8,}(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$/;
