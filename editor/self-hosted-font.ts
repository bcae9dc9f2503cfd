/**
 * Keystatic's interface renders `<link rel="stylesheet" href="https://fonts.googleapis.com/…Inter…">`, which
 * sends each editor's IP address to Google (a third party: consent needed, Munich regional court, 2022) and
 * logs errors offline. This plugin removes that element from Keystatic's code, both where Vite pre-bundles it
 * (dev server) and where it bundles it (`npm run cms:build`); the editor serves Inter itself (@fontsource/inter,
 * imported by main.tsx). It fails loudly if a Keystatic upgrade writes the element differently.
 */
import type { Plugin } from 'vite';

const googleFontsLink =
  /\/\*#__PURE__\*\/jsx\("link", \{\s*href: "https:\/\/fonts\.googleapis\.com\/css2\?family=Inter[^"]*",\s*rel: "stylesheet"\s*\}\)/;

export function withoutGoogleFonts(code: string, id: string): string | undefined {
  if (!code.includes('fonts.googleapis.com')) return undefined;
  if (!googleFontsLink.test(code)) {
    throw new Error(`${id} loads a font from Google in a form editor/self-hosted-font.ts does not know: update its pattern.`);
  }
  return code.replace(googleFontsLink, 'null');
}

/** The same transform, for Vite's build and for the dependency pre-bundling of its dev server. */
export function selfHostedFont(): Plugin {
  const transform = (code: string, id: string) => {
    if (!id.includes('@keystatic')) return undefined;
    const rewritten = withoutGoogleFonts(code, id);
    return rewritten === undefined ? undefined : { code: rewritten, map: null };
  };
  return {
    name: 'propllc-keystatic-self-hosted-font',
    enforce: 'pre',
    config: () => ({ optimizeDeps: { rolldownOptions: { plugins: [{ name: 'propllc-keystatic-self-hosted-font', transform }] } } }),
    transform,
  };
}
