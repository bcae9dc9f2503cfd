// Netlify finds its functions here and reads `config` in this file itself (statically); the function is src/hosts/netlify/api.ts.
export { default } from '../../src/hosts/netlify/api.ts';
export const config = { path: '/api/count' };
