import { useEffect, useRef, useState } from 'react';
import { forgotPasswordFormSchema, messages } from '@hcp/contracts';
import { resetPasswordRequest } from '../../../lib/auth/auth-api.ts';
import { Button } from '../../../components/ui/button.tsx';
import { TextField } from '../../../components/ui/field.tsx';
import { Form, fieldError, useZodForm } from '../../../components/ui/form.tsx';
import styles from './auth-forms.module.css';

/**
 * Sends the reset request without waiting for it and always shows the confirmation, so the page never tells
 * whether an account exists for the address.
 */
export function ForgotPasswordForm({ onClose, initialEmail = '' }: { onClose?: () => void; initialEmail?: string }) {
  const form = useZodForm(forgotPasswordFormSchema, {
    defaultValues: { webUserName: initialEmail },
    shouldFocusError: false,
  });
  const email = form.watch('webUserName');
  const [sent, setSent] = useState(false);
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

  return (
    <Form
      form={form}
      onSubmit={({ webUserName }) => {
        resetPasswordRequest(webUserName);
        setSent(true);
      }}
      noValidate
      className={styles.form}
      aria-label="Reset password"
    >
      <TextField
        label="Email"
        type="email"
        autoComplete="email"
        error={fieldError(form, 'webUserName')}
        {...form.register('webUserName')}
      />
      <Button type="submit" block disabled={!email.trim()}>
        Reset Password
      </Button>
    </Form>
  );
}
