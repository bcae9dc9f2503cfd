/** How ./wrangler-d1.ts sends a statement to the local D1 runtime (miniflare, over a loopback connection). */

/**
 * A request to the local runtime, again when it never reached it: on a busy machine the connection can take longer
 * than undici's 10 s to open. The statement did not run, so running it again cannot run it twice. Any other failure
 * is thrown with undici's reason (a socket closed mid-way may have run it).
 */
export async function unsentRetried<T>(send: () => Promise<T>, tries = 3): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await send();
    } catch (error) {
      const code = (error as { cause?: { code?: string } }).cause?.code;
      const unsent = code === 'UND_ERR_CONNECT_TIMEOUT' || code === 'ECONNREFUSED';
      if (!unsent || attempt >= tries) {
        throw new Error(`${error instanceof Error ? error.message : String(error)}${code ? ` (${code})` : ''}`);
      }
    }
  }
}
