import './styles/global.css';
import { rememberCampaign } from './lib/campaign.ts';
import { startFirstCalls } from './app/first-calls.ts';

// The entry is small and runs before React and the app have loaded (index.html names their chunks, so they are
// fetched meanwhile): the page's first API calls leave at once instead of after the app's code.
// Before the first navigation replaces the landing address: its campaign must reach a later sign-up.
rememberCampaign(window.location.search);
startFirstCalls(window.location);
void import('./app/boot.tsx');
