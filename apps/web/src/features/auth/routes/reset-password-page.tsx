import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { PASSWORD_MAX, messages, newPasswordFormSchema } from '@hcp/contracts';
import { updatePasswordRequest, validateResetGuid } from '../../../lib/auth/auth-api.ts';
import { userMessage } from '../../../lib/error-messages.ts';
import { PageTitle } from '../../../components/layout/page.tsx';
import { Card, Spinner } from '../../../components/ui/feedback.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { TextField } from '../../../components/ui/field.tsx';
import { Form, fieldError, useZodForm } from '../../../components/ui/form.tsx';
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

/** The new password, typed twice; a refusal of the server (a common or guessable password) shows under the first field. */
function NewPasswordForm({ guid, email }: { guid: string; email: string }) {
  const form = useZodForm(newPasswordFormSchema, {
    defaultValues: { newPassword: '', confirmPassword: '' },
    shouldFocusError: false,
  });
  const [password, confirm] = form.watch(['newPassword', 'confirmPassword']);
  const { errors, isSubmitting } = form.formState;
  const [done, setDone] = useState(false);

  if (done)
    return (
      <div className={styles.success}>
        <p role="status">Your password has been reset. You can now log in with your new password.</p>
        <Link to="/login-page?returnUrl=/dashboard">Go to Login</Link>
      </div>
    );

  const submit = async ({ newPassword }: { newPassword: string }) => {
    try {
      await updatePasswordRequest(guid, newPassword);
      setDone(true);
    } catch (err) {
      form.setError('root.server', { message: userMessage(err) ?? messages.genericOops });
    }
  };

  return (
    <Form form={form} onSubmit={submit} noValidate aria-label="Choose a new password">
      {email && <p>Choose a new password for {email}.</p>}
      <input type="email" autoComplete="username" value={email} readOnly hidden />
      <TextField
        label="New Password"
        type="password"
        autoComplete="new-password"
        maxLength={PASSWORD_MAX}
        hint="8 to 30 characters."
        error={errors.root?.server?.message ?? null}
        {...form.register('newPassword', { deps: ['confirmPassword'] })}
      />
      <TextField
        label="Confirm Password"
        type="password"
        autoComplete="new-password"
        maxLength={PASSWORD_MAX}
        error={fieldError(form, 'confirmPassword')}
        {...form.register('confirmPassword')}
      />
      <Button type="submit" block disabled={!password || !confirm || isSubmitting}>
        Reset Password
      </Button>
    </Form>
  );
}
