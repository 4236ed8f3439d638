import { Navigate, useNavigate, useSearchParams } from 'react-router';
import { useState } from 'react';
import { useAuth } from '../../../lib/auth/auth-provider.tsx';
import { PageTitle } from '../../../components/layout/page.tsx';
import { Card } from '../../../components/ui/feedback.tsx';
import { LoginForm } from '../components/login-form.tsx';
import { ForgotPasswordForm } from '../components/forgot-password-form.tsx';
import { Button } from '../../../components/ui/button.tsx';
import styles from './auth-pages.module.css';

/** Only same-site paths are followed after login, never another origin. */
export function safeReturnUrl(value: string | null): string {
  if (!value || !value.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) return '/dashboard';
  return value;
}

/** /login-page?returnUrl=...: a logged-in user goes straight to /dashboard; after login, to returnUrl. */
export default function LoginPage() {
  const { isLoggedIn } = useAuth();
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const [forgot, setForgot] = useState(false);
  const [justLoggedIn, setJustLoggedIn] = useState(false);
  if (isLoggedIn && !justLoggedIn) return <Navigate to="/dashboard" replace />;
  return (
    <div className={styles.page}>
      <PageTitle title="Login" />
      <Card className={styles.card}>
        <h1>{forgot ? 'Reset password' : 'Login'}</h1>
        {forgot ? (
          <>
            <ForgotPasswordForm onClose={() => setForgot(false)} />
            <Button variant="link" onClick={() => setForgot(false)}>
              Back to Login
            </Button>
          </>
        ) : (
          <LoginForm
            onForgotPassword={() => setForgot(true)}
            onSuccess={() => {
              setJustLoggedIn(true);
              const target = safeReturnUrl(params.get('returnUrl'));
              navigate(target, { replace: true });
            }}
          />
        )}
      </Card>
    </div>
  );
}
