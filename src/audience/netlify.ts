/**
 * The audience counter on Netlify, over the leads' Netlify Blobs store (CONTACT_STORE=blobs), under `audience/`.
 * Without it, nothing is counted and the endpoint still answers 204.
 */
import { getStore, type Store } from '@netlify/blobs';
import type { Env } from '../forms/delivery-settings.ts';
import { storeSettingOf } from '../forms/delivery-settings.ts';
import { blobsStoreName } from '../receiver/store/blobs.ts';
import { type AudienceCounter, createAudienceCounter } from './counter.ts';
import { blobsAudienceStore } from './store/blobs.ts';

export function netlifyAudience(
  env: Env,
  blobs: () => Store = () => getStore({ name: blobsStoreName, consistency: 'strong' }),
): AudienceCounter {
  const store = storeSettingOf(env) === 'blobs' ? blobsAudienceStore(blobs()) : undefined;
  return createAudienceCounter({ env, store });
}
