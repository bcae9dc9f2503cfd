/**
 * The brand colours come from one file (src/site/styles/brand-colors.ts): the built favicon, manifest,
 * theme-color meta and stylesheet must all carry them, and the manifest must name the app as content/ says.
 */
import { describe, expect, test } from 'vitest';
import { seo } from '../../src/content/data/seo.ts';
import { brandColors } from '../../src/site/styles/brand-colors.ts';
import { inlineStyles, read } from './dist.ts';

const homeHtml = read('dist/index.html');

describe('brand colours and names in the built site', () => {
  test('the web manifest names the app from content/seo.json and uses the brand colours', () => {
    const manifest = JSON.parse(read('dist/site.webmanifest')) as Record<string, unknown>;
    expect(manifest.name).toBe(seo.appName);
    expect(manifest.short_name).toBe(seo.appName);
    expect(manifest.theme_color).toBe(brandColors.navy);
    expect(manifest.background_color).toBe(brandColors.white);
  });

  test('the favicon is the mark drawn in the brand colours, and only those', () => {
    const svg = read('dist/favicon.svg');
    expect(svg.startsWith('<svg xmlns="http://www.w3.org/2000/svg"')).toBe(true);
    const fills = new Set([...svg.matchAll(/fill="([^"]+)"/g)].map((match) => match[1]));
    expect(fills).toEqual(new Set([brandColors.navy, brandColors.white, brandColors.accent]));
  });

  test('every page tells the browser the brand navy as its theme colour', () => {
    expect(homeHtml).toContain(`<meta name="theme-color" content="${brandColors.navy}"/>`);
  });

  test('the stylesheet defines the theme with the same colours', () => {
    const css = inlineStyles(homeHtml).join('\n').toLowerCase();
    for (const colour of [brandColors.navy, brandColors.navyLight, brandColors.navyText, brandColors.accent]) {
      expect(css, colour).toContain(`:${colour}`);
    }
  });
});
