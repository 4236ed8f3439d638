import { useEffect, useRef } from 'react';
import { messages } from '@hcp/contracts';
import { Tabs } from '../../../components/ui/tabs.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { LoginForm } from './login-form.tsx';
import { SignUpForm } from './sign-up-form.tsx';
import { ForgotPasswordForm } from './forgot-password-form.tsx';
import styles from './auth-forms.module.css';

export type AuthView = 'login' | 'signup' | 'forgot';

export interface AuthPanelProps {
  view: AuthView;
  onViewChange: (view: AuthView) => void;
  /** Shows 'Your session has expired, please log in again.' above the login and sign-up forms. */
  sessionExpired?: boolean;
  /** Runs after a login or a sign-up; says which, so a new account can be offered its next step. */
  onSuccess?: (how: 'login' | 'signup') => void | Promise<void>;
}

/**
 * Everything a visitor needs to get in, in one place: the Login and Sign Up tabs and the forgot-password view
 * with its way back. The header's dialog and the login gate both show it, so neither is a dead end.
 */
export function AuthPanel({ view, onViewChange, sessionExpired, onSuccess }: AuthPanelProps) {
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

  return (
    <div ref={body}>
      {sessionExpired && view !== 'forgot' && (
        <p role="alert" className={styles.expired}>
          {messages.sessionExpired}
        </p>
      )}
      {view === 'forgot' ? (
        <>
          <ForgotPasswordForm onClose={() => onViewChange('login')} />
          <Button variant="link" onClick={() => onViewChange('login')}>
            Back to Login
          </Button>
        </>
      ) : (
        <Tabs
          label="Login or sign up"
          active={view}
          onChange={onViewChange}
          tabs={[
            { key: 'login', label: 'Login' },
            { key: 'signup', label: 'Sign Up' },
          ]}
        >
          {view === 'login' ? (
            <LoginForm onSuccess={() => onSuccess?.('login')} onForgotPassword={() => onViewChange('forgot')} />
          ) : (
            <SignUpForm onSuccess={() => onSuccess?.('signup')} />
          )}
        </Tabs>
      )}
    </div>
  );
}
