/**
 * The host's stores that `npm run leads` (the leads) and `npm run stats` (the audience) read, picked by the same
 * flags: none (the folders LEADS_DIR and AUDIENCE_DIR, default leads/ and audience/), `--local` or `--remote`
 * (Cloudflare's D1 databases LEADS_DB and AUDIENCE_DB through wrangler: src/hosts/cloudflare/wrangler-d1.ts,
 * `--persist-to` for a local state kept elsewhere than .wrangler/state), `--netlify` (the site's Netlify Blobs
 * stores, with the Netlify CLI's own settings NETLIFY_SITE_ID and NETLIFY_AUTH_TOKEN). Each host's stores are
 * opened by that host's own function (src/hosts/<host>/store.ts). The flags are the table of stores' own
 * (src/contact/lead-stores.ts); the store's name, in French, is ./lines.ts's.
 */
import { getStore } from '@netlify/blobs';
import { acknowledgementMemory } from '../src/api/contact/acknowledgement.ts';
import { repeatMemory } from '../src/api/contact/spam/repeats.ts';
import { spamCaps } from '../src/api/contact/spam/weights.ts';
import { type AudienceStore, audienceStore } from '../src/api/store/audience-store.ts';
import { type DeliveryStatusStore, deliveryStatusStore } from '../src/api/store/delivery-status.ts';
import type { Driver } from '../src/api/store/driver.ts';
import { type LeadStore, leadStore } from '../src/api/store/lead-store.ts';
import { audienceBinding, audienceBlobsStoreName } from '../src/contact/audience-settings.ts';
import { type LeadStoreKind, leadStoreKinds, leadStores } from '../src/contact/lead-stores.ts';
import { readSettings } from '../src/contact/settings.ts';
import { fillTemplate } from '../src/content/template.ts';
import { d1Binding, d1Drivers } from '../src/hosts/cloudflare/store.ts';
import { wranglerRunner } from '../src/hosts/cloudflare/wrangler-d1.ts';
import { blobsDrivers, blobsStoreName } from '../src/hosts/netlify/store.ts';
import { filesDrivers } from '../src/hosts/node/store.ts';
import { storeLines } from './lines.ts';

/** The stores over a host's two drivers, as the server, function or isolate writes them. */
interface Stores {
  leads: LeadStore;
  status: DeliveryStatusStore;
  /** What `--forget` also erases: the person's traces in the memories. */
  forgetMemories(email: string): Promise<void>;
  audience: AudienceStore;
}

function storesOver({ leads, audience }: { leads: Driver; audience: Driver }): Stores {
  const repeats = repeatMemory(leads);
  const acknowledgements = acknowledgementMemory(leads);
  return {
    leads: leadStore(leads, { spamCaps }),
    status: deliveryStatusStore(leads),
    async forgetMemories(email) {
      await repeats.forget(email);
      await acknowledgements.forget(email);
    },
    audience: audienceStore(audience),
  };
}

const words = storeLines;

/** The options that pick a store: every `leadsFlags` of the table of stores, no other (a type error otherwise). */
type StoreFlag = (typeof leadStores)[LeadStoreKind]['leadsFlags'][number] extends `--${infer Flag}` ? Flag : never;
export const storeOptions = {
  local: { type: 'boolean' },
  remote: { type: 'boolean' },
  netlify: { type: 'boolean' },
  // Where `wrangler pages dev --persist-to` keeps its local state, when not .wrangler/state.
  'persist-to': { type: 'string' },
} as const satisfies Record<StoreFlag, { type: 'boolean' }> & Record<'persist-to', { type: 'string' }>;

export type StoreFlags = { [Flag in StoreFlag]?: boolean } & { 'persist-to'?: string };

/** One of each: the leads' and the audience's. */
interface Both<T> {
  leads: T;
  audience: T;
}

export interface ChosenStore {
  kind: LeadStoreKind;
  /** Both stores of the host, open (nothing is read before a command asks). */
  stores: Stores;
  names: Both<string>;
  /** The files stores' folders: one that does not exist is a wrong setting, not an empty store. */
  dirs?: Both<string>;
}

/**
 * The stores the flags name, or a French message to print: `usage` when two stores are named, or a missing
 * Netlify setting (exit code 2 for both).
 */
export function chosenStore(options: StoreFlags, env: NodeJS.ProcessEnv = process.env): ChosenStore | { problem: string } {
  const flagged = leadStoreKinds.filter((kind) =>
    leadStores[kind].leadsFlags.some((flag: string) => options[flag.slice(2) as StoreFlag] === true),
  );
  if (flagged.length > 1 || (options.local && options.remote)) return { problem: 'usage' };
  const kind: LeadStoreKind = flagged[0] ?? 'files';
  if (kind === 'blobs') {
    // The Netlify CLI's own settings: the site (`netlify link` shows its id) and a personal access token.
    const siteID = env.NETLIFY_SITE_ID?.trim();
    const token = env.NETLIFY_AUTH_TOKEN?.trim();
    if (!siteID) return { problem: fillTemplate(words.netlifySettingMissing, { name: 'NETLIFY_SITE_ID' }) };
    if (!token) return { problem: fillTemplate(words.netlifySettingMissing, { name: 'NETLIFY_AUTH_TOKEN' }) };
    // Through Netlify's API, which is strongly consistent (given a site id and token, @netlify/blobs ignores any
    // NETLIFY_BLOBS_CONTEXT). For the tests only, LEADS_TEST_BLOBS_URL is the local Blobs server of @netlify/blobs,
    // reached as an edge (its API route cannot list: it reads `?prefix=` into the store's name).
    const testURL = env.LEADS_TEST_BLOBS_URL?.trim();
    const where = testURL ? { edgeURL: testURL, uncachedEdgeURL: testURL } : {};
    const name = (store: string) => fillTemplate(words.netlify, { name: store, site: siteID });
    return {
      kind,
      names: { leads: name(blobsStoreName), audience: name(audienceBlobsStoreName) },
      stores: storesOver(blobsDrivers((store) => getStore({ name: store, siteID, token, consistency: 'strong', ...where }))),
    };
  }
  if (kind === 'd1') {
    const where = options.remote ? '--remote' : '--local';
    const name = (binding: string) =>
      fillTemplate(words.d1, { name: binding, where: options.remote ? words.d1Remote : words.d1Local });
    // Each runner starts wrangler only with its first statement: a command reads one of the two databases.
    const runner = (binding: string) => wranglerRunner(where, options['persist-to'], binding);
    return {
      kind,
      names: { leads: name(d1Binding), audience: name(audienceBinding) },
      stores: storesOver(d1Drivers(runner(d1Binding), runner(audienceBinding))),
    };
  }
  const settings = readSettings(env);
  const dirs = { leads: settings.leadsDir, audience: settings.audienceDir };
  return {
    kind,
    names: { leads: fillTemplate(words.local, { dir: dirs.leads }), audience: fillTemplate(words.local, { dir: dirs.audience }) },
    stores: storesOver(filesDrivers(dirs.leads, dirs.audience)),
    dirs,
  };
}
