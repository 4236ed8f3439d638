import { useId } from 'react';
import { PASSWORD_MAX, loginFormValuesSchema, messages, type LoginFormValues } from '@hcp/contracts';
import { useAuth } from '../../../lib/auth/auth-provider.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { TextField } from '../../../components/ui/field.tsx';
import { Form, useZodForm } from '../../../components/ui/form.tsx';
import styles from './auth-forms.module.css';

export interface LoginFormProps {
  onSuccess?: () => void | Promise<void>;
  onForgotPassword?: () => void;
}

const empty: LoginFormValues = { username: '', password: '' };

/** Email and password; any failure reads 'Invalid login credentials'; focusing a field clears it. */
export function LoginForm({ onSuccess, onForgotPassword }: LoginFormProps) {
  const { login } = useAuth();
  // Checked on submit only, and focus stays on the button: the message is cleared by focusing a field.
  const form = useZodForm(loginFormValuesSchema, {
    defaultValues: empty,
    mode: 'onSubmit',
    reValidateMode: 'onSubmit',
    shouldFocusError: false,
  });
  const { errors, isSubmitting } = form.formState;
  const error = errors.username?.message ?? errors.password?.message ?? errors.root?.server?.message ?? '';
  const errorId = useId();
  // The one message belongs to both fields: each points at it and is marked invalid while it shows.
  const errorProps = error ? { 'aria-invalid': true, 'aria-describedby': errorId } : {};
  const clear = () => form.clearErrors();

  const submit = async ({ username, password }: { username: string; password: string }) => {
    try {
      await login(username, password);
      await onSuccess?.();
    } catch {
      form.setError('root.server', { message: messages.invalidLogin });
    }
  };

  return (
    <Form form={form} onSubmit={submit} noValidate className={styles.form} aria-label="Login">
      <TextField
        label="Email"
        type="email"
        autoComplete="username"
        onFocus={clear}
        maxLength={254}
        {...form.register('username')}
        {...errorProps}
      />
      <TextField
        label="Password"
        type="password"
        autoComplete="current-password"
        onFocus={clear}
        maxLength={PASSWORD_MAX}
        {...form.register('password')}
        {...errorProps}
      />
      <div id={errorId} role="alert" className={styles.error}>
        {error}
      </div>
      <Button type="submit" block disabled={isSubmitting}>
        {isSubmitting ? 'Logging in...' : 'Login'}
      </Button>
      {onForgotPassword && (
        <Button variant="link" className={styles.forgot} onClick={onForgotPassword}>
          Forgot Password?
        </Button>
      )}
    </Form>
  );
}
