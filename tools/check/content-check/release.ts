/**
 * `npm run check -- --release`: what must be true before the site goes live, on top of `npm run check`.
 * Each rule returns French, editor-facing messages naming the file, the field and what to put there;
 * the site is ready when no rule has anything to say. Add a rule by appending it to `releaseRules`.
 */
import { existsSync } from 'node:fs';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import * as v from 'valibot';
import { parseTree } from 'jsonc-parser';
import type { ContactRecipients } from '../../../src/contact/contact-recipients.ts';
import { deliveryModes, readSettings } from '../../../src/contact/settings.ts';
import type { LeadStoreKind } from '../../../src/contact/lead-stores.ts';
import { lineOfField, readDataFile } from './checks/data-files.ts';
import { audienceBinding } from '../../../src/contact/audience-settings.ts';
import { releaseMessages } from '../../../src/content/schema/messages.ts';
import { processorsSchema } from '../../../src/content/schema/site-schema.ts';
import { tarifsSchema } from '../../../src/content/schema/tarifs-schema.ts';
import { isFictionPhone, phoneFields, type Placeholder, sitePlaceholders } from './placeholders.ts';
import { staleSources } from './checks/guides.ts';

export interface ReleaseContext {
  /** The project root (the folder that holds content/). */
  root: string;
  /** The build's environment: `process.env` plus the `.env*` files Vite reads (VITE_CONTACT_ENDPOINT…). */
  env: Record<string, string | undefined>;
}

export interface ReleaseRule {
  /** What the rule guards, for developers reading the list. */
  name: string;
  check: (context: ReleaseContext) => Promise<string[]>;
}

/** The value at a dotted path (`host.phone`) of a plain object. */
function valueAt(object: unknown, field: string): unknown {
  return field
    .split('.')
    .reduce<unknown>(
      (value, key) => (value !== null && typeof value === 'object' ? (value as Record<string, unknown>)[key] : undefined),
      object,
    );
}

type PlaceholderFile = Placeholder['file'];

/**
 * Fields still holding a placeholder: the shipped fictitious value, or for a phone any number of ARCEP's
 * fiction blocks (a placeholder someone retyped is still one). `files` holds each data file's value, and its
 * text when known so the message gives the line.
 */
export function sitePlaceholderProblems(
  files: Partial<Record<PlaceholderFile, { data: unknown; text?: string }>>,
  placeholders: readonly Placeholder[] = sitePlaceholders,
  recipients?: ContactRecipients,
  store?: LeadStoreKind,
): string[] {
  return placeholders.flatMap(({ file, field, value, todo, when, whenStore }) => {
    // A recipient the notice does not show in this build (another delivery mode, another store) can wait.
    if (when !== undefined && when !== recipients) return [];
    if (whenStore !== undefined && whenStore !== store) return [];
    const loaded = files[file];
    const current = valueAt(loaded?.data, field);
    if (typeof current !== 'string') return [];
    const fiction = file === 'content/company.json' && (phoneFields as readonly string[]).includes(field) && isFictionPhone(current);
    if (current !== value && !fiction) return [];
    const line = loaded?.text === undefined ? undefined : lineOfField({ text: loaded.text, tree: parseTree(loaded.text) }, field);
    return [`${file}${line ? `:${line}` : ''} → ${releaseMessages.placeholder(field, current, todo, fiction && current !== value)}`];
  });
}

/** A data file's value and text; undefined when it is missing or unreadable (`npm run check` says why). */
async function loadDataFile(root: string, name: string): Promise<{ data: unknown; text: string } | undefined> {
  const file = await readDataFile(root, name);
  return file && !('problem' in file) ? file : undefined;
}

const placeholderFacts: ReleaseRule = {
  name: 'No placeholder left in content/company.json and content/processors.json (legal notice, GDPR notice)',
  async check({ root, env }) {
    const files = {
      'content/company.json': await loadDataFile(root, 'company.json'),
      'content/processors.json': await loadDataFile(root, 'processors.json'),
    };
    const { build } = readSettings(env);
    return sitePlaceholderProblems(files, sitePlaceholders, build.recipients, build.store);
  },
};

/**
 * PropLLC's own fees (content/tarifs.json, `honoraires`): empty until the company sets them, while /tarifs says
 * « sur devis » in their place. A placeholder like the company's facts: the site does not go live with one.
 */
export function unsetFeeProblems(file: { data: unknown; text?: string }): string[] {
  const parsed = v.safeParse(tarifsSchema, file.data);
  if (!parsed.success) return [];
  return Object.entries(parsed.output.honoraires).flatMap(([key, fee]) => {
    if (fee.montantEur !== undefined) return [];
    const field = `honoraires.${key}.montantEur`;
    const line = file.text === undefined ? undefined : lineOfField({ text: file.text, tree: parseTree(file.text) }, field);
    return [`content/tarifs.json${line ? `:${line}` : ''} → ${releaseMessages.feeNotSet(field, fee.libelle, fee.enAttente)}`];
  });
}

