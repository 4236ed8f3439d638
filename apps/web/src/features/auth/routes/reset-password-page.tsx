import { useState, type FormEvent } from 'react';
import { Link, useSearchParams } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { PASSWORD_MAX, messages } from '@hcp/contracts';
import { updatePasswordRequest, validateResetGuid } from '../../../lib/auth/auth-api.ts';
import { userMessage } from '../../../lib/error-messages.ts';
import { PageTitle } from '../../../components/layout/page.tsx';
import { Card, Spinner } from '../../../components/ui/feedback.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { TextField } from '../../../components/ui/field.tsx';
import { LoginForm } from '../components/login-form.tsx';
import { ForgotPasswordForm } from '../components/forgot-password-form.tsx';
import styles from './auth-pages.module.css';

/** /reset-password?rpg=...: the guid is validated on load; invalid links offer a new reset mail and a login. */
export default function ResetPasswordPage() {
  const [params] = useSearchParams();
  const guid = params.get('rpg') ?? '';
  const check = useQuery({
    queryKey: ['public', 'reset-guid', guid],
    queryFn: () => (guid ? validateResetGuid(guid) : Promise.resolve({ guidIsValid: false, webUserName: null })),
    retry: false,
    staleTime: Infinity,
  });
  return (
    <div className={styles.page}>
      <PageTitle title="Reset Password" />
      <Card className={styles.card}>
        <h1>Reset Password</h1>
        {check.isPending ? (
          <Spinner />
        ) : check.data?.guidIsValid ? (
          <NewPasswordForm guid={guid} email={check.data.webUserName ?? ''} />
        ) : (
          <>
            <p role="alert">{messages.resetLinkInvalid}</p>
            <ForgotPasswordForm />
            <h2 className={styles.subheading}>Login</h2>
            <LoginForm onSuccess={() => window.location.assign('/dashboard')} />
          </>
        )}
      </Card>
    </div>
  );
}

function NewPasswordForm({ guid, email }: { guid: string; email: string }) {
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [confirmTouched, setConfirmTouched] = useState(false);
  const [error, setError] = useState('');
  const [done, setDone] = useState(false);
  const [pending, setPending] = useState(false);
  const match = password === confirm;

  if (done)
    return (
      <div className={styles.success}>
        <p role="status">Your password has been reset. You can now log in with your new password.</p>
        <Link to="/login-page?returnUrl=/dashboard">Go to Login</Link>
      </div>
    );

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setConfirmTouched(true);
    if (!password || !confirm || !match) return;
    setPending(true);
    setError('');
    try {
      await updatePasswordRequest(guid, password);
      setDone(true);
    } catch (err) {
      setError(userMessage(err) ?? messages.genericOops);
    } finally {
      setPending(false);
    }
  };

  return (
    <form onSubmit={submit} noValidate aria-label="Choose a new password">
      {email && <p>Choose a new password for {email}.</p>}
      <input type="email" autoComplete="username" value={email} readOnly hidden />
      <TextField
        label="New Password"
        type="password"
        autoComplete="new-password"
        value={password}
        maxLength={PASSWORD_MAX}
        onChange={(e) => setPassword(e.target.value)}
        hint="8 to 30 characters."
        error={error || null}
      />
      <TextField
        label="Confirm Password"
        type="password"
        autoComplete="new-password"
        value={confirm}
        maxLength={PASSWORD_MAX}
        onChange={(e) => setConfirm(e.target.value)}
        onBlur={() => setConfirmTouched(true)}
        error={confirmTouched && confirm && !match ? messages.passwordsMustMatch : null}
      />
      <Button type="submit" block disabled={!password || !confirm || pending}>
        Reset Password
      </Button>
    </form>
  );
}
