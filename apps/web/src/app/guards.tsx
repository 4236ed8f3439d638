import { useEffect, useId, useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { STEP, flowFlags, nextApplicationStep, type FeatureFlagName } from '@hcp/contracts';
import { useAuth } from '../lib/auth/auth-provider.tsx';
import { useFeatureFlags } from '../lib/feature-flags.ts';
import { useCompletedSteps } from '../lib/application-steps.ts';
import { buttonClassName } from '../components/ui/button.tsx';
import { Card } from '../components/ui/feedback.tsx';
import { LazyAuthPanel } from '../features/auth/components/lazy-auth.tsx';
import type { AuthView } from '../features/auth/components/auth-panel.tsx';
import { NotFoundPage } from './not-found-page.tsx';
import { PageFrame, PageLoading } from '../components/layout/page.tsx';
import styles from './guards.module.css';

/** Pages behind a feature flag answer as not found while it is off. */
export function RequireFlag({ flag, children }: { flag: FeatureFlagName; children: ReactNode }) {
  const flags = useFeatureFlags();
  return flags[flag] ? <>{children}</> : <NotFoundPage />;
}

/**
 * Pages for clinicians whose application is complete. Anyone else who follows a link or a bookmark here is told,
 * under the page's title, that it opens once the application is complete, with the way to continue it.
 */
export function RequireComplete({ title, children }: { title: string; children: ReactNode }) {
  const { isLoggedIn, userLoaded, user } = useAuth();
  if (!isLoggedIn) return <>{children}</>;
  if (!userLoaded) return <PageLoading title={title} />;
  return user.applicationComplete ? <>{children}</> : <ApplicationFirst title={title} />;
}

function ApplicationFirst({ title }: { title: string }) {
  const steps = useCompletedSteps();
  const flags = useFeatureFlags();
  if (steps.isPending) return <PageLoading title={title} />;
  const completed = steps.data ?? [];
  const started = completed.includes(STEP.started);
  const next = nextApplicationStep(completed, flowFlags(flags));
  return (
    <PageFrame title={title}>
      <Card className={styles.applicationFirst}>
        <h2 className={styles.applicationFirstTitle}>Finish your TRS Application first</h2>
        <p>This page opens once your TRS application is complete.</p>
        <p className={styles.applicationFirstActions}>
          <Link className={buttonClassName()} to={next?.path ?? '/apply-now'}>
            {started ? 'Continue TRS Application' : 'Start TRS Application'}
          </Link>
          <Link to="/dashboard">Go to your dashboard</Link>
        </p>
      </Card>
    </PageFrame>
  );
}

/**
 * The login gate: until logged in, the page content is hidden and the page shows, under its own title, a login
 * form that cannot be dismissed (there is nothing behind it to go back to) but is no dead end: it has Sign Up
 * (first on /apply-now, where a visitor comes to start an application), Forgot Password?, and the header stays
 * usable above it. It comes back the moment the session ends, in this tab or another. The 'expired' variant says
 * the session expired from the start (submitted jobs and timesheets).
 */
export function LoginGate({
  children,
  title,
  variant = 'login',
  signUpFirst = false,
}: {
  children: ReactNode;
  title: string;
  variant?: 'login' | 'expired';
  signUpFirst?: boolean;
}) {
  const { isLoggedIn, onLogout } = useAuth();
  const [expired, setExpired] = useState(variant === 'expired');
  const [view, setView] = useState<AuthView>(signUpFirst ? 'signup' : 'login');
  const leadId = useId();
  useEffect(() => onLogout(() => setExpired(true)), [onLogout]);
  if (isLoggedIn) return <>{children}</>;
  // A dialog in the page's flow, not a modal one: the header and footer stay within reach.
  return (
    <PageFrame title={title}>
      <dialog
        open
        aria-label="Login"
        aria-describedby={view === 'forgot' || expired ? undefined : leadId}
        className={styles.gate}
        onCancel={(e) => e.preventDefault()}
      >
        <h2 className={styles.gateTitle}>
          {view === 'forgot' ? 'Reset password' : 'Log into your account or sign up below'}
        </h2>
        {view !== 'forgot' && !expired && (
          <p id={leadId} className={styles.gateLead}>
            {signUpFirst ? 'Sign up to start your application, or log in to continue it.' : 'Log in to see this page.'}
          </p>
        )}
        <LazyAuthPanel view={view} onViewChange={setView} sessionExpired={expired} />
      </dialog>
    </PageFrame>
  );
}
