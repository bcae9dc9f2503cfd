/**
 * The one table of lead stores: every place that names a store derives from it (CONTACT_STORE's values, the hosts'
 * builds, the GDPR notice's processors and their schema keys, the release check's messages and placeholders,
 * `npm run leads`'s flags). Adding a store (another host):
 * 1. its entry here (its CONTACT_STORE value is the key); a provider's store also needs its processor in
 *    `leadStores` of content/processors.json (the content check fails without it);
 * 2. its implementation of `LeadStore` (src/api/store/lead-store.ts) in its host's folder, src/hosts/<host>/:
 *    `add` resolves once the lead is durable; `claim` is atomic in the store itself (an exclusive create, a
 *    conditional write), since it keeps two senders from notifying one lead twice; `due` finds the due leads
 *    without reading the others and reads one batch; `list`, `forget` and `purge` name what they cannot read
 *    (`Unreadable`) and carry on. Then its choice in src/api/store/choose.ts, its host's adapter (passing
 *    `waitUntil` to the site receiver's `handle`, and calling `retryPending` on the host's schedule if it has
 *    one), a branch of ops/leads/leads.ts and its flags (a type error without them), and its host's README.md;
 * 3. its tests: what each method promises, on that store; tests/unit/lead-stores.test.ts fails while the notice,
 *    the hosts' docs or `npm run leads` leave it out.
 * Data only (no node: import, no French): build-time code reads it (the schemas, the GDPR notice, the release check).
 */

export interface LeadStoreSpec {
  /** The host whose build environment sets `variable`, and whose receiver has this store. */
  hostBuild?: { variable: string; host: string };
  /** Its host's deployment guide, which the operator's messages about a missing setting point to. */
  guide: `src/hosts/${string}/README.md`;
  /** What opens it at run time: the setting (a folder), the binding, or the store's name on its host. */
  binding: string;
  /** How the runtime opens it: the folder on the server's disk, a binding of the host's function, or its host's SDK. */
  opens: 'folder' | 'binding' | 'sdk';
  /**
   * Who keeps the leads, for the GDPR notice: `server`, the site's own server (no other processor, a sentence);
   * `provider`, a processor named from `leadStores.<kind>` of content/processors.json.
   */
  keeper: 'server' | 'provider';
  /** Its product name, the title of its processor in the editor. */
  product: string;
  /** The options of `npm run leads` that read it (none: the default, a folder). */
  leadsFlags: readonly string[];
}

export const leadStores = {
  files: {
    binding: 'LEADS_DIR',
    opens: 'folder',
    keeper: 'server',
    product: 'Node (npm start)',
    leadsFlags: [],
    guide: 'src/hosts/node/README.md',
  },
  d1: {
    hostBuild: { variable: 'CF_PAGES', host: 'Cloudflare Pages' },
    guide: 'src/hosts/cloudflare/README.md',
    binding: 'LEADS_DB',
    opens: 'binding',
    keeper: 'provider',
    product: 'Cloudflare D1',
    leadsFlags: ['--local', '--remote'],
  },
  blobs: {
    hostBuild: { variable: 'NETLIFY', host: 'Netlify' },
    guide: 'src/hosts/netlify/README.md',
    binding: 'leads',
    opens: 'sdk',
    keeper: 'provider',
    product: 'Netlify Blobs',
    leadsFlags: ['--netlify'],
  },
} as const satisfies Record<string, LeadStoreSpec>;

/** What CONTACT_STORE may say. */
export type LeadStoreKind = keyof typeof leadStores;
export const leadStoreKinds = Object.keys(leadStores) as LeadStoreKind[];

/** The stores a third party keeps: each is a processor of the GDPR notice, `leadStores.<kind>` of content/processors.json. */
export type ProvidedStoreKind = {
  [K in LeadStoreKind]: (typeof leadStores)[K]['keeper'] extends 'provider' ? K : never;
}[LeadStoreKind];
export const providedStoreKinds = leadStoreKinds.filter((kind): kind is ProvidedStoreKind => leadStores[kind].keeper === 'provider');
export const isProvidedStore = (kind: LeadStoreKind): kind is ProvidedStoreKind => leadStores[kind].keeper === 'provider';

type HostedKind = { [K in LeadStoreKind]: (typeof leadStores)[K] extends { hostBuild: object } ? K : never }[LeadStoreKind];
export type HostBuild = {
  [K in HostedKind]: (typeof leadStores)[K]['hostBuild'] & { store: K; guide: (typeof leadStores)[K]['guide'] };
}[HostedKind];

/** The variable each host sets in its build environment, the store it gives the receiver, and its guide. */
export const hostBuilds: readonly HostBuild[] = leadStoreKinds.flatMap((store) => {
  const spec: LeadStoreSpec = leadStores[store];
  return spec.hostBuild ? [{ ...spec.hostBuild, guide: spec.guide, store } as HostBuild] : [];
});
