import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import {
  TOKEN_CHECK_INTERVAL_MS,
  TOKEN_REFRESH_THRESHOLD_SECONDS,
  emptyUserInfo,
  type Campaign,
  type SignUpRequest,
  type UserInfo,
} from '@hcp/contracts';
import { FORM_NAME_COOKIE, HUB_COOKIE, TOKEN_COOKIE, clearCookie, readCookie, writeCookie } from '../cookies.ts';
import { secondsUntilExpiry, tokenSubject } from '../jwt.ts';
import { watchSessionSignals, type SessionSignals } from './session-signals.ts';
import { setUnauthorizedHandler } from '../api-client.ts';
import { clearStepDrafts } from '../step-drafts.ts';
import {
  fetchUserInfo,
  hubLoginRequest,
  loginRequest,
  logoutRequest,
  refreshTokenRequest,
  signUpRequest,
  userInfoQueryKey,
} from './auth-api.ts';

interface AuthValue {
  token: string;
  isLoggedIn: boolean;
  /** Empty defaults until loaded (and when logged out). */
  user: UserInfo;
  userLoaded: boolean;
  login(email: string, password: string): Promise<void>;
  /** Creates the account; `campaign` is the visit's kept utm_* parameters, stored with it. */
  signUp(body: SignUpRequest, campaign?: Campaign): Promise<void>;
  /** Clears the token and cookies; `revoke` also ends the server session. */
  logout(opts?: { revoke?: boolean }): Promise<void>;
  refreshUser(): Promise<void>;
  /** Subscribers are told whenever the token goes away. Returns the unsubscribe function. */
  onLogout(listener: () => void): () => void;
}

const AuthContext = createContext<AuthValue | null>(null);

export function AuthProvider({ children }: { children: ReactNode }) {
  const queryClient = useQueryClient();
  const [token, setTokenState] = useState(() => readCookie(TOKEN_COOKIE));
  const listeners = useRef(new Set<() => void>());

  // The token this tab shows the page for; the cookie may change under it (another tab, another site).
  const shown = useRef(token);
  useEffect(() => {
    shown.current = token;
  }, [token]);
  const signals = useRef<SessionSignals | null>(null);

  const setToken = useCallback((value: string) => {
    if (value) writeCookie(TOKEN_COOKIE, value);
    else clearCookie(TOKEN_COOKIE);
    shown.current = value;
    setTokenState(value);
  }, []);

  /** Forgets the login in this tab: the clinician's answers leave the cache and logout subscribers hide their pages. */
  const clearLogin = useCallback(() => {
    clearCookie(TOKEN_COOKIE);
    clearCookie(HUB_COOKIE);
    clearCookie(FORM_NAME_COOKIE);
    shown.current = '';
    setTokenState('');
    queryClient.removeQueries({ predicate: (q) => q.queryKey[0] !== 'public' });
    // What a clinician typed and did not save stays with them, not with the next person at this browser.
    clearStepDrafts();
    for (const l of listeners.current) l();
    signals.current?.announce();
  }, [queryClient]);

  // The cookie is the login of every tab: when it went away the session ended elsewhere and this tab hides the
  // clinician's data at once; when another tab logged in, this one follows; another person's login replaces
  // what this tab held about the previous one. A refreshed token of the same person changes nothing here.
  const followCookie = useCallback(() => {
    const current = readCookie(TOKEN_COOKIE);
    const previous = shown.current;
    if (current === previous) return;
    if (!current) {
      clearLogin();
      return;
    }
    if (previous && tokenSubject(previous) === tokenSubject(current)) {
      shown.current = current;
      return;
    }
    if (previous) queryClient.removeQueries({ predicate: (q) => q.queryKey[0] !== 'public' });
    shown.current = current;
    setTokenState(current);
  }, [clearLogin, queryClient]);

  useEffect(() => {
    const watch = watchSessionSignals(followCookie);
    signals.current = watch;
    return () => {
      watch.stop();
      signals.current = null;
    };
  }, [followCookie]);

  // Any clinician call answered 401 means the session is over (ended elsewhere, or the cookie is gone).
  useEffect(() => {
    setUnauthorizedHandler(() => {
      if (shown.current) clearLogin();
    });
    return () => setUnauthorizedHandler(null);
  }, [clearLogin]);

  const userQuery = useQuery({
    queryKey: userInfoQueryKey(token),
    queryFn: fetchUserInfo,
    enabled: !!token,
    staleTime: 60_000,
  });

  // Expiry watch: every 5 s; with 60 s or less left, clear the token and request a new one. A cookie that
  // vanished or changed meanwhile is followed first (browsers without the Cookie Store API learn it here).
  useEffect(() => {
    if (!token) return;
    let busy = false;
    const check = async () => {
      if (busy) return;
      const current = readCookie(TOKEN_COOKIE);
      if (current !== shown.current) {
        followCookie();
        return;
      }
      const left = secondsUntilExpiry(current);
      if (left > TOKEN_REFRESH_THRESHOLD_SECONDS) return;
      busy = true;
      try {
        if (left <= 0) throw new Error('expired');
        const fresh = await refreshTokenRequest();
        setToken(fresh);
      } catch {
        clearLogin();
      } finally {
        busy = false;
      }
    };
    void check();
    const id = window.setInterval(() => void check(), TOKEN_CHECK_INTERVAL_MS);
    return () => window.clearInterval(id);
  }, [token, clearLogin, followCookie, setToken]);

  const login = useCallback(
    async (email: string, password: string) => {
      const fresh = await loginRequest(email, password);
      setToken(fresh);
      signals.current?.announce();
      await queryClient.fetchQuery({ queryKey: userInfoQueryKey(fresh), queryFn: fetchUserInfo });
      try {
        const hub = await hubLoginRequest(email, password);
        writeCookie(HUB_COOKIE, JSON.stringify({ authToken: hub.authToken, ...hub.UserData }));
      } catch {
        // The hub login is best effort: the portal works without it, so its failure never blocks the login.
      }
    },
    [queryClient, setToken],
  );

  const signUp = useCallback(
    async (body: SignUpRequest, campaign?: Campaign) => {
      const fresh = await signUpRequest(body, campaign);
      setToken(fresh);
      signals.current?.announce();
      await queryClient.fetchQuery({ queryKey: userInfoQueryKey(fresh), queryFn: fetchUserInfo });
    },
    [queryClient, setToken],
  );

  const logout = useCallback(
    async (opts?: { revoke?: boolean }) => {
      if (opts?.revoke !== false && readCookie(TOKEN_COOKIE)) await logoutRequest().catch(() => {});
      clearLogin();
    },
    [clearLogin],
  );

  const value = useMemo<AuthValue>(
    () => ({
      token,
      isLoggedIn: !!token,
      user: token ? (userQuery.data ?? emptyUserInfo) : emptyUserInfo,
      userLoaded: !!token && userQuery.isSuccess,
      login,
      signUp,
      logout,
      refreshUser: async () => {
        if (token) await queryClient.invalidateQueries({ queryKey: userInfoQueryKey(token) });
      },
      onLogout(listener) {
        listeners.current.add(listener);
        return () => listeners.current.delete(listener);
      },
    }),
    [token, userQuery.data, userQuery.isSuccess, login, signUp, logout, queryClient],
  );

  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}

export function useAuth(): AuthValue {
  const ctx = useContext(AuthContext);
  if (!ctx) throw new Error('useAuth outside AuthProvider');
  return ctx;
}
