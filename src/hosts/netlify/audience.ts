/**
 * The audience counter on Netlify, over the audience's own Netlify Blobs store (`audience`), never the leads'
 * store, for a site whose leads are in Blobs (CONTACT_STORE=blobs). Without it, nothing is counted and the
 * endpoint still answers 204.
 */
import { getStore, type Store } from '@netlify/blobs';
import type { Env } from '../../contact/delivery-settings.ts';
import { storeSettingOf } from '../../contact/delivery-settings.ts';
import { type AudienceCounter, createAudienceCounter } from '../../api/audience/counter.ts';
import { audienceBlobsStoreName } from '../../contact/audience-settings.ts';
import { blobsAudienceStore } from './audience-blobs-store.ts';

export function netlifyAudience(
  env: Env,
  blobs: () => Store = () => getStore({ name: audienceBlobsStoreName, consistency: 'strong' }),
): AudienceCounter {
  const store = storeSettingOf(env) === 'blobs' ? blobsAudienceStore(blobs()) : undefined;
  return createAudienceCounter({ env, store });
}
