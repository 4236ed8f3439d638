import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';

interface RoutePreloads {
  [route: string]: { js: string[]; css: string[] };
}

const escapeRe = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** A client route ('/careers/find-a-job/:jobId') as a case-insensitive matcher of URL paths. */
function routeMatcher(route: string): RegExp {
  const body = route
    .split('/')
    .map((part) => (part.startsWith(':') ? '[^/]+' : escapeRe(part)))
    .join('/');
  return new RegExp(`^${body === '' ? '/' : body}/?$`, 'i');
}

/** index.html for a path: for the browser to render, or as the frame of a page the server renders. */
export type SpaIndex = (urlPath: string, opts?: { rendered?: boolean }) => string;

/**
 * index.html for a client route: the built page with preload hints for the chunks that route's page needs
 * (apps/web writes them to .vite/route-preloads.json), so the browser fetches them with the entry instead of
 * after it has run. Pages without hints (or a build without the file) get index.html as built.
 *
 * A page the server renders gets index.html without the app's chunks (.vite/app-chunks.json) and without its page's:
 * it shows without them, and the entry loads them once it has painted; only the entry's own imports are named.
 */
export function spaIndex(webDist: string): SpaIndex {
  const html = readFileSync(path.join(webDist, 'index.html'), 'utf8');
  const file = path.join(webDist, '.vite/route-preloads.json');
  const preloads: RoutePreloads = existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as RoutePreloads) : {};
  const appFile = path.join(webDist, '.vite/app-chunks.json');
  const appChunks = existsSync(appFile) ? (JSON.parse(readFileSync(appFile, 'utf8')) as string[]) : [];
  const rendered = appChunks.reduce(
    (page, f) => page.replace(new RegExp(`\\n\\s*<link rel="modulepreload" crossorigin href="/${escapeRe(f)}">`), ''),
    html,
  );
  const routes = Object.entries(preloads)
    .filter(([route]) => route.startsWith('/'))
    .map(([route, files]) => {
      const tags = [
        ...files.css.map((f) => `<link rel="stylesheet" crossorigin href="/${f}">`),
        ...files.js.map((f) => `<link rel="modulepreload" crossorigin href="/${f}">`),
      ];
      return {
        match: routeMatcher(route),
        html: tags.length ? html.replace('</head>', `    ${tags.join('\n    ')}\n  </head>`) : html,
      };
    });
  return (urlPath, opts) => (opts?.rendered ? rendered : (routes.find((r) => r.match.test(urlPath))?.html ?? html));
}
