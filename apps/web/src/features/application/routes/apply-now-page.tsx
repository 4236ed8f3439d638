import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { STEP, applicationSectionCount, nextApplicationStep, stepAfter } from '@hcp/contracts';
import { PageFrame } from '../../../components/layout/page.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { useCompletedSteps } from '../../../lib/application-steps.ts';
import { useAuth } from '../../../lib/auth/auth-provider.tsx';
import { usePendingApply } from '../../../lib/pending-apply.ts';
import { agency } from '../../../config/agency.ts';
import { ErrorModal } from '../components/error-modal.tsx';
import { updateStep, useFlowFlags, useRefreshSteps } from '../api/steps.ts';
import { ApplicationOverview } from '../components/application-progress.tsx';
import styles from '../components/application.module.css';

/** /apply-now: Get Started records the 'Started' step and opens the first section. */
export default function ApplyNowPage() {
  const { user } = useAuth();
  const { flags } = useFlowFlags();
  const steps = useCompletedSteps();
  const refresh = useRefreshSteps();
  const navigate = useNavigate();
  const [pending, setPending] = useState(false);
  const [failed, setFailed] = useState(false);
  const started = (steps.data ?? []).includes(STEP.started);
  // A clinician sent here from a job's Apply is told the job waits for them, so the detour does not look like a loss.
  const { pending: kept, clear: letGo } = usePendingApply();

  const start = async () => {
    setPending(true);
    try {
      if (!started) await updateStep(STEP.started, true);
      const done = await refresh();
      navigate(
        (started ? nextApplicationStep(done, flags) : stepAfter('/apply-now', done, flags))?.path ?? '/dashboard',
      );
    } catch {
      setPending(false);
      setFailed(true);
    }
  };

  return (
    <PageFrame title="Get Started">
      <div className={styles.hero}>
        {kept && !kept.offered && (
          <section className={styles.keptJob} aria-label="Job you applied to">
            <p>
              <strong>Your application to {kept.title ?? 'the job you chose'} is kept.</strong> Complete your employment
              application first: once you submit it, we bring you back to that job with the start date and time off you
              entered, to finish applying.
            </p>
            <p className={styles.keptJobActions}>
              <Link to={`/careers/find-a-job/${kept.jobId}?returnUrl=%2Fapply-now`}>View the job</Link>
              <Button variant="link" onClick={letGo}>
                Don&apos;t keep it
              </Button>
            </p>
          </section>
        )}
        <h2>{user.firstName ? `Welcome, ${user.firstName}!` : 'Welcome!'}</h2>
        <p>
          The {agency.shortName} employment application has {applicationSectionCount(flags)} short sections: background
          questions, your permanent address, license, education, employment history, references, certifications and
          identification
          {flags.skillsChecklist ? ', a skills checklist' : ''}, and the terms and pre-employment documents.
        </p>
        <p>
          It takes about 20 minutes. Your answers are saved at every step, so you can stop and continue later from your
          dashboard.
        </p>
        <p className={styles.muted}>
          Have your license number, the dates and facilities of your recent employment and two supervisory references at
          hand.
        </p>
        <div>
          <Button size="lg" onClick={start} disabled={pending || steps.isPending}>
            {started ? 'Continue' : 'Get Started'}
          </Button>
        </div>
        {/* A clinician coming back sees where the application stands and can open any completed section. */}
        {started && <ApplicationOverview path="/apply-now" open />}
      </div>
      <ErrorModal open={failed} onClose={() => setFailed(false)} />
    </PageFrame>
  );
}
