import { TOKEN_COOKIE } from '../cookies.ts';

/** The channel every open tab of the portal listens on for "the login changed". */
const CHANNEL = 'hcp-session';

interface CookieChange {
  changed?: readonly { name?: string }[];
  deleted?: readonly { name?: string }[];
}

/** The Cookie Store API where the browser has it (Chromium): it reports a cookie change, whoever made it. */
function cookieStore(): EventTarget | null {
  const store = (window as unknown as { cookieStore?: EventTarget }).cookieStore;
  return store && typeof store.addEventListener === 'function' ? store : null;
}

export interface SessionSignals {
  /** Tells the other tabs to look at the login cookie again (after a login, a logout or a session found ended). */
  announce(): void;
  stop(): void;
}

/**
 * Calls `onSignal` whenever the login may have changed outside this tab, so the tab can read the token cookie
 * again at once instead of showing a clinician's data after their session ended: a message from another tab
 * of the portal (BroadcastChannel), a change of the token cookie itself (the Cookie Store API, which also sees
 * a logout by another site of the agency on the cookie's domain), and the tab coming back into view. The
 * auth provider's periodic token watch covers browsers without the Cookie Store API.
 */
export function watchSessionSignals(onSignal: () => void): SessionSignals {
  const channel = typeof BroadcastChannel === 'function' ? new BroadcastChannel(CHANNEL) : null;
  const onMessage = () => onSignal();
  channel?.addEventListener('message', onMessage);

  const store = cookieStore();
  const onCookie = (e: Event) => {
    const { changed = [], deleted = [] } = e as Event & CookieChange;
    if ([...changed, ...deleted].some((c) => c.name === TOKEN_COOKIE)) onSignal();
  };
  store?.addEventListener('change', onCookie);

  const onVisible = () => {
    if (document.visibilityState === 'visible') onSignal();
  };
  window.addEventListener('focus', onSignal);
  document.addEventListener('visibilitychange', onVisible);

  return {
    announce: () => channel?.postMessage('changed'),
    stop: () => {
      channel?.removeEventListener('message', onMessage);
      channel?.close();
      store?.removeEventListener('change', onCookie);
      window.removeEventListener('focus', onSignal);
      document.removeEventListener('visibilitychange', onVisible);
    },
  };
}
