import { useState, type ReactNode } from 'react';
import { useLocation, useNavigate } from 'react-router';
import type { FieldValues, UseFormReturn } from 'react-hook-form';
import { identificationSubmits, stepAfter, stepBefore } from '@hcp/contracts';
import { PageFrame, PageLoading } from '../../../components/layout/page.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { submittedValues } from '../../../components/ui/form.tsx';
import { stepTitle, useCompletedSteps } from '../../../lib/application-steps.ts';
import { useAuth } from '../../../lib/auth/auth-provider.tsx';
import { clearStepDraft } from '../../../lib/step-drafts.ts';
import { userMessage } from '../../../lib/error-messages.ts';
import { submitApplication, useFlowFlags, useRefreshSteps } from '../api/steps.ts';
import { ApplicationProgress } from './application-progress.tsx';
import { ErrorModal } from './error-modal.tsx';
import styles from './application.module.css';

export interface StepFrameProps<TIn extends FieldValues, TOut> {
  title?: string;
  /** Next is disabled until the form is complete. */
  canProceed: boolean;
  /** Saves the step; a rejection shows the error modal and re-enables Next. */
  onSave?: () => Promise<unknown>;
  /** The step's form: Next validates it (as a submit would) and saves its values with onSubmit. */
  form?: UseFormReturn<TIn, unknown, TOut>;
  onSubmit?: (values: TOut) => Promise<unknown>;
  children: ReactNode;
  actions?: ReactNode;
  intro?: ReactNode;
  hideNav?: boolean;
}

/** A step still loading its saved answers, under the step's title. */
export function StepLoading() {
  return <PageLoading title={stepTitle(useLocation().pathname)} />;
}

/** Page frame of a step with the Previous/Next bar. */
export function StepFrame<TIn extends FieldValues = FieldValues, TOut = unknown>({
  title,
  canProceed,
  onSave,
  form,
  onSubmit,
  children,
  actions,
  intro,
  hideNav,
}: StepFrameProps<TIn, TOut>) {
  const { pathname } = useLocation();
  const path = pathname.toLowerCase().replace(/\/+$/, '');
  const navigate = useNavigate();
  const { flags } = useFlowFlags();
  const steps = useCompletedSteps();
  const refreshSteps = useRefreshSteps();
  const { refreshUser } = useAuth();
  const [pending, setPending] = useState(false);
  const [failed, setFailed] = useState(false);
  const [failMessage, setFailMessage] = useState<string | undefined>();
  const completed = steps.data ?? [];
  const submits = path === '/identification-info' && identificationSubmits(completed, flags);
  const prev = stepBefore(path, flags);

  const next = async () => {
    setPending(true);
    try {
      if (form && onSubmit) {
        const values = await submittedValues(form);
        if (values === null) {
          setPending(false);
          return;
        }
        await onSubmit(values);
      }
      if (onSave) await onSave();
      // Saved: the draft of what was typed is no longer needed.
      clearStepDraft(path);
      const done = await refreshSteps();
      if (submits) {
        await submitApplication();
        await refreshUser();
        navigate('/dashboard');
        return;
      }
      navigate(stepAfter(path, done, flags)?.path ?? '/dashboard');
    } catch (e) {
      // A refusal written for the clinician (their own address as referee, a daily limit) says what to change.
      setFailMessage(userMessage(e));
      setFailed(true);
      setPending(false);
    }
  };

  return (
    <PageFrame title={title ?? stepTitle(path)}>
      <ApplicationProgress path={path} />
      {intro}
      <div className={styles.body}>{children}</div>
      {actions}
      {!hideNav && (
        <nav className={styles.navBar} aria-label="Application steps">
          {prev ? (
            <Button variant="secondary" onClick={() => navigate(prev.path)} disabled={pending}>
              Previous
            </Button>
          ) : (
            <span />
          )}
          <Button onClick={next} disabled={!canProceed || pending}>
            {pending ? 'Saving...' : submits ? 'Submit Application' : 'Next'}
          </Button>
        </nav>
      )}
      <ErrorModal open={failed} onClose={() => setFailed(false)} message={failMessage} />
    </PageFrame>
  );
}
