import { StrictMode, startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { hydrate } from '@tanstack/react-query';
import { App } from './app.tsx';
import { readPageData } from './page-data.ts';
import { createQueryClient } from './providers.tsx';
import { createRouter, preloadFirstPage } from './router.tsx';
import { TOKEN_COOKIE, readCookie } from '../lib/cookies.ts';
import { hydrateViewport } from '../lib/render-env.ts';

const root = document.getElementById('root')!;
const queryClient = createQueryClient();
// A page the server rendered (entry-server.tsx) comes with the answers it was rendered from.
const page = readPageData(readCookie(TOKEN_COOKIE));
if (page) {
  hydrate(queryClient, page.queries);
  hydrateViewport(page.viewportWidth);
}
const app = (
  <StrictMode>
    <App queryClient={queryClient} router={createRouter({ serverRendered: page !== null })} />
  </StrictMode>
);

/** A new task: the browser may handle input and paint between the parts of the start-up. */
const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

async function start() {
  if (!page) {
    // The page's code first (already on its way), so the first render shows the page rather than a spinner.
    await preloadFirstPage(window.location);
    createRoot(root).render(app);
    return;
  }
  // The server's markup is on screen and usable: the start-up (this module with React, the page's module, the
  // hydration) runs in separate tasks, none of which keeps the browser from answering a tap for long. The hydration
  // itself is a transition, which React splits into short slices.
  await nextTask();
  await preloadFirstPage(window.location);
  await nextTask();
  // Taps are kept until the page has mounted, then tapped again (app/early-taps.ts, router.tsx).
  startTransition(() => {
    hydrateRoot(root, app);
  });
}
void start();
