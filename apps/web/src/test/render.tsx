// Component-test helpers: the providers a page needs, an API answered from a table, and the <dialog> methods jsdom
// lacks. Tests stub `fetch` (not the api modules), so they hold however the api layer calls the server.
import type { ReactElement } from 'react';
import { render } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { vi } from 'vitest';

export interface ApiCall {
  method: string;
  path: string;
  url: string;
  headers: Record<string, string>;
  body: unknown;
}

export type Answer = ((call: ApiCall) => Response | Promise<Response>) | object | string | number | boolean | null;

export const json = (body: unknown, status = 200) =>
  new Response(body === undefined ? null : JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json' },
  });

function readBody(init?: RequestInit): unknown {
  if (typeof init?.body !== 'string') return init?.body ?? null;
  try {
    return JSON.parse(init.body);
  } catch {
    return Object.fromEntries(new URLSearchParams(init.body));
  }
}

/**
 * Answers API calls from `routes`: the first key (e.g. 'POST auth/HcpSignUp' or 'Disciplines') that the call's
 * method and path (after /core/api/) start with. A value is sent as JSON; a function builds the Response. Every
 * call is recorded in the returned list; an unknown path answers 404.
 */
export function stubApi(routes: Record<string, Answer>): ApiCall[] {
  const calls: ApiCall[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string | URL | Request, init?: RequestInit) => {
      const url = String(input instanceof Request ? input.url : input);
      const method = (init?.method ?? 'GET').toUpperCase();
      const path = url.replace(/^.*?\/core\/api\//, '').split('?')[0]!;
      const headers = Object.fromEntries(new Headers(init?.headers).entries());
      const call: ApiCall = { method, path, url, headers, body: readBody(init) };
      calls.push(call);
      const key = Object.keys(routes).find((k) => {
        const [m, p] = k.includes(' ') ? k.split(' ', 2) : [null, k];
        return (!m || m === method) && path.toLowerCase().startsWith(p!.toLowerCase());
      });
      if (key === undefined) return json({ status: 404, code: 'not_found', message: 'Not found' }, 404);
      const answer = routes[key];
      return typeof answer === 'function'
        ? (answer as (c: ApiCall) => Response | Promise<Response>)(call)
        : json(answer);
    }),
  );
  return calls;
}

/** The router's current path, for tests that follow a navigation (screen.getByTestId('location')). */
function LocationProbe() {
  return (
    <span data-testid="location" hidden>
      {useLocation().pathname}
    </span>
  );
}

/** Renders `ui` inside a fresh query client and a router at `url` (matched against `path` when given). */
export function renderWithProviders(
  ui: ReactElement,
  { url = '/', path, state }: { url?: string; path?: string; state?: unknown } = {},
) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <MemoryRouter
        initialEntries={[
          { pathname: url.split('?')[0], search: url.includes('?') ? `?${url.split('?')[1]}` : '', state },
        ]}
      >
        <LocationProbe />
        {path ? (
          <Routes>
            <Route path={path} element={ui} />
            <Route path="*" element={<p>Left the page</p>} />
          </Routes>
        ) : (
          ui
        )}
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

/** jsdom has <dialog> without showModal/close: open and close by the attribute, as a browser shows it. */
export function polyfillDialog() {
  HTMLDialogElement.prototype.showModal ??= function (this: HTMLDialogElement) {
    this.setAttribute('open', '');
  };
  HTMLDialogElement.prototype.close ??= function (this: HTMLDialogElement) {
    this.removeAttribute('open');
  };
}

/** A viewport for the media-query hooks: `width` in CSS pixels, matched against (max-width) and (min-width) queries. */
export function setViewportWidth(width: number) {
  window.matchMedia = ((query: string) => {
    const max = /max-width:\s*(\d+)px/.exec(query);
    const min = /min-width:\s*(\d+)px/.exec(query);
    const matches = (!max || width <= Number(max[1])) && (!min || width >= Number(min[1])) && (!!max || !!min);
    return { matches, media: query, onchange: null, addEventListener: () => {}, removeEventListener: () => {} };
  }) as unknown as typeof window.matchMedia;
}
