/**
 * The audience counter on Cloudflare, over the leads' D1 database (CONTACT_STORE=d1, LEADS_DB). Without it,
 * nothing is counted and the endpoint still answers 204. Apart from ./netlify.ts: a Pages Function's bundle must
 * not pull in @netlify/blobs.
 */
import type { Env } from '../forms/delivery-settings.ts';
import { d1Binding } from '../receiver/store/d1.ts';
import { storeSettingOf } from '../forms/delivery-settings.ts';
import type { SqlRunner } from '../receiver/store/d1.ts';
import { type AudienceCounter, createAudienceCounter } from './counter.ts';
import { d1AudienceStore } from './store/d1.ts';

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
