import ipaddr from 'ipaddr.js';

/**
 * How many messages one client address may send. The receiver asks only for requests that passed
 * the cheaper checks (method, type, size, origin, JSON), so a flood of rejected requests costs nothing.
 */
type RateDecision = { allowed: true } | { allowed: false; retryAfterSeconds: number };

export interface RateLimiter {
  take(key: string): Promise<RateDecision>;
}

/**
 * The key a client is counted under. An IPv6 subscriber is usually given a whole /64, so counting
 * each /128 address would let one visitor send from 2^64 addresses: IPv6 clients share the key of
 * their /64. An IPv4-mapped IPv6 address (`::ffff:192.0.2.1`, as Node reports IPv4 clients on a
 * dual-stack socket) counts as the IPv4 address it carries.
 */
export function rateKey(address: string | undefined): string {
  if (!address || !ipaddr.isValid(address)) return 'unknown';
  const parsed = ipaddr.process(address);
  if (parsed.kind() === 'ipv4') return parsed.toString();
  const prefix = (parsed as ipaddr.IPv6).parts.slice(0, 4);
  return `${prefix.map((part) => part.toString(16)).join(':')}::/64`;
}
const rateWindowMs = 10 * 60 * 1000;

export interface MemoryRateLimiterOptions {
  limit: number;
  windowMs?: number;
  now?: () => number;
  /** Addresses remembered at most; the least recently seen are forgotten first, so memory stays bounded. */
  maxKeys?: number;
}

/**
 * A sliding window kept in memory: per process on Node, per isolate or instance at the edge (each
 * one counts on its own; each host's README under src/hosts/ says what it adds).
 */
export function memoryRateLimiter({
  limit,
  windowMs = rateWindowMs,
  now = Date.now,
  maxKeys = 10_000,
}: MemoryRateLimiterOptions): RateLimiter {
  const hits = new Map<string, number[]>();
  return {
    async take(key) {
      const time = now();
      const recent = (hits.get(key) ?? []).filter((at) => at > time - windowMs);
      // Re-inserting moves the key to the end: Map order is then least recently seen first.
      hits.delete(key);
      if (recent.length >= limit) {
        hits.set(key, recent);
        const oldest = recent[0] ?? time;
        return { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil((oldest + windowMs - time) / 1000)) };
      }
      recent.push(time);
      hits.set(key, recent);
      if (hits.size > maxKeys) {
        const first = hits.keys().next();
        if (!first.done) hits.delete(first.value);
      }
      return { allowed: true };
    },
  };
}

/** Cloudflare's Rate Limiting binding (`env.CONTACT_RATE_LIMITER`): the shape of its one method. */
export interface RateLimitBinding {
  limit(options: { key: string }): Promise<{ success: boolean }>;
}

export function isRateLimitBinding(value: unknown): value is RateLimitBinding {
  return typeof value === 'object' && value !== null && typeof (value as RateLimitBinding).limit === 'function';
}

/**
 * The binding's period is 10 or 60 seconds and is not visible from the code: Retry-After gives the
 * longer one, so a client that waits that long is never refused again for the same burst.
 */
export function bindingRateLimiter(binding: RateLimitBinding, retryAfterSeconds = 60): RateLimiter {
  return {
    async take(key) {
      const { success } = await binding.limit({ key });
      return success ? { allowed: true } : { allowed: false, retryAfterSeconds };
    },
  };
}
