/**
 * The notification of a stored lead (email through Brevo or webhook), a step apart from storing it:
 * the visitor's answer never waits on it. A lead whose notification failed stays « à notifier » in its
 * store and is sent again by `retryPending`, which each host calls at the next request, at start-up and,
 * where the host has one, on a schedule. A claim in the store keeps two senders (requests, isolates,
 * instances) from sending the same lead: each lead goes out once. Only a sender that stops between the
 * provider's answer and the store's update (a crash) can leave a lead to be sent again after the claim
 * expires.
 */
import type { Deliver } from './receiver.ts';
import type { LeadStore, StoredLead } from './store/lead-store.ts';

/** Longer than a provider's timeout (10 s, deliveries.ts): a live sender's claim never expires under it. */
const claimMs = 2 * 60 * 1000;
/** Leads retried per pass: a pass stays short on hosts that bound a request's background work. */
const retryBatch = 20;

export interface NotificationsOptions {
  store: LeadStore;
  send: Deliver;
  now?: () => Date;
}

export interface Notifications {
  /** Sends this lead's notification unless it went out already or another sender holds it; true when sent now. */
  notify(lead: StoredLead): Promise<boolean>;
  /** Sends the pending leads; concurrent calls share one pass. Resolves with the number sent. */
  retryPending(): Promise<number>;
}

export function createNotifications({ store, send, now = () => new Date() }: NotificationsOptions): Notifications {
  async function attempt(lead: StoredLead): Promise<'sent' | 'taken' | 'failed'> {
    const start = now();
    if (!(await store.claim(lead.id, start, new Date(start.getTime() + claimMs)))) return 'taken';
    try {
      await send(lead);
    } catch {
      await store.release(lead.id);
      return 'failed';
    }
    await store.markNotified(lead.id, now());
    return 'sent';
  }

  let pass: Promise<number> | undefined;
  async function retry(): Promise<number> {
    let sent = 0;
    for (const lead of (await store.pending()).slice(0, retryBatch)) {
      const result = await attempt(lead);
      // The provider is still down: the rest waits for the next pass.
      if (result === 'failed') break;
      if (result === 'sent') sent += 1;
    }
    return sent;
  }

  return {
    notify: async (lead) => (await attempt(lead)) === 'sent',
    retryPending() {
      pass ??= retry().finally(() => {
        pass = undefined;
      });
      return pass;
    },
  };
}
