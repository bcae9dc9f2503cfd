// @vitest-environment node
/**
 * A statement sent to the local D1 runtime (src/hosts/cloudflare/wrangler-d1.ts, src/hosts/cloudflare/local-request.ts) is sent again only when it never
 * reached it (the connection did not open in time, or was refused); any other failure comes back with undici's code.
 */
import { describe, expect, it } from 'vitest';
import { unsentRetried } from '../../src/hosts/cloudflare/local-request.ts';

const failure = (code: string) => Object.assign(new TypeError('fetch failed'), { cause: { code } });

describe('a statement to the local D1 runtime', () => {
  it('is sent again while its connection does not open, up to three times', async () => {
    const codes = ['UND_ERR_CONNECT_TIMEOUT', 'ECONNREFUSED'];
    let sent = 0;
    const answer = await unsentRetried(async () => {
      sent += 1;
      const code = codes.shift();
      if (code) throw failure(code);
      return 'lignes';
    });
    expect([answer, sent]).toEqual(['lignes', 3]);
    await expect(unsentRetried(() => Promise.reject(failure('UND_ERR_CONNECT_TIMEOUT')))).rejects.toThrow(
      'fetch failed (UND_ERR_CONNECT_TIMEOUT)',
    );
  });

  it('is not sent again when it may have run: a socket closed mid-way', async () => {
    let sent = 0;
    const send = () => {
      sent += 1;
      return Promise.reject(failure('UND_ERR_SOCKET'));
    };
    await expect(unsentRetried(send)).rejects.toThrow('fetch failed (UND_ERR_SOCKET)');
    expect(sent).toBe(1);
  });
});
