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

/**
 * Calls `go` once the browser reports the page's first contentful paint: the frame on the screen, not merely
 * drawn. (A task after the drawing frame could start the app's code some 30 ms before the frame showed; on a fast
 * connection React then loaded and ran first, and Lighthouse, seeing a script run before the paint, counted it as
 * holding the paint up: the page's LCP read 1.0 s or 1.9-2.3 s by that race.) Without paint timing, after the next
 * frame; and never later than three seconds, so a browser that reports no paint (or a tab hidden before its paint)
 * still starts the app, while a busy phone that paints late is still waited for.
 */
function afterFirstPaint(go: () => void): void {
  let started = false;
  const once = () => {
    if (started) return;
    started = true;
    go();
  };
  if (typeof PerformanceObserver === 'undefined' || !PerformanceObserver.supportedEntryTypes?.includes('paint')) {
    requestAnimationFrame(() => setTimeout(once, 0));
    return;
  }
  const observer = new PerformanceObserver((list) => {
    if (!list.getEntriesByName('first-contentful-paint').length) return;
    observer.disconnect();
    once();
  });
  observer.observe({ type: 'paint', buffered: true });
  setTimeout(() => {
    observer.disconnect();
    once();
  }, 3000);
}

// A page the server rendered (src/entry-server.tsx) is complete without the app: the browser paints it first, and
// only then does the app's code load (index.html names none of it for such a page), so nothing competes with the page
// and its stylesheet for the connection or the thread before that paint. A hidden tab paints nothing until it is
// shown: it loads at once. Other pages load the app at once; index.html has named their chunks, already on their way.
if (document.getElementById('root')?.hasChildNodes()) {
  keepEarlyTaps();
  if (document.visibilityState === 'visible') afterFirstPaint(() => void start(true));
  else void start(true);
} else void start(false);
