// Netlify finds its functions here and reads `config` in this file itself (statically); the function is in src/hosts/netlify/functions/.
export { default } from '../../src/hosts/netlify/functions/contact-notify.ts';
export const config = { schedule: '* * * * *' };
