import { useId, useState, type FormEvent } from 'react';
import { PASSWORD_MAX, messages } from '@hcp/contracts';
import { useAuth } from '../../../lib/auth/auth-provider.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { TextField } from '../../../components/ui/field.tsx';
import styles from './auth-forms.module.css';

export interface LoginFormProps {
  onSuccess?: () => void | Promise<void>;
  onForgotPassword?: () => void;
}

/** Email and password; any failure reads 'Invalid login credentials'; focusing a field clears it. */
export function LoginForm({ onSuccess, onForgotPassword }: LoginFormProps) {
  const { login } = useAuth();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [error, setError] = useState('');
  const [pending, setPending] = useState(false);
  const errorId = useId();
  // The one message belongs to both fields: each points at it and is marked invalid while it shows.
  const errorProps = error ? { 'aria-invalid': true, 'aria-describedby': errorId } : {};

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (pending) return;
    if (!email.trim() || !password) {
      setError(messages.invalidLogin);
      return;
    }
    setPending(true);
    try {
      await login(email.trim(), password);
      await onSuccess?.();
    } catch {
      setError(messages.invalidLogin);
    } finally {
      setPending(false);
    }
  };

  return (
    <form onSubmit={submit} noValidate className={styles.form} aria-label="Login">
      <TextField
        label="Email"
        type="email"
        name="username"
        autoComplete="username"
        value={email}
        onChange={(e) => setEmail(e.target.value)}
        onFocus={() => setError('')}
        maxLength={254}
        {...errorProps}
      />
      <TextField
        label="Password"
        type="password"
        name="password"
        autoComplete="current-password"
        value={password}
        onChange={(e) => setPassword(e.target.value)}
        onFocus={() => setError('')}
        maxLength={PASSWORD_MAX}
        {...errorProps}
      />
      <div id={errorId} role="alert" className={styles.error}>
        {error}
      </div>
      <Button type="submit" block disabled={pending}>
        {pending ? 'Logging in...' : 'Login'}
      </Button>
      {onForgotPassword && (
        <Button variant="link" className={styles.forgot} onClick={onForgotPassword}>
          Forgot Password?
        </Button>
      )}
    </form>
  );
}
