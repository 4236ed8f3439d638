import './styles/global.css';
import { rememberCampaign } from './lib/campaign.ts';
import { keepEarlyTaps } from './app/early-taps.ts';
import { startFirstCalls } from './app/first-calls.ts';

// The entry is small and runs before React and the app have loaded: the page's first API calls leave at once
// instead of after the app's code.
// Before the first navigation replaces the landing address: its campaign must reach a later sign-up.
rememberCampaign(window.location.search);

const start = (rendered: boolean) => {
  startFirstCalls(window.location, rendered);
  void import('./app/boot.tsx');
};

// A page the server rendered (src/entry-server.tsx) is complete without the app: the browser paints it first, and
// only then does the app's code load (index.html names none of it for such a page), so nothing competes with the page
// and its stylesheet for the connection before that paint. A hidden tab paints nothing until it is shown: it loads at
// once. Other pages load the app at once; index.html has named its chunks, which are already on their way.
if (document.getElementById('root')?.hasChildNodes()) {
  keepEarlyTaps();
  if (document.visibilityState === 'visible') requestAnimationFrame(() => setTimeout(() => start(true), 0));
  else start(true);
} else start(false);
