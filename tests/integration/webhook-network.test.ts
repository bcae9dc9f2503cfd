// @vitest-environment node
/**
 * A webhook delivery over a real socket: a target that redirects, and a port nobody listens on; and what each answer
 * means for the next step (src/api/contact/delivery/post.ts: `temporary`, `refused`, `redirect`, `configuration`).
 * The rest of the deliveries, with a fetch in place of the network: tests/unit/receiver-delivery.test.ts.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import { contactReceiver } from '../../src/content/data/contact-receiver.ts';
import { DeliveryError } from '../../src/api/contact/delivery/post.ts';
import { webhookDelivery } from '../../src/api/contact/delivery/webhook.ts';
import { fakeFetch } from '../fixtures/fake-fetch.ts';
import { validLead } from '../fixtures/visitor.ts';
import { webhookStandIn } from './webhook-stand-in.ts';

const valid = validLead();

describe('webhook', () => {
  it('never follows a redirect: the message is not re-posted elsewhere, the delivery fails as a redirect, naming where it points', async () => {
    const other = await webhookStandIn(() => 200);
    const hook = await webhookStandIn(() => ({ status: 307, location: other.url('/volé') }));
    try {
      const error = await webhookDelivery({ url: hook.url(), text: contactReceiver.webhookText })(valid).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(DeliveryError);
      // The host only: a webhook's path often holds its token.
      expect((error as DeliveryError).message).toBe(`HTTP 307 → ${other.origin}`);
      expect((error as DeliveryError).kind).toBe('redirect');
      expect(hook.received).toHaveLength(1);
      expect(other.received).toEqual([]);
    } finally {
      await hook.close();
      await other.close();
    }
  });

  it('says what a failure calls for: no answer, 408, 429 and 5xx a retry; 3xx a redirect; any other 4xx a refusal, of that lead or, with a second one, of the setting', async () => {
    const outcome = async (status: number) => {
      const { fetcher } = fakeFetch(status);
      const error = await webhookDelivery({ url: 'https://hooks.example.org/abc', text: 't', fetch: fetcher })(valid).catch(
        (e: unknown) => e,
      );
      if (!(error instanceof DeliveryError)) return 'sent';
      return `${error.message} ${error.kind}`;
    };
    const statuses = [200, 201, 301, 302, 303, 307, 308, 400, 401, 403, 404, 408, 410, 422, 429, 500, 502, 503, 504];
    expect(await Promise.all(statuses.map(outcome))).toEqual([
      'sent',
      'sent',
      ...[301, 302, 303, 307, 308].map((status) => `HTTP ${status} redirect`),
      ...[400, 401, 403, 404].map((status) => `HTTP ${status} refused`),
      'HTTP 408 temporary',
      'HTTP 410 refused',
      'HTTP 422 refused',
      'HTTP 429 temporary',
      ...[500, 502, 503, 504].map((status) => `HTTP ${status} temporary`),
    ]);
    // Nobody listens: a network error, temporary.
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise((resolve) => closed.close(resolve));
    const refused = await webhookDelivery({ url: `http://127.0.0.1:${port}/hook`, text: 't' })(valid).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(DeliveryError);
    expect((refused as DeliveryError).kind).toBe('temporary');
  });
});
