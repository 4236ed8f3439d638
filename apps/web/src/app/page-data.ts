import { hashKey, type DehydratedState } from '@tanstack/react-query';

/**
 * What a page the server rendered carries for the browser to hydrate it: the answers its markup was rendered from
 * (the query cache, dehydrated) and the viewport width it was rendered for. It travels in a JSON data block
 * (`<script type="application/json">`, which the browser never runs, so the CSP's script-src is not involved).
 *
 * Query keys of a clinician's calls hold the login token; the page does not carry it: the server writes a marker in
 * its place and the browser puts back the token of its own cookie (the same one the server read).
 */
export const PAGE_DATA_ID = 'hcp-page-data';

export interface PageData {
  viewportWidth: number;
  queries: DehydratedState;
}

const TOKEN_MARK = '(login token)';

function mapKeys(state: DehydratedState, map: (part: unknown) => unknown): DehydratedState {
  return {
    ...state,
    queries: state.queries.map((q) => {
      const queryKey = q.queryKey.map(map);
      return { ...q, queryKey, queryHash: hashKey(queryKey) };
    }),
  };
}

/** The page data as the text of its data block: no '<' in it, so nothing in an answer can end the block. */
export function writePageData(data: PageData, token: string): string {
  const queries = token ? mapKeys(data.queries, (part) => (part === token ? TOKEN_MARK : part)) : data.queries;
  return JSON.stringify({ ...data, queries }).replace(/</g, '\\u003c');
}

/** The page data of the page the browser is showing, with the cookie's token back in the keys; null without. */
export function readPageData(token: string): PageData | null {
  const text = document.getElementById(PAGE_DATA_ID)?.textContent;
  if (!text) return null;
  try {
    const data = JSON.parse(text) as PageData;
    const queries = mapKeys(data.queries, (part) => (part === TOKEN_MARK ? token : part));
    // The answers count as fresh from now: they are as current as the page (a kept public page is dropped when jobs
    // change), and the browser's clock need not agree with the server's (ahead, it would ask for all of them again).
    const now = Date.now();
    return {
      ...data,
      queries: {
        ...queries,
        queries: queries.queries.map((q) => ({ ...q, state: { ...q.state, dataUpdatedAt: now } })),
      },
    };
  } catch {
    return null;
  }
}
