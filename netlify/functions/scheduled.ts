// Netlify finds its functions here and reads `config` in this file itself (statically); the function is src/hosts/netlify/api.ts:
// every minute, the retry pass with the digest, and the purge once a day (its day kept in the Blobs store).
export { scheduled as default } from '../../src/hosts/netlify/api.ts';
export const config = { schedule: '* * * * *' };
