/**
 * What the app reads from the browser, and what the server gives it instead when it renders a page
 * (src/entry-server.tsx): the cookies, the API, the page's origin and a viewport width. The server cannot measure
 * the viewport, so it renders for a width it assumes (a phone's or a desktop's, from the request); while the
 * browser hydrates that markup, media queries answer for the same width (`useMediaQuery`'s server snapshot), and
 * React renders again with the real one once the page has hydrated.
 */
export interface ServerRequest {
  /** The request's Cookie header ('' without). */
  cookie: string;
  /** The page's origin, as the browser will see it ('https://portal.example.com'). */
  origin: string;
  /** The viewport width (CSS pixels) the page is rendered for. */
  viewportWidth: number;
  /** The portal's API, answered in the server's process. */
  fetch(url: string, init: RequestInit): Promise<Response>;
  /** Records the HTTP status the page is answered with (the render entry's; 200 unless a page says otherwise). */
  setStatus?(status: number): void;
}

let serverRequest: (() => ServerRequest) | null = null;
let hydratedWidth: number | null = null;

/** Called once by the server's render entry: the request being rendered (it keeps one per request). */
export function renderOnServer(current: () => ServerRequest): void {
  serverRequest = current;
}

/** The browser is about to hydrate markup the server rendered for this viewport width. */
export function hydrateViewport(width: number): void {
  hydratedWidth = width;
}

export const cookieString = (): string => (serverRequest ? serverRequest().cookie : document.cookie);

export const pageOrigin = (): string => (serverRequest ? serverRequest().origin : window.location.origin);

/**
 * Called while a page renders: the HTTP status the server answers it with when it renders it (a page naming what does
 * not exist says 404, so search engines drop the address rather than list the page). In the browser, nothing.
 */
export function answerPageWithStatus(status: number): void {
  serverRequest?.().setStatus?.(status);
}

export const apiFetch = (url: string, init: RequestInit): Promise<Response> =>
  serverRequest ? serverRequest().fetch(url, init) : fetch(url, init);

/**
 * Whether a width query (`(max-width: 800px)`, `(min-width: 801px)`) held for the page as the server rendered it:
 * the server snapshot of `useMediaQuery`, on the server and while the browser hydrates (false without a width).
 */
export function matchedWhenRendered(query: string): boolean {
  const width = serverRequest ? serverRequest().viewportWidth : hydratedWidth;
  const m = /^\((max|min)-width:\s*(\d+)px\)$/.exec(query.trim());
  if (width === null || !m) return false;
  return m[1] === 'max' ? width <= Number(m[2]) : width >= Number(m[2]);
}
