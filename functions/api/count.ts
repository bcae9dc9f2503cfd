// Cloudflare Pages routes /api/count to this file and reads its exports' names without bundling it, so they are
// named here; the function is src/hosts/cloudflare/functions/count.ts.
export { onRequest } from '../../src/hosts/cloudflare/functions/count.ts';
