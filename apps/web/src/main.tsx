import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import './styles/global.css';
import { App } from './app/app.tsx';
import { rememberCampaign } from './lib/campaign.ts';

// Before the first navigation replaces the landing address: its campaign must reach a later sign-up.
rememberCampaign(window.location.search);

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
