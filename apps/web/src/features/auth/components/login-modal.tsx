import { useEffect, useRef, useState } from 'react';
import { messages } from '@hcp/contracts';
import { useLoginDialog } from '../../../lib/auth/login-dialog.tsx';
import { Modal } from '../../../components/ui/modal.tsx';
import { Tabs } from '../../../components/ui/tabs.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { LoginForm } from './login-form.tsx';
import { SignUpForm } from './sign-up-form.tsx';
import { ForgotPasswordForm } from './forgot-password-form.tsx';

type View = 'login' | 'signup' | 'forgot';

/** Ten clicks on the header within 10 seconds ask an embedding native web view to switch environments. */
function useEnvironmentSwitchClicks() {
  const clicks = useRef<number[]>([]);
  return () => {
    const now = Date.now();
    clicks.current = [...clicks.current.filter((t) => now - t < 10_000), now];
    if (clicks.current.length >= 10) {
      clicks.current = [];
      const native = (window as unknown as { ReactNativeWebView?: { postMessage(m: string): void } })
        .ReactNativeWebView;
      native?.postMessage(JSON.stringify({ type: 'switchEnvironment' }));
    }
  };
}

/** The login and sign-up dialog, driven by the shared login-dialog controller. */
export function LoginModal() {
  const { state, close } = useLoginDialog();
  const [view, setView] = useState<View>(state.initialTab ?? 'login');
  const onHeaderClick = useEnvironmentSwitchClicks();
  const body = useRef<HTMLDivElement>(null);
  const shownView = useRef(view);
  // Switching between login and the forgot-password view replaces the control that had focus: focus moves
  // to the first field of the new view instead of falling back to the page.
  useEffect(() => {
    if (shownView.current === view) return;
    shownView.current = view;
    if (view === 'signup') return; // the Sign Up tab keeps focus
    body.current?.querySelector<HTMLElement>('input, select, textarea, button')?.focus();
  }, [view]);
  const [lastOpen, setLastOpen] = useState(state.open);
  if (state.open !== lastOpen) {
    setLastOpen(state.open);
    if (state.open) setView(state.initialTab ?? 'login');
  }

  const dismissable = !!state.dismissable && !state.sessionExpired;
  const succeed = async () => {
    const then = state.onSuccess;
    close();
    await then?.();
  };

  return (
    <Modal
      open={state.open}
      onClose={close}
      dismissable={dismissable}
      size="sm"
      title={view === 'forgot' ? 'Reset password' : 'Log into your account or sign up below'}
      onTitleClick={onHeaderClick}
    >
      <div ref={body}>
        {state.sessionExpired && view !== 'forgot' && <p role="alert">{messages.sessionExpired}</p>}
        {view === 'forgot' ? (
          <>
            <ForgotPasswordForm onClose={() => setView('login')} />
            <Button variant="link" onClick={() => setView('login')}>
              Back to Login
            </Button>
          </>
        ) : (
          <Tabs
            label="Login or sign up"
            active={view}
            onChange={(k) => setView(k)}
            tabs={[
              { key: 'login', label: 'Login' },
              { key: 'signup', label: 'Sign Up' },
            ]}
          >
            {view === 'login' ? (
              <LoginForm onSuccess={succeed} onForgotPassword={() => setView('forgot')} />
            ) : (
              <SignUpForm onSuccess={succeed} />
            )}
          </Tabs>
        )}
      </div>
    </Modal>
  );
}
