/** A fetch for the deliveries' tests, in place of the network. */
import { vi } from 'vitest';

interface Sent {
  url: string;
  headers: Record<string, string>;
  body: unknown;
}

/** A fetch that records what it is sent and answers with `status`. */
export function fakeFetch(status: number) {
  const sent: Sent[] = [];
  const fetcher = vi.fn(async (input: string | URL | Request, init?: RequestInit) => {
    sent.push({
      url: String(input),
      headers: Object.fromEntries(new Headers(init?.headers).entries()),
      body: JSON.parse(String(init?.body)),
    });
    return new Response('{}', { status });
  });
  return { fetcher: fetcher as unknown as typeof fetch, sent };
}
