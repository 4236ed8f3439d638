import { useEffect, useState, type ReactNode } from 'react';
import { Navigate } from 'react-router';
import type { FeatureFlagName } from '@hcp/contracts';
import { useAuth } from '../lib/auth/auth-provider.tsx';
import { useFeatureFlags } from '../lib/feature-flags.ts';
import { Spinner } from '../components/ui/feedback.tsx';
import { LazyLoginForm } from '../features/auth/components/lazy-auth.tsx';
import { Modal } from '../components/ui/modal.tsx';
import { messages } from '@hcp/contracts';
import { NotFoundPage } from './not-found-page.tsx';
import { PageFrame } from '../components/layout/page.tsx';

/** Pages behind a feature flag answer as not found while it is off. */
export function RequireFlag({ flag, children }: { flag: FeatureFlagName; children: ReactNode }) {
  const flags = useFeatureFlags();
  return flags[flag] ? <>{children}</> : <NotFoundPage />;
}

/** Pages for clinicians whose application is complete; others go to the dashboard. */
export function RequireComplete({ children }: { children: ReactNode }) {
  const { isLoggedIn, userLoaded, user } = useAuth();
  if (!isLoggedIn) return <>{children}</>;
  if (!userLoaded) return <Spinner />;
  return user.applicationComplete ? <>{children}</> : <Navigate to="/dashboard" replace />;
}

/**
 * The login gate: until logged in, the page content is hidden behind a login form that
 * cannot be dismissed; it comes back on logout. The 'expired' variant says the session expired
 * (submitted jobs and timesheets).
 */
export function LoginGate({
  children,
  title,
  variant = 'login',
}: {
  children: ReactNode;
  title: string;
  variant?: 'login' | 'expired';
}) {
  const { isLoggedIn, onLogout } = useAuth();
  const [expired, setExpired] = useState(variant === 'expired');
  useEffect(() => onLogout(() => setExpired(true)), [onLogout]);
  if (isLoggedIn) return <>{children}</>;
  // The page keeps its title and heading (so the document and its outline say where the visitor is);
  // its content stays hidden until login.
  return (
    <PageFrame title={title}>
      <p>Log in to see this page.</p>
      <Modal open onClose={() => {}} dismissable={false} title="Login" size="sm">
        {expired && <p role="alert">{messages.sessionExpired}</p>}
        <LazyLoginForm />
      </Modal>
    </PageFrame>
  );
}
