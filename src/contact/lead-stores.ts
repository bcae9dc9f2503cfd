/**
 * The one table of lead stores: every place that names a store derives from it (CONTACT_STORE's values, the hosts'
 * builds, the GDPR notice's processors and their schema keys, the release check's messages and placeholders,
 * `npm run leads`'s flags).
 * Adding a store (another host): its driver (src/api/store/driver.ts, whose contract is
 * tests/fixtures/driver-contract.ts), opened from the host's bindings in src/hosts/<host>/store.ts; one handler of
 * about 40 lines handing the host's events to the API (src/api/app.ts), as src/hosts/netlify/api.ts does; its
 * README; its entry here; and its row of tests/integration/store-contract.test.ts. A provider left out of
 * content/processors.json fails its schema, and the notice names every provider from here.
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
