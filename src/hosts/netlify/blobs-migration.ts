/**
 * The Netlify Blobs stores as versions before the key-value core wrote them: each lead at `leads/<id>`, its state in
 * `sent/<id>`, `failed/<id>` (JSON), `spam/<id>` (JSON) or `pending/<id>.<attempts>.<next ms>`; the audience's totals
 * at `audience/days/<day>`. At an instance's start, each such lead becomes its record of src/api/store/lead-store.ts
 * (its state kept, a pending one due again) and each day's totals its `day/<day>`; the old keys and the old memories
 * (claims, repeats, acknowledgements, digests) go. No lead is left unlisted, unnotified or past its purge by an update.
 */
import type { HostDriver } from '../../api/app.ts';
import { type Driver, getMany, removeMany } from '../../api/store/driver.ts';
import { fillTemplate } from '../../content/template.ts';
import { netlifyLines } from './lines.ts';
import { firstNotification, type LeadRecord, type Notification, receivedAtOf, storedFields } from '../../api/store/lead.ts';
import * as v from 'valibot';

const json = (value: string | undefined): Record<string, unknown> => {
  try {
    const parsed: unknown = JSON.parse(value ?? '');
    return typeof parsed === 'object' && parsed !== null ? (parsed as Record<string, unknown>) : {};
  } catch {
    return {};
  }
};

/** Carries the old layout over; resolves with how many leads. */
export async function migrateOldBlobs(leads: Driver, audience?: Driver): Promise<number> {
  const ids = (await leads.keys('leads/')).map((key) => key.slice('leads/'.length)).filter((id) => receivedAtOf(id));
  const pending = await leads.keys('pending/');
  for (const id of ids) {
    const receivedAt = receivedAtOf(id) ?? '';
    const [lead, sent, failed, spam] = await getMany(leads, [`leads/${id}`, `sent/${id}`, `failed/${id}`, `spam/${id}`]);
    const fields = v.safeParse(storedFields, json(lead?.value));
    if (!fields.success) continue;
    const markers = pending.flatMap((key) => {
      const match = new RegExp(`^pending/${id}\\.(\\d{1,4})\\.(\\d{1,15})$`).exec(key);
      return match ? [{ attempts: Number(match[1]), nextAt: new Date(Number(match[2])).toISOString() }] : [];
    });
    const old = json(failed?.value);
    const wasSpam = json(spam?.value);
    let notification: Notification;
    if (sent) notification = { state: 'sent', at: sent.value || receivedAt };
    else if (failed && 'reason' in old) {
      notification = {
        state: 'failed',
        attempts: Number(old.attempts) || 0,
        at: String(old.at ?? receivedAt),
        reason: String(old.reason),
      };
    } else if (spam && Array.isArray(wasSpam.reasons))
      notification = { state: 'spam', reasons: wasSpam.reasons.map(String), at: receivedAt };
    else {
      const latest = markers.sort((a, b) => b.attempts - a.attempts)[0];
      notification = latest ? { state: 'pending', ...latest } : firstNotification(receivedAt);
    }
    const review = json(lead?.value).review;
    const record: LeadRecord = {
      ...fields.output,
      receivedAt,
      ...(Array.isArray(review) ? { review: review.map(String) } : {}),
      notification,
    };
    if (notification.state === 'pending')
      await leads.set(`due/${String(Date.parse(notification.nextAt)).padStart(15, '0')}/${id}`, '1');
    await leads.set(notification.state === 'spam' ? `spam/${id}.judged` : `lead/${id}`, JSON.stringify(record), { absent: true });
    // The new layout's `failed/<id>` is an index entry: only the old record of that name goes.
    await removeMany(leads, [`leads/${id}`, `sent/${id}`, `spam/${id}`]);
    // A lead given up is named by the next digest, as one given up now: its old record gives way to the index entry.
    if (notification.state === 'failed') await leads.set(`failed/${id}`, '1');
  }
  const memories = await Promise.all(
    ['pending/', 'claims/', 'repeats/', 'repeats-key', 'acknowledgements/', 'digests/', 'reported/'].map((prefix) =>
      leads.keys(prefix),
    ),
  );
  await removeMany(leads, memories.flat());
  if (audience) {
    const days = await audience.keys('audience/days/');
    const values = await getMany(audience, days);
    for (const [index, key] of days.entries()) {
      const value = values[index]?.value;
      if (value !== undefined) await audience.set(`day/${key.slice('audience/days/'.length)}`, value, { absent: true });
    }
    await removeMany(audience, (await Promise.all(['audience/'].map((prefix) => audience.keys(prefix)))).flat());
  }
  return ids.length;
}

/** At an instance's start, before the API opens the stores: carried over, and said; a failure is said and tried again. */
export async function carryOldBlobs<D extends { leads?: HostDriver; audience?: HostDriver }>(drivers: D): Promise<D> {
  const usable = (driver: HostDriver | undefined) => (driver && !('problem' in driver) ? driver : undefined);
  const leads = usable(drivers.leads);
  if (!leads) return drivers;
  const carried = await migrateOldBlobs(leads, usable(drivers.audience)).catch((error: unknown) => {
    console.error(fillTemplate(netlifyLines.migrationFailed, { reason: String(error) }));
    return 0;
  });
  if (carried > 0) console.log(fillTemplate(netlifyLines.migrated, { count: String(carried) }));
  return drivers;
}
