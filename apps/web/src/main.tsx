import '@fontsource-variable/inter';
// Hindi (issue 38): its @font-face rules name the Devanagari range, so the font file is fetched only
// where Devanagari is shown; Inter, first in --font-sans, keeps drawing the Latin letters
import '@fontsource-variable/noto-sans-devanagari';
import './index.css';
import { I18nProvider } from '@lingui/react';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App';
import { activate, i18n } from './i18n';
import { initialLocale } from './i18n/negotiate';

// The first paint waits for the visitor's language (its public catalog, one small chunk): a page
// never flashes English, or message ids, before switching.
// If even that chunk cannot load (twice: lazy-page.ts reloads once), the page still renders.
void activate(initialLocale())
  .catch((error: unknown) => {
    console.error('The language catalog did not load', error);
    i18n.loadAndActivate({ locale: 'en', messages: {} });
  })
  .then(() => {
    createRoot(document.getElementById('root')!).render(
      <StrictMode>
        <I18nProvider i18n={i18n}>
          <App />
        </I18nProvider>
      </StrictMode>,
    );
  });
