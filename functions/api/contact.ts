// Cloudflare Pages routes /api/contact to this file and reads its exports' names without bundling it, so they are
// named here; the function is src/hosts/cloudflare/api.ts, the same for every route of /api/.
export { onRequest } from '../../src/hosts/cloudflare/api.ts';
