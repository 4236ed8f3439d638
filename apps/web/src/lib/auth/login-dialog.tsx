import { createContext, useCallback, useContext, useMemo, useState, type ReactNode } from 'react';

export interface LoginDialogOptions {
  /** Dismissable dialogs have a close control and close on Escape or an outside click. */
  dismissable?: boolean;
  /** Shows 'Your session has expired, please log in again.' and cannot be dismissed. */
  sessionExpired?: boolean;
  initialTab?: 'login' | 'signup';
  /** Runs after a successful login or sign-up (the favorite or the application then proceeds). */
  onSuccess?: () => void | Promise<void>;
}

interface LoginDialogState extends LoginDialogOptions {
  open: boolean;
}

interface LoginDialogValue {
  state: LoginDialogState;
  open(opts?: LoginDialogOptions): void;
  close(): void;
}

const Ctx = createContext<LoginDialogValue | null>(null);

/** Shared controller of the one login/sign-up dialog; features ask for it, the app renders it. */
export function LoginDialogProvider({ children }: { children: ReactNode }) {
  const [state, setState] = useState<LoginDialogState>({ open: false });
  const open = useCallback((opts: LoginDialogOptions = {}) => setState({ dismissable: true, ...opts, open: true }), []);
  const close = useCallback(() => setState((s) => ({ ...s, open: false, onSuccess: undefined })), []);
  const value = useMemo(() => ({ state, open, close }), [state, open, close]);
  return <Ctx.Provider value={value}>{children}</Ctx.Provider>;
}

export function useLoginDialog(): LoginDialogValue {
  const v = useContext(Ctx);
  if (!v) throw new Error('useLoginDialog outside LoginDialogProvider');
  return v;
}
