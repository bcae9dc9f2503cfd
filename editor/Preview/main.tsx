import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { Preview } from './Preview.tsx';

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <Preview
      search={window.location.search}
      preview={__CMS_PREVIEW__}
      githubMode={Boolean(__CMS_STORAGE__.githubRepo)}
      live={__CMS_LIVE_PREVIEW__}
    />
  </StrictMode>,
);