const feesSet: ReleaseRule = {
  name: 'PropLLC’s own fees are set in content/tarifs.json (the Tarifs page shows no « sur devis » in their place)',
  async check({ root }) {
    const loaded = await loadDataFile(root, 'tarifs.json');
    return loaded ? unsetFeeProblems(loaded) : [];
  },
};

/**
 * A build without an endpoint (no VITE_CONTACT_ENDPOINT off Cloudflare Pages and Netlify), or one that asks
 * for the simulation (CONTACT_SIMULATION), only simulates the sending: every message would be lost while the
 * visitor reads « Message envoyé ! ». With the site's receiver, CONTACT_DELIVERY must be given at build
 * time too, so the GDPR notice names the recipients the receiver will really use.
 */
function deliveryProblems(env: Record<string, string | undefined>): string[] {
  const settings = readSettings(env);
  if (settings.build.simulationAsked) return [releaseMessages.simulationAsked];
  if (settings.build.recipients === 'none') return [releaseMessages.noEndpoint];
  if (settings.build.siteReceiver && !deliveryModes.some((mode) => mode === settings.deliveryWritten)) {
    return [releaseMessages.deliveryMode(settings.deliveryWritten, deliveryModes)];
  }
  return [];
}

const messagesDelivered: ReleaseRule = {
  name: 'The build delivers the form’s messages, and says how (no simulation in production)',
  async check({ env }) {
    return deliveryProblems(env);
  },
};

/**
 * `<AProuver proof="…" />` in an MDX file: a widget that renders nothing and marks the sentence or figure
 * after it as awaiting proof; `proof` says what proof to keep. The marker is removed once the claim is
 * substantiated (or the claim is removed). Keystatic writes the value in double quotes, or in single quotes
 * when it holds a double quote.
 */
const claimMarker = /<AProuver\b[^>]*?\bproof=(?:"([^"]*)"|'([^']*)')[^>]*?\/>/gu;

export function claimsToProveIn(source: string, relative: string): string[] {
  return [...source.matchAll(claimMarker)].map((match) => {
    const line = source.slice(0, match.index).split('\n').length;
    const detail = (match[1] ?? match[2] ?? '').replace(/\s+/g, ' ').trim().replace(/\.$/, '');
    return `${relative}:${line} → ${releaseMessages.claimToProve(detail)}`;
  });
}

const claimsToProve: ReleaseRule = {
  name: 'No claim or figure in content/ still marked as awaiting proof',
  async check({ root }) {
    const dir = path.join(root, 'content');
    if (!existsSync(dir)) return [];
    const entries = await readdir(dir, { withFileTypes: true, recursive: true });
    const files = entries
      .filter((entry) => entry.isFile() && entry.name.endsWith('.mdx'))
      .map((entry) => path.join(entry.parentPath, entry.name))
      .sort();
    const problems: string[] = [];
    for (const file of files) {
      const relative = path.relative(root, file).split(path.sep).join('/');
      problems.push(...claimsToProveIn(await readFile(file, 'utf8'), relative));
    }
    return problems;
  },
};

/** Host name of an absolute http(s) URL, or undefined (a relative endpoint stays on the site itself). */
function hostOf(url: string): string | undefined {
  try {
    const parsed = new URL(url);
    return parsed.protocol === 'https:' || parsed.protocol === 'http:' ? parsed.hostname : undefined;
  } catch {
    return undefined;
  }
}

/**
 * The GDPR notice names the delivery service from `processors.contactDelivery`: it must be the service the
 * form really posts to, so the endpoint's host must be the service's website domain or one of its subdomains.
 */
export function deliveryServiceProblems(processors: unknown, endpoint: string | undefined): string[] {
  const endpointHost = endpoint?.trim() ? hostOf(endpoint.trim()) : undefined;
  if (!endpointHost) return [];
  const parsed = v.safeParse(processorsSchema, processors);
  if (!parsed.success) return [];
  const { name, website } = parsed.output.contactDelivery;
  const serviceHost = hostOf(website)?.replace(/^www\./, '');
  if (serviceHost && (endpointHost === serviceHost || endpointHost.endsWith(`.${serviceHost}`))) return [];
  return [`content/processors.json → ${releaseMessages.wrongDeliveryService(name, website, endpointHost)}`];
}

const deliveryServiceNamed: ReleaseRule = {
  name: 'The contact delivery service named in the GDPR notice is the one VITE_CONTACT_ENDPOINT posts to',
  async check({ root, env }) {
    const loaded = await loadDataFile(root, 'processors.json');
    return loaded ? deliveryServiceProblems(loaded.data, readSettings(env).build.endpoint) : [];
  },
};

/**
 * The placeholders wrangler.toml ships for local runs (zeros, and …0001 for the audience's database, as wrangler
 * keeps one local database per id): a deployment needs the id `wrangler d1 create` prints.
 */
