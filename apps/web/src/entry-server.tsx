/**
 * The server's entry into the app (built by `vite build --ssr` into dist/.ssr/, loaded by apps/server's
 * lib/page-render.ts): renders a page the router marks as server-rendered with the same components the browser
 * hydrates, so the page shows before the app's code has loaded.
 *
 * The page's calls are answered by the server's own API (the request's cookie goes with them, as the browser would
 * send its token): the page is rendered, the calls its components asked for are made, and it is rendered again
 * with their answers, until no new call is asked (a job search asks for its results, then shows the first job's
 * details). A call that fails is left to the browser: the page shows it loading, as the browser's first render
 * would. The answers go into the page (app/page-data.ts) so the browser's first render is the server's.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import { StrictMode } from 'react';
import { prerender } from 'react-dom/static';
import { dehydrate, type Query, type QueryClient } from '@tanstack/react-query';
import { App } from './app/app.tsx';
import { writePageData } from './app/page-data.ts';
import { createQueryClient } from './app/providers.tsx';
import { createServerRouter, preloadFirstPage, serverRenderedAs } from './app/router.tsx';
import { TOKEN_COOKIE, readCookie } from './lib/cookies.ts';
import { renderOnServer, type ServerRequest } from './lib/render-env.ts';

export interface PageRequest extends ServerRequest {
  /** The page's path and query ('/job-search?professionId=13'). */
  url: string;
}

export interface RenderedPage {
  /** The markup of #root. */
  root: string;
  /** The text of the page data block. */
  data: string;
  /** What goes into the document's head: the page's title, preloads of its images. */
  head: string;
  /** Whether the page shows a clinician's own data (never cached, never shared). */
  personal: boolean;
  /** The HTTP status to answer with (a page may say it names nothing: 404). */
  status: number;
}

/** Renders of one page at most: each one takes the answers of the calls the previous one asked for. */
const MAX_RENDERS = 4;

const current = new AsyncLocalStorage<ServerRequest>();
renderOnServer(() => {
  const request = current.getStore();
  if (!request) throw new Error('the app read the request outside of a server render');
  return request;
});

const enabled = (query: Query) => {
  const option = (query.options as { enabled?: boolean | ((q: Query) => boolean) }).enabled;
  return typeof option === 'function' ? option(query) : option !== false;
};

async function renderToString(client: QueryClient, url: string): Promise<string> {
  let failure: unknown = null;
  const { prelude } = await prerender(
    <StrictMode>
      <App queryClient={client} router={createServerRouter(url)} />
    </StrictMode>,
    {
      // Every part inline, in order: React would otherwise move a large part to the end of the page with a script
      // that puts it in place (the CSP runs no inline script, and the page must show without any).
      progressiveChunkSize: Number.POSITIVE_INFINITY,
      onError(error) {
        failure ??= error;
      },
    },
  );
  const html = await new Response(prelude).text();
  // A part that failed would be rendered by the browser instead, and differently: the browser renders the page.
  if (failure) throw failure instanceof Error ? failure : new Error(String(failure));
  return html;
}

/** The page at `request.url` rendered, or null when the browser renders that page itself. */
export async function renderPage(request: PageRequest): Promise<RenderedPage | null> {
  let status = 200;
  const setStatus = (code: number) => {
    status = code;
  };
  return current.run({ ...request, setStatus }, async () => {
    const { pathname } = new URL(request.url, 'http://localhost');
    const token = readCookie(TOKEN_COOKIE);
    const rendered = serverRenderedAs(pathname);
    if (rendered === null || (rendered === 'signed-in' && !token)) return null;
    await preloadFirstPage({ pathname });
    const client = createQueryClient();
    client.setDefaultOptions({ queries: { ...client.getDefaultOptions().queries, retry: false } });
    const asked = new Set<string>();
    let html = '';
    for (let i = 0; i < MAX_RENDERS; i++) {
      // The last render, the one sent, says the status.
      status = 200;
      html = await renderToString(client, request.url);
      const cache = client.getQueryCache();
      const next = cache.getAll().filter((q) => q.state.status === 'pending' && enabled(q) && !asked.has(q.queryHash));
      if (next.length === 0) break;
      await Promise.all(
        next.map(async (q) => {
          asked.add(q.queryHash);
          // A failed call is left to the browser: the next render shows it loading, as the browser's first would.
          await q.fetch().catch(() => cache.remove(q));
        }),
      );
    }
    // React writes what belongs in the document's head (the page's <title>, preloads of its images) before the
    // markup: it goes into the head.
    const head = /^(?:<title>[^<]*<\/title>|<(?:link|meta)\b[^>]*>)*/.exec(html)![0];
    return {
      head,
      root: html.slice(head.length),
      data: writePageData({ viewportWidth: request.viewportWidth, queries: dehydrate(client) }, token),
      personal: token !== '',
      status,
    };
  });
}
