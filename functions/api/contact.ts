// Cloudflare Pages routes /api/contact to this file and reads its exports' names without bundling it, so they are
// named here; the function is src/hosts/cloudflare/functions/contact.ts.
export { onRequest, onRequestPost } from '../../src/hosts/cloudflare/functions/contact.ts';
