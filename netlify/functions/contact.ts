// Netlify finds its functions here and reads `config` in this file itself (statically); the function is src/hosts/netlify/api.ts.
export { default } from '../../src/hosts/netlify/api.ts';
export const config = {
  path: '/api/contact',
  // Netlify's own limit, counted before the function runs and across its instances (sliding window,
  // per address and domain); the receiver's in-memory limit still applies within each instance.
  rateLimit: { windowLimit: 10, windowSize: 60, aggregateBy: ['ip', 'domain'] },
};
