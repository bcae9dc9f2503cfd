// @vitest-environment node
/**
 * A webhook delivery over a real socket: a target that redirects, and a port nobody listens on. The rest of
 * the deliveries, with a fetch in place of the network: tests/unit/receiver-delivery.test.ts.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import { contactReceiver } from '../../src/content/data/contact-receiver.ts';
import { DeliveryError, webhookDelivery } from '../../src/api/contact/deliveries.ts';
import { fakeFetch } from '../fixtures/fake-fetch.ts';
import { validLead } from '../fixtures/visitor.ts';

const valid = validLead();

describe('webhook', () => {
  it('never follows a redirect: the message is not re-posted elsewhere, the delivery fails', async () => {
    const elsewhere: string[] = [];
    const other = createServer((request, response) => {
      elsewhere.push(request.url ?? '');
      response.writeHead(200).end('{}');
    });
    await new Promise<void>((resolve) => other.listen(0, '127.0.0.1', resolve));
    const hook = createServer((_request, response) => {
      response.writeHead(307, { Location: `http://127.0.0.1:${(other.address() as AddressInfo).port}/volé` }).end();
    });
    await new Promise<void>((resolve) => hook.listen(0, '127.0.0.1', resolve));
    try {
      const url = `http://127.0.0.1:${(hook.address() as AddressInfo).port}/hook`;
      await expect(webhookDelivery({ url, text: contactReceiver.webhookText })(valid)).rejects.toThrow('HTTP 307');
      expect(elsewhere).toEqual([]);
    } finally {
      hook.close();
      other.close();
    }
  });

  it('says whether a failure is worth a retry: no answer, 408, 429 and 5xx are temporary; 401, 403, 404, 410 a broken delivery; 3xx and other 4xx final', async () => {
    const outcome = async (status: number) => {
      const { fetcher } = fakeFetch(status);
      const error = await webhookDelivery({ url: 'https://hooks.example.org/abc', text: 't', fetch: fetcher })(valid).catch((e) => e);
      if (!(error instanceof DeliveryError)) return 'sent';
      return `${error.message} ${error.configuration ? 'configuration' : error.final ? 'final' : 'temporary'}`;
    };
    const statuses = [200, 201, 301, 302, 303, 307, 308, 400, 401, 403, 404, 408, 410, 422, 429, 500, 502, 503, 504];
    expect(await Promise.all(statuses.map(outcome))).toEqual([
      'sent',
      'sent',
      ...[301, 302, 303, 307, 308, 400].map((status) => `HTTP ${status} final`),
      ...[401, 403, 404].map((status) => `HTTP ${status} configuration`),
      'HTTP 408 temporary',
      'HTTP 410 configuration',
      'HTTP 422 final',
      'HTTP 429 temporary',
      ...[500, 502, 503, 504].map((status) => `HTTP ${status} temporary`),
    ]);
    // Nobody listens: a network error, temporary.
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise((resolve) => closed.close(resolve));
    const refused = await webhookDelivery({ url: `http://127.0.0.1:${port}/hook`, text: 't' })(valid).catch((e) => e);
    expect(refused).toBeInstanceOf(DeliveryError);
    expect((refused as DeliveryError).final).toBe(false);
  });
});