const localD1Id = /^\s*database_id\s*=\s*"0{8}-0{4}-0{4}-0{4}-0{11}[01]"/m;

/** The `[[d1_databases]]` blocks of wrangler.toml whose binding is `binding`. */
const d1Blocks = (toml: string, binding: string) =>
  toml.split(/^\s*\[\[d1_databases\]\]\s*$/m).filter((block) => new RegExp(`^\\s*binding\\s*=\\s*"${binding}"`, 'm').test(block));

/**
 * With the site's receiver, every lead is stored before the visitor is told it was sent, in the store
 * CONTACT_STORE names: the same setting writes the store's provider into the GDPR notice, so a store other
 * than the one this host really gives, or no store at all, is refused.
 */
export async function storeProblems(root: string, env: Record<string, string | undefined>): Promise<string[]> {
  const settings = readSettings(env);
  if (!settings.build.siteReceiver) return [];
  const value = settings.storeWritten;
  if (!value) return [releaseMessages.noStore];
  const store = settings.store;
  if (!store) return [releaseMessages.storeUnknown(value)];
  const problems: string[] = [];
  const hostBuild = settings.build.hostBuild;
  if (hostBuild && store !== hostBuild.store) problems.push(releaseMessages.storeNotThisHost(store, hostBuild.host, hostBuild.store));
  const wrangler = path.join(root, 'wrangler.toml');
  if (store === 'd1' && existsSync(wrangler)) {
    const toml = await readFile(wrangler, 'utf8');
    // The audience's own database (AUDIENCE_DB) is named apart: only a build that counts needs it.
    const audienceIds = d1Blocks(toml, audienceBinding);
    const others = d1Blocks(toml, '[^"]+').filter((block) => !audienceIds.includes(block));
    if (others.some((block) => localD1Id.test(block))) problems.push(`wrangler.toml → ${releaseMessages.localD1Id}`);
    if (settings.build.audienceCounted && audienceIds.some((block) => localD1Id.test(block))) {
      problems.push(`wrangler.toml → ${releaseMessages.localAudienceD1Id}`);
    }
  }
  return problems;
}

const leadsStored: ReleaseRule = {
  name: 'The receiver stores every lead first, in the store the GDPR notice names (CONTACT_STORE)',
  check: ({ root, env }) => storeProblems(root, env),
};

/** Sentences of the legal texts that cannot be true of a site that counts its audience. */
const notWhenCounting = [
  /ne dépose aucun cookie(?! publicitaire)/i,
  /n['’]utilise aucun outil de mesure d['’]audience(?! d['’]un tiers)/i,
  /ne mesure pas son audience/i,
];

/**
 * The GDPR notice agrees with the build about audience counting (src/api/audience/): the legal texts hold
 * <AudienceNotice />, which follows the build's setting, and none of them denies counting or cookies when the
 * build counts.
 */
export function audienceNoticeProblems(files: readonly { relative: string; source: string }[], counted: boolean): string[] {
  const problems: string[] = [];
  if (!files.some((file) => /<AudienceNotice\s*\/>/.test(file.source)))
    problems.push(`content/legal/ → ${releaseMessages.audienceNoticeMissing}`);
  if (!counted) return problems;
  for (const { relative, source } of files) {
    for (const pattern of notWhenCounting) {
      const match = pattern.exec(source);
      if (!match) continue;
      const line = source.slice(0, match.index).split('\n').length;
      problems.push(`${relative}:${line} → ${releaseMessages.audienceNoticeContradicts(match[0])}`);
    }
  }
  return problems;
}

const audienceNoticeAgrees: ReleaseRule = {
  name: 'The GDPR notice says what the build counts of its audience, and never denies it',
  async check({ root, env }) {
    const dir = path.join(root, 'content', 'legal');
    if (!existsSync(dir)) return [];
    const names = (await readdir(dir)).filter((name) => name.endsWith('.mdx')).sort();
    const files = await Promise.all(
      names.map(async (name) => ({ relative: `content/legal/${name}`, source: await readFile(path.join(dir, name), 'utf8') })),
    );
    return audienceNoticeProblems(files, readSettings(env).build.audienceCounted);
  },
};

const guideSourcesFresh: ReleaseRule = {
  name: 'Every guide cites sources read within the 12 months before its last update',
  check: async ({ root }) => staleSources(root),
};

export const releaseRules: ReleaseRule[] = [
  placeholderFacts,
  feesSet,
  claimsToProve,
  messagesDelivered,
  leadsStored,
  deliveryServiceNamed,
  audienceNoticeAgrees,
  guideSourcesFresh,
];

/** Every rule's messages, in the order of the list. */
export async function checkRelease(context: ReleaseContext, rules: readonly ReleaseRule[] = releaseRules): Promise<string[]> {
  const problems: string[] = [];
  for (const rule of rules) problems.push(...(await rule.check(context)));
  return problems;
}
