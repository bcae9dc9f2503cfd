/**
 * Netlify's stores, opened with the site's Netlify Blobs when CONTACT_STORE=blobs: the leads in the store `leads`,
 * the audience in its own store, `audience`, never the leads'. Without Netlify's environment the leads' store is a
 * settings problem (valid messages get 503) and nothing is counted; the count endpoint still answers 204.
 */
import { getStore, type Store } from '@netlify/blobs';
import { netlifyLines } from './lines.ts';
import { type Env, storeSettingOf } from '../../contact/delivery-settings.ts';
import { audienceBlobsStoreName } from '../../contact/audience-settings.ts';
import { fillTemplate } from '../../content/template.ts';
import { chooseStore } from '../../api/store/choose.ts';
import type { HostStore, Stores } from '../../api/store/host-store.ts';
import { blobsAudienceStore } from './audience-blobs-store.ts';
import { blobsLeadStore, blobsStoreName } from './blobs-store.ts';

/** A Blobs store of the site by its name; strongly consistent, as the claims and counts need. */
export type OpenBlobs = (name: string) => Store;

const siteBlobs: OpenBlobs = (name) => getStore({ name, consistency: 'strong' });

/** Both stores, each opened by its name (the Function's environment, or Netlify's API for `npm run leads|stats`). */
export const blobsStores = (open: OpenBlobs): Stores => ({
  leads: blobsLeadStore(open(blobsStoreName)),
  audience: blobsAudienceStore(open(audienceBlobsStoreName)),
});

/** The Netlify Function's stores: Netlify Blobs when CONTACT_STORE=blobs (../../api/store/choose.ts). */
export function openBlobsStore(env: Env, open: OpenBlobs = siteBlobs): HostStore {
  const leads = chooseStore(
    env,
    'blobs',
    () => ({
      leads: blobsLeadStore(open(blobsStoreName)),
      where: fillTemplate(netlifyLines.storeBlobs, { name: blobsStoreName }),
    }),
    'Netlify Blobs',
  );
  // The audience follows the leads: with Netlify's environment missing, the leads' problem says so, once.
  if (storeSettingOf(env) !== 'blobs' || !leads || 'problem' in leads) return { leads };
  return { leads, audience: blobsAudienceStore(open(audienceBlobsStoreName)) };
}
