// @vitest-environment node
/**
 * A statement sent to the local D1 runtime (src/hosts/cloudflare/wrangler-d1.ts, src/hosts/cloudflare/local-request.ts) is sent again only when it never
 * reached it (the connection did not open in time, or was refused), or when it only reads and its connection was cut;
 * a write cut mid-way comes back with undici's code. At most a few are in flight at once.
 */
import { describe, expect, it } from 'vitest';
import { inFlightLimit, onlyReads, unsentRetried } from '../../src/hosts/cloudflare/local-request.ts';

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

  it('is sent again after a cut connection when it only reads', async () => {
    let sent = 0;
    const answer = await unsentRetried(async () => {
      sent += 1;
      if (sent === 1) throw failure('ECONNRESET');
      return 'lignes';
    }, onlyReads('SELECT id FROM leads WHERE day = ?'));
    expect([answer, sent]).toEqual(['lignes', 2]);
    expect(onlyReads('  with recent as (select id from leads) select * from recent')).toBe(true);
    expect(onlyReads('INSERT INTO leads (id) SELECT ?')).toBe(false);
    expect(onlyReads('UPDATE leads SET status = ? WHERE id = ?')).toBe(false);
  });

  it('is one of at most the limit in flight, the others waiting their turn', async () => {
    const limited = inFlightLimit(3);
    let running = 0;
    let most = 0;
    const done = await Promise.all(
      Array.from({ length: 20 }, (_, index) =>
        limited(async () => {
          running += 1;
          most = Math.max(most, running);
          await new Promise((resolve) => setImmediate(resolve));
          running -= 1;
          return index;
        }),
      ),
    );
    expect(done).toEqual(Array.from({ length: 20 }, (_, index) => index));
    expect(most).toBe(3);
  });

  it('is not sent again when it may have run: a write whose socket closed mid-way', async () => {
    let sent = 0;
    const send = () => {
      sent += 1;
      return Promise.reject(failure('UND_ERR_SOCKET'));
    };
    await expect(unsentRetried(send, onlyReads('INSERT INTO leads (id) VALUES (?)'))).rejects.toThrow('fetch failed (UND_ERR_SOCKET)');
    expect(sent).toBe(1);
  });
});
