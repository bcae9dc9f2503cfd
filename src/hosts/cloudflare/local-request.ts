/** How ./wrangler-d1.ts sends a statement to the local D1 runtime (miniflare, over a loopback connection). */

/** Connection failures after which the statement cannot have run: it was never sent. */
const unsentCodes = new Set(['UND_ERR_CONNECT_TIMEOUT', 'ECONNREFUSED']);
/** Connection failures mid-way: a read can be sent again, a write may already have run. */
const cutCodes = new Set(['ECONNRESET', 'UND_ERR_SOCKET']);

/**
 * A statement sent to the local runtime, again (up to `tries` times) when it never reached it (on a busy machine the
 * connection can take longer than undici's 10 s to open), or when the connection was cut and the statement only
 * reads (`repeatable`). Any other failure is thrown with undici's code: a write cut mid-way is never sent twice.
 */
export async function unsentRetried<T>(send: () => Promise<T>, repeatable = false, tries = 3): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await send();
    } catch (error) {
      const code = (error as { cause?: { code?: string } }).cause?.code ?? '';
      const again = unsentCodes.has(code) || (repeatable && cutCodes.has(code));
      if (!again || attempt >= tries) {
        throw new Error(`${error instanceof Error ? error.message : String(error)}${code ? ` (${code})` : ''}`);
      }
    }
  }
}

/** Whether a statement only reads (`SELECT …`, `WITH … SELECT`): sending it twice changes nothing. */
export const onlyReads = (sql: string) => /^\s*(select|with)\b/i.test(sql) && !/\b(insert|update|delete|replace)\b/i.test(sql);

/**
 * At most `max` statements in flight to the local runtime: 50 posts at once, each with several statements, opened
 * enough connections that workerd reset some (ECONNRESET) on a busy machine. The others wait their turn.
 */
export function inFlightLimit(max: number): <T>(send: () => Promise<T>) => Promise<T> {
  let running = 0;
  const waiting: (() => void)[] = [];
  return async (send) => {
    if (running >= max) await new Promise<void>((resolve) => waiting.push(resolve));
    running += 1;
    try {
      return await send();
    } finally {
      running -= 1;
      waiting.shift()?.();
    }
  };
}
