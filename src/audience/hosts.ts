/**
 * The audience counter of each edge host, over the store its lead store uses: D1 (LEADS_DB) on Cloudflare,
 * Netlify Blobs on Netlify. Without the lead store (CONTACT_STORE unset, binding missing), nothing is counted and
 * the endpoint still answers 204.
 */
import type { Env } from '../forms/delivery-settings.ts';
import { d1Binding } from '../receiver/store/d1.ts';
import { storeSettingOf } from '../forms/delivery-settings.ts';
import type { SqlRunner } from '../receiver/store/d1.ts';
import { type AudienceCounter, createAudienceCounter } from './counter.ts';
import { d1AudienceStore } from './store/d1.ts';
import { blobsAudienceStore } from './store/blobs.ts';
import { getStore, type Store } from '@netlify/blobs';
import { blobsStoreName } from '../receiver/store/blobs.ts';

interface D1Binding {
  prepare(sql: string): { bind(...values: unknown[]): { all(): Promise<{ results: Record<string, unknown>[] }> } };
}

const isD1Binding = (value: unknown): value is D1Binding =>
  typeof value === 'object' && value !== null && typeof (value as D1Binding).prepare === 'function';

const bindingRunner =
  (db: D1Binding): SqlRunner =>
  async (sql, params) =>
    (
      await db
        .prepare(sql)
        .bind(...params)
        .all()
    ).results;

export function cloudflareAudience(env: Env): AudienceCounter {
  const binding = env[d1Binding];
  const store = storeSettingOf(env) === 'd1' && isD1Binding(binding) ? d1AudienceStore(bindingRunner(binding)) : undefined;
  return createAudienceCounter({ env, store });
}

export function netlifyAudience(
  env: Env,
  blobs: () => Store = () => getStore({ name: blobsStoreName, consistency: 'strong' }),
): AudienceCounter {
  const store = storeSettingOf(env) === 'blobs' ? blobsAudienceStore(blobs()) : undefined;
  return createAudienceCounter({ env, store });
}
