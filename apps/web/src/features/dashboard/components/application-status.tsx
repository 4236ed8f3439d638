import { Link, useNavigate } from 'react-router';
import { applicationPanel, flowFlags, nextApplicationStep } from '@hcp/contracts';
import { Button } from '../../../components/ui/button.tsx';
import { useAuth } from '../../../lib/auth/auth-provider.tsx';
import { useCompletedSteps } from '../../../lib/application-steps.ts';
import { useFeatureFlags } from '../../../lib/feature-flags.ts';
import styles from '../dashboard.module.css';

export function ApplicationStatus({
  hasPipelineItems,
  pipelineLoaded,
  pipelineFailed,
}: {
  hasPipelineItems: boolean;
  pipelineLoaded: boolean;
  /** The offers or submissions could not be read: nothing says whether the clinician has any. */
  pipelineFailed: boolean;
}) {
  const { user, userLoaded } = useAuth();
  const steps = useCompletedSteps();
  const flags = useFeatureFlags();
  const navigate = useNavigate();
  const completed = steps.data ?? [];
  const panel = applicationPanel({
    userLoaded: userLoaded && (pipelineLoaded || !user.eligibleForSubmission),
    stepsLoaded: steps.isSuccess || steps.isError,
    completedSteps: completed,
    applicationComplete: user.applicationComplete,
    eligibleForSubmission: user.eligibleForSubmission,
    flags: flowFlags(flags),
    hasPipelineItems,
  });
  switch (panel.kind) {
    case 'placeholder':
      return (
        <section
          className={`${styles.status} ${styles.placeholder}`}
          aria-busy="true"
          aria-label="Application status"
        />
      );
    case 'start':
      return (
        <section className={styles.status} aria-labelledby="app-status">
          <h2 id="app-status">Your TRS Application</h2>
          <p>Complete your application once and apply to any job in a click.</p>
          <Link className={styles.primaryLink} to="/apply-now">
            Start TRS Application
          </Link>
        </section>
      );
    case 'progress':
      return (
        <section className={styles.status} aria-labelledby="app-status">
          <h2 id="app-status">Your TRS Application</h2>
          <p className={styles.progressText}>
            {panel.completed} of {panel.total} Sections Completed
          </p>
          <progress
            className={styles.progress}
            max={panel.total}
            value={panel.completed}
            aria-label="Application progress"
          />
          <Button onClick={() => navigate(nextApplicationStep(completed, flowFlags(flags))?.path ?? '/dashboard')}>
            Continue TRS Application
          </Button>
        </section>
      );
    case 'received':
      return (
        <section className={`${styles.status} ${styles.received}`} aria-labelledby="app-status">
          <h2 id="app-status">TRS Application Received!</h2>
          <p>Our team is reviewing your application. Your recruiter will contact you about the next steps.</p>
        </section>
      );
    case 'approved':
      // 'Approved' stands for an empty pipeline; a failed read is no evidence of one (the page says it failed).
      if (pipelineFailed) return null;
      return (
        <section className={`${styles.status} ${styles.received}`} aria-labelledby="app-status">
          <h2 id="app-status">Approved</h2>
          <p>Your application is approved: you can be submitted to any job you apply for.</p>
        </section>
      );
    default:
      return null;
  }
}
