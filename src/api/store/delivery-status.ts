/**
 * The delivery's own record, one per store, apart from any lead's (`delivery/status`): an incident that holds the
 * sending (../contact/notify.ts), the last lead refused alone (whose refusal the next lead explains), and since when
 * the receiver stores without notifying (store only). Changed by conditional writes only, so that of two senders
 * (isolates, instances) opening or ending one incident, one does.
 */
import * as v from 'valibot';
import { type Driver, readJson, update } from './driver.ts';

/** What an incident is: the provider refuses the setting, or the target redirects every lead elsewhere. */
export type PauseKind = 'configuration' | 'redirect';

/** An incident of the delivery itself: no lead is sent, and none loses an attempt, until it ends. */
export interface DeliveryPause {
  kind: PauseKind;
  /** When the incident began (ISO 8601). */
  since: string;
  /** Which delivery (`email Brevo`, `webhook`), as the log names it. */
  delivery: string;
  /** The provider's last answer. */
  reason: string;
  /** Answers of this kind met in a row: the step of the backoff. */
  failures: number;
  /** When sending is tried again (ISO 8601): by the leads' schedule, every 12 hours for a redirect; a new setting at once. */
  nextAt: string;
  /** A fingerprint of the setting in force when it opened: a new setting (a redeploy, a restart) ends it at once. */
  target: string;
}

/** The last lead a target refused (4xx) or redirected (3xx) while no other lead had shown whether the setting works. */
interface Refusal {
  id: string;
  kind: 'refused' | 'redirect';
  reason: string;
  at: string;
}

export interface DeliveryStatus {
  pause?: DeliveryPause;
  refusal?: Refusal;
  /** Since when (ISO 8601) the receiver stores leads without notifying anyone. */
  storeOnly?: string;
}

const statusValue = v.object({
  pause: v.optional(
    v.object({
      kind: v.optional(v.picklist(['configuration', 'redirect']), 'configuration'),
      since: v.string(),
      delivery: v.string(),
      reason: v.string(),
      failures: v.number(),
      nextAt: v.string(),
      target: v.optional(v.string(), ''),
    }),
  ),
  refusal: v.optional(v.object({ id: v.string(), kind: v.picklist(['refused', 'redirect']), reason: v.string(), at: v.string() })),
  storeOnly: v.optional(v.string()),
});

/** The record as stored; anything else reads as no record: a broken record never stops the sending. */
function parseDeliveryStatus(value: unknown): DeliveryStatus {
  const parsed = v.safeParse(statusValue, value);
  if (!parsed.success) return {};
  const { pause, refusal, storeOnly } = parsed.output;
  return { ...(pause ? { pause } : {}), ...(refusal ? { refusal } : {}), ...(storeOnly ? { storeOnly } : {}) };
}

/** A change of the record: the new one given the current one, or undefined to leave it. It may run more than once. */
export type DeliveryStatusChange = (current: DeliveryStatus) => DeliveryStatus | undefined;

export interface DeliveryStatusStore {
  read(): Promise<DeliveryStatus>;
  change(change: DeliveryStatusChange): Promise<{ before: DeliveryStatus; after: DeliveryStatus }>;
}

const key = 'delivery/status';

export function deliveryStatusStore(driver: Driver): DeliveryStatusStore {
  return {
    read: async () => parseDeliveryStatus(await readJson(driver, key)),
    async change(change) {
      let before: DeliveryStatus = {};
      let after: DeliveryStatus = {};
      await update<unknown>(driver, key, (current) => {
        before = parseDeliveryStatus(current);
        const next = change(before);
        after = next ?? before;
        return next;
      });
      return { before, after: parseDeliveryStatus(after) };
    },
  };
}
