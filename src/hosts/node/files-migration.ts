/**
 * LEADS_DIR as versions before the key-value store wrote it: one `<id>.json` per lead at the top of the folder, its
 * state in `notifications/` (`<id>.sent`, `<id>.failed`, `<id>.spam`, `<id>.<attempts>.<next ms>.pending`). At the
 * server's start, each such lead becomes the record of ./files-driver.ts's layout (its state kept, a pending one due
 * again), then its old files move to `ancien-format/`, kept for the operator: no lead is left unlisted by an update.
 * The audience's daily totals move to their new folder likewise.
 */
import { mkdir, readdir, readFile, rename } from 'node:fs/promises';
import path from 'node:path';
import type { Driver } from '../../api/store/driver.ts';
import { firstNotification, type LeadRecord, type Notification, receivedAtOf, storedFields } from '../../api/store/lead.ts';
import * as v from 'valibot';

const read = (file: string) => readFile(file, 'utf8').catch(() => undefined);

/** The state the old `notifications/` names gave a lead. */
async function stateOf(dir: string, id: string, receivedAt: string, names: readonly string[]): Promise<Notification> {
  const mine = names.filter((name) => name.startsWith(`${id}.`));
  const json = async (name: string) => {
    try {
      return JSON.parse((await read(path.join(dir, 'notifications', name))) ?? '');
    } catch {
      return {};
    }
  };
  if (mine.includes(`${id}.sent`))
    return { state: 'sent', at: ((await read(path.join(dir, 'notifications', `${id}.sent`))) ?? '').trim() || receivedAt };
  if (mine.includes(`${id}.failed`)) {
    const failed = await json(`${id}.failed`);
    return {
      state: 'failed',
      attempts: Number(failed.attempts) || 0,
      at: String(failed.at ?? receivedAt),
      reason: String(failed.reason ?? ''),
    };
  }
  if (mine.includes(`${id}.spam`)) {
    const spam = await json(`${id}.spam`);
    return { state: 'spam', reasons: Array.isArray(spam.reasons) ? spam.reasons.map(String) : [], at: String(spam.at ?? receivedAt) };
  }
  const markers = mine.flatMap((name) => {
    const match = /^[^.]+\.(\d{1,4})\.(\d{1,15})\.pending$/.exec(name);
    return match ? [{ attempts: Number(match[1]), nextAt: new Date(Number(match[2])).toISOString() }] : [];
  });
  const latest = markers.sort((a, b) => b.attempts - a.attempts)[0];
  return latest ? { state: 'pending', ...latest } : firstNotification(receivedAt);
}

/** Carries the old layout's leads over; resolves with how many. */
export async function migrateOldLeads(dir: string, driver: Driver): Promise<number> {
  const top = await readdir(dir).catch(() => [] as string[]);
  const ids = top.filter((name) => name.endsWith('.json') && !name.startsWith('.')).map((name) => name.slice(0, -'.json'.length));
  const old = ids.filter((id) => receivedAtOf(id) !== undefined);
  if (old.length === 0) return 0;
  const names = await readdir(path.join(dir, 'notifications')).catch(() => [] as string[]);
  const kept = path.join(dir, 'ancien-format');
  await mkdir(kept, { recursive: true, mode: 0o700 });
  for (const id of old) {
    const receivedAt = receivedAtOf(id) ?? '';
    let stored: Record<string, unknown>;
    try {
      stored = JSON.parse((await read(path.join(dir, `${id}.json`))) ?? '');
    } catch {
      continue;
    }
    const fields = v.safeParse(storedFields, stored);
    if (!fields.success) continue;
    const notification = await stateOf(dir, id, receivedAt, names);
    const review = Array.isArray(stored.review) ? { review: stored.review.map(String) } : {};
    const record: LeadRecord = { ...fields.output, receivedAt, ...review, notification };
    const key = notification.state === 'spam' ? `spam/${id}.judged` : `lead/${id}`;
    if (notification.state === 'pending') {
      await driver.set(`due/${String(Date.parse(notification.nextAt)).padStart(15, '0')}/${id}`, '1');
    }
    await driver.set(key, JSON.stringify(record), { absent: true });
    await rename(path.join(dir, `${id}.json`), path.join(kept, `${id}.json`));
  }
  await rename(path.join(dir, 'notifications'), path.join(kept, 'notifications')).catch(() => undefined);
  return old.length;
}

/** The audience's totals as earlier versions filed them (`days/<day>.json`, the same totals): moved to `day/`. */
export async function migrateOldAudience(dir: string): Promise<void> {
  const names = await readdir(path.join(dir, 'days')).catch(() => [] as string[]);
  if (names.length === 0) return;
  await mkdir(path.join(dir, 'day'), { recursive: true, mode: 0o700 });
  for (const name of names.filter((file) => /^\d{4}-\d{2}-\d{2}\.json$/.test(file))) {
    await rename(path.join(dir, 'days', name), path.join(dir, 'day', name));
  }
}
