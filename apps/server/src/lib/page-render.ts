import { existsSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { FastifyBaseLogger } from 'fastify';
import { boundedCache } from './cache.ts';

/**
 * Pages rendered by the server (docs/decisions/0352): the web build's server entry (apps/web/src/entry-server.tsx,
 * built into dist/.ssr/) renders the pages its router marks, with the same components the browser then hydrates, and
 * the server writes that markup into the page's index.html. The page shows before the app's code has loaded.
 */

/** A page request, as the web build's server entry takes it. */
export interface PageRequest {
  /** Path and query. */
  url: string;
  /** The request's Cookie header ('' without). */
  cookie: string;
  origin: string;
  /** The viewport width the page is rendered for (the server cannot measure it: a phone's or a desktop's). */
  viewportWidth: number;
  /** The page's calls to the API (GET), answered in this process. */
  fetch(url: string, init: RequestInit): Promise<Response>;
}

/** The entry's answer: the markup of #root and of the head (the title, preloads), the page data, whether personal. */
interface RenderedPage {
  root: string;
  head: string;
  data: string;
  personal: boolean;
  /** The HTTP status (a build before pages said one answers without: 200). */
  status?: number;
}

type RenderPage = (request: PageRequest) => Promise<RenderedPage | null>;

/** The web build's server entry beside `webDist` (null for a build without one: the browser renders every page). */
export async function loadPageRenderer(webDist: string): Promise<RenderPage | null> {
  const file = path.join(webDist, '.ssr', 'entry-server.js');
  if (!existsSync(file)) return null;
  const entry = (await import(pathToFileURL(file).href)) as { renderPage?: RenderPage };
  return typeof entry.renderPage === 'function' ? entry.renderPage : null;
}

/** The viewport width a page is rendered for: a phone's when the browser says it is one, a desktop's otherwise. */
export function assumedViewportWidth(headers: Record<string, string | string[] | undefined>): number {
  const hint = headers['sec-ch-ua-mobile'];
  const ua = String(headers['user-agent'] ?? '');
  return hint === '?1' || /\b(Mobi|Android|iPhone|iPod)\b/.test(ua) ? PHONE_WIDTH : DESKTOP_WIDTH;
}
const PHONE_WIDTH = 412;
const DESKTOP_WIDTH = 1280;

/** Whether a Cookie header carries a login token (its page shows the clinician's data). */
export const carriesLogin = (cookie: string) => /(?:^|;\s*)hcp_token=[^;\s]/.test(cookie);

/**
 * index.html with the server's markup in it (the template: spaIndex's, for a rendered page). The parts go in through
 * functions: a '$' in a job's text is not a replacement pattern.
 */
export function pageHtml(template: string, page: RenderedPage): string {
  return (
    template
      // The page's own title replaces the built one.
      .replace(/<title>[^<]*<\/title>\n?/, (title) => (page.head.includes('<title>') ? '' : title))
      .replace('</head>', () => `  ${page.head}\n  </head>`)
      .replace(
        '<div id="root"></div>',
        () =>
          `<div id="root">${page.root}</div>\n    <script type="application/json" id="hcp-page-data">${page.data}</script>`,
      )
  );
}

/** A page the server rendered: its HTML, whether it is the clinician's own, the HTTP status to answer it with. */
export interface RenderedHtml {
  html: string;
  personal: boolean;
  status: number;
}

export interface PageRendering {
  /** The page's HTML, or null when the browser renders it (not a server-rendered page, a failure, too slow). */
  html(request: PageRequest): Promise<RenderedHtml | null>;
  /** Drops the kept public pages (jobs changed). */
  forget(): void;
}

/** Public pages kept, by origin, width and URL; each at most a minute (the jobs' changes drop them all). */
const KEPT_PAGES = 500;
const KEPT_MS = 60_000;
/** A page whose calls take longer is left to the browser (and kept for the next request when public). */
const RENDER_BUDGET_MS = 2_000;

export function pageRendering(opts: {
  render: RenderPage;
  /** index.html of a page the server renders (spaIndex's, without the app's chunks). */
  template: () => string;
  log: FastifyBaseLogger;
}): PageRendering {
  const kept = boundedCache<string, RenderedHtml>({ max: KEPT_PAGES, maxAgeMs: KEPT_MS });
  // A page rendered while jobs changed may show the old jobs: it is not kept.
  let generation = 0;

  const render = async (request: PageRequest): Promise<RenderedHtml | null> => {
    const started = generation;
    try {
      const page = await opts.render(request);
      if (!page) return null;
      const answer = { html: pageHtml(opts.template(), page), personal: page.personal, status: page.status ?? 200 };
      if (!page.personal && started === generation)
        kept.set(`${request.origin} ${request.viewportWidth} ${request.url}`, answer);
      return answer;
    } catch (err) {
      opts.log.error({ err, url: request.url }, 'page render failed');
      return null;
    }
  };

  return {
    async html(request) {
      const personal = carriesLogin(request.cookie);
      if (!personal) {
        const answer = kept.get(`${request.origin} ${request.viewportWidth} ${request.url}`);
        if (answer !== undefined) return answer;
      }
      let timer: NodeJS.Timeout | undefined;
      const late = new Promise<null>((resolve) => {
        timer = setTimeout(() => resolve(null), RENDER_BUDGET_MS);
      });
      try {
        return await Promise.race([render(request), late]);
      } finally {
        clearTimeout(timer);
      }
    },
    forget() {
      generation += 1;
      kept.clear();
    },
  };
}
