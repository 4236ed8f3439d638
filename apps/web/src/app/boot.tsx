import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app.tsx';
import { preloadFirstPage } from './router.tsx';

// The page's code first (already on its way), so the first render shows the page rather than a spinner.
void preloadFirstPage(window.location).then(() =>
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <App />
    </StrictMode>,
  ),
);
