import { useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { useAuth } from '../../../lib/auth/auth-provider.tsx';
import { useLoginDialog } from '../../../lib/auth/login-dialog.tsx';
import { Modal } from '../../../components/ui/modal.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { AuthPanel, type AuthView } from './auth-panel.tsx';
import { agency } from '../../../config/agency.ts';
import styles from './auth-forms.module.css';

type View = AuthView | 'welcome';

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

const titles: Record<View, string> = {
  login: 'Log into your account or sign up below',
  signup: 'Log into your account or sign up below',
  forgot: 'Reset password',
  welcome: 'Your account is ready',
};

/** The login and sign-up dialog, driven by the shared login-dialog controller. */
export function LoginModal() {
  const { state, close } = useLoginDialog();
  const { user } = useAuth();
  const navigate = useNavigate();
  const [view, setView] = useState<View>(state.initialTab ?? 'login');
  const onHeaderClick = useEnvironmentSwitchClicks();
  const [lastOpen, setLastOpen] = useState(state.open);
  if (state.open !== lastOpen) {
    setLastOpen(state.open);
    if (state.open) setView(state.initialTab ?? 'login');
  }

  const dismissable = !!state.dismissable && !state.sessionExpired;
  const succeed = async (how: 'login' | 'signup') => {
    const then = state.onSuccess;
    // Signed up from the header (nothing waiting to proceed): the new clinician is offered the application
    // instead of being left on the page with no hint of what comes next.
    if (!then && how === 'signup') {
      setView('welcome');
      return;
    }
    close();
    await then?.();
  };

  return (
    <Modal
      open={state.open}
      onClose={close}
      dismissable={dismissable || view === 'welcome'}
      size="sm"
      title={titles[view]}
      onTitleClick={onHeaderClick}
    >
      {view === 'welcome' ? (
        <div className={styles.welcome}>
          <p>
            Welcome{user.firstName ? `, ${user.firstName}` : ''}! Complete your {agency.shortName} application so our
            recruiters can submit you for the jobs you like. Each section is saved as you go, so you can stop and
            continue later.
          </p>
          <Button
            block
            autoFocus
            onClick={() => {
              close();
              void navigate('/apply-now');
            }}
          >
            Start TRS Application
          </Button>
          <Button block variant="secondary" onClick={close}>
            Keep Searching Jobs
          </Button>
        </div>
      ) : (
        <AuthPanel view={view} onViewChange={setView} sessionExpired={state.sessionExpired} onSuccess={succeed} />
      )}
    </Modal>
  );
}
