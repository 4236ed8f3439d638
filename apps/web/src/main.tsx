import './styles/global.css';
import { rememberCampaign } from './lib/campaign.ts';
import { keepEarlyTaps } from './app/early-taps.ts';
import { startFirstCalls } from './app/first-calls.ts';

// The entry is small and runs before React and the app have loaded: the page's first API calls leave at once
// instead of after the app's code.
// Before the first navigation replaces the landing address: its campaign must reach a later sign-up.
rememberCampaign(window.location.search);

const start = async (rendered: boolean) => {
  startFirstCalls(window.location, rendered);
  if (rendered) {
    // React's chunk is evaluated in a task of its own and the app's code in the next, so the page, on screen already,
    // is not blocked for both at once (each is a long task on a phone).
    await import('react-dom/client');
    await new Promise<void>((resolve) => setTimeout(resolve, 0));
  }
  await import('./app/boot.tsx');
};

// A page the server rendered (src/entry-server.tsx) is complete without the app: the browser paints it first, and
// only then does the app's code load (index.html names none of it for such a page), so nothing competes with the page
// and its stylesheet for the connection before that paint. A hidden tab paints nothing until it is shown: it loads at
// once. Other pages load the app at once; index.html has named its chunks, which are already on their way.
if (document.getElementById('root')?.hasChildNodes()) {
  keepEarlyTaps();
  if (document.visibilityState === 'visible') requestAnimationFrame(() => setTimeout(() => void start(true), 0));
  else void start(true);
} else void start(false);
