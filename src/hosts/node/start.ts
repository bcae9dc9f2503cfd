/**
 * `npm start`: builds the site with the contact receiver on (`VITE_CONTACT_ENDPOINT=/api/contact`,
 * unless another endpoint is set) and its leads in LEADS_DIR (`CONTACT_STORE=files`, what the GDPR notice
 * then says), then serves dist/ and `/api/contact` from one Node server.
 * A script rather than `VAR=value` in package.json, which Windows shells do not understand.
 */
import { spawnSync } from 'node:child_process';
import { siteReceiverPath } from '../../contact/settings.ts';

const env = {
  ...process.env,
  VITE_CONTACT_ENDPOINT: process.env.VITE_CONTACT_ENDPOINT?.trim() || siteReceiverPath,
  CONTACT_STORE: process.env.CONTACT_STORE?.trim() || 'files',
};
const build = spawnSync('npm', ['run', 'build'], { stdio: 'inherit', env, shell: process.platform === 'win32' });
if (build.status !== 0) process.exit(build.status ?? 1);
await import('./serve.ts');
