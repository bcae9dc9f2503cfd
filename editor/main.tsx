import '@fontsource/inter/400.css';
import '@fontsource/inter/500.css';
import '@fontsource/inter/600.css';
import '@fontsource/inter/700.css';
import type { Config } from '@keystatic/core';
import { Keystatic } from '@keystatic/core/ui';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import orders from 'virtual:cms-orders';
import { makeConfig } from './keystatic.config.ts';

const config: Config = makeConfig(__CMS_STORAGE__, orders);

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <Keystatic
      config={config}
      appSlug={__CMS_APP_SLUG__ ? { envName: 'KEYSTATIC_GITHUB_APP_SLUG', value: __CMS_APP_SLUG__ } : undefined}
    />
  </StrictMode>,
);
