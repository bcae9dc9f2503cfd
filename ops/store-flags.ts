/**
 * The store that `npm run leads` and `npm run stats` read, picked by the same flags: none (the folder LEADS_DIR,
 * default leads/), `--local` or `--remote` (Cloudflare D1 through wrangler: ./wrangler-d1.ts, `--persist-to` for a
 * local state kept elsewhere than .wrangler/state), `--netlify` (the site's Netlify Blobs store, with the Netlify
 * CLI's own settings NETLIFY_SITE_ID and NETLIFY_AUTH_TOKEN). The flags are the table of stores' own
 * (src/contact/lead-stores.ts); the store's name, in French, is ./lines.ts's.
 */
import { getStore, type Store } from '@netlify/blobs';
import { type LeadStoreKind, leadStoreKinds, leadStores } from '../src/contact/lead-stores.ts';
import { blobsStoreName } from '../src/hosts/netlify/blobs-store.ts';
import { d1Binding, type SqlRunner } from '../src/hosts/cloudflare/d1-store.ts';
import { defaultLeadsDir } from '../src/hosts/node/files-store.ts';
import { fillTemplate } from '../src/content/template.ts';
import { wranglerRunner } from '../src/hosts/cloudflare/wrangler-d1.ts';
import { storeLines } from './lines.ts';

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

export type ChosenStore =
  | { kind: 'files'; name: string; dir: string }
  | { kind: 'd1'; name: string; runner: SqlRunner }
  | { kind: 'blobs'; name: string; store: Store };

/** Where a store's data lives on each host: the leads' by default; `npm run stats` names the audience's own. */
export interface StorePlaces {
  blobs: string;
  d1: string;
  dir: (env: NodeJS.ProcessEnv) => string;
}

const leadsPlaces: StorePlaces = {
  blobs: blobsStoreName,
  d1: d1Binding,
  dir: (env) => env.LEADS_DIR?.trim() || defaultLeadsDir,
};

/**
 * The store the flags name, or a French message to print: `usage` when two stores are named, or a missing
 * Netlify setting (exit code 2 for both).
 */
export function chosenStore(
  options: StoreFlags,
  env: NodeJS.ProcessEnv = process.env,
  places: StorePlaces = leadsPlaces,
): ChosenStore | { problem: string } {
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
    return {
      kind,
      name: fillTemplate(words.netlify, { name: places.blobs, site: siteID }),
      store: getStore({ name: places.blobs, siteID, token, consistency: 'strong', ...where }),
    };
  }
  if (kind === 'd1') {
    return {
      kind,
      name: fillTemplate(words.d1, { name: places.d1, where: options.remote ? words.d1Remote : words.d1Local }),
      runner: wranglerRunner(options.remote ? '--remote' : '--local', options['persist-to'], places.d1),
    };
  }
  const dir = places.dir(env);
  return { kind, name: fillTemplate(words.local, { dir }), dir };
}
