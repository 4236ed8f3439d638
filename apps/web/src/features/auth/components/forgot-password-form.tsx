import { useEffect, useRef, useState, type FormEvent } from 'react';
import { isValidEmail, messages } from '@hcp/contracts';
import { resetPasswordRequest } from '../../../lib/auth/auth-api.ts';
import { Button } from '../../../components/ui/button.tsx';
import { TextField } from '../../../components/ui/field.tsx';
import styles from './auth-forms.module.css';

/**
 * Sends the reset request without waiting for it and always shows the confirmation (spec 01 section 4),
 * so the page never tells whether an account exists.
 */
export function ForgotPasswordForm({ onClose, initialEmail = '' }: { onClose?: () => void; initialEmail?: string }) {
  const [email, setEmail] = useState(initialEmail);
  const [sent, setSent] = useState(false);
  const [touched, setTouched] = useState(false);
  const ok = isValidEmail(email.trim());
  const confirmation = useRef<HTMLDivElement>(null);
  // The form (and its focused button) is replaced by the confirmation: focus follows to it.
  useEffect(() => {
    if (sent) confirmation.current?.querySelector<HTMLElement>('button, [tabindex="-1"]')?.focus();
  }, [sent]);

  if (sent)
    return (
      <div className={styles.confirmation} ref={confirmation}>
        <p role="status" tabIndex={-1}>
          {messages.resetRequested}
        </p>
        {onClose && (
          <Button block onClick={onClose}>
            Close
          </Button>
        )}
      </div>
    );

  const submit = (e: FormEvent) => {
    e.preventDefault();
    setTouched(true);
    if (!ok) return;
    resetPasswordRequest(email.trim());
    setSent(true);
  };

  return (
    <form onSubmit={submit} noValidate className={styles.form} aria-label="Reset password">
      <TextField
        label="Email"
        type="email"
        autoComplete="email"
        value={email}
        onChange={(e) => setEmail(e.target.value)}
        onBlur={() => setTouched(true)}
        error={touched && email && !ok ? messages.invalidEmail : null}
      />
      <Button type="submit" block disabled={!email.trim()}>
        Reset Password
      </Button>
    </form>
  );
}
