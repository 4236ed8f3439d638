import { useState } from 'react';
import { useNavigate } from 'react-router';
import { SKILLS_VENDOR, skillsMailSubject, stepAfter } from '@hcp/contracts';
import { PageFrame } from '../../../components/layout/page.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { useAuth } from '../../../lib/auth/auth-provider.tsx';
import { agency } from '../../../config/agency.ts';
import { ErrorModal } from '../components/error-modal.tsx';
import { updateStep, useFlowFlags, useRefreshSteps } from '../api/steps.ts';
import { ApplicationProgress } from '../components/application-progress.tsx';
import styles from '../components/application.module.css';

/** /skills-checklist-summary: where the checklists went; 'Continue with Application' marks the step complete. */
export default function SkillsSummaryPage() {
  const { user } = useAuth();
  const { flags } = useFlowFlags();
  const refresh = useRefreshSteps();
  const navigate = useNavigate();
  const [pending, setPending] = useState(false);
  const [failed, setFailed] = useState(false);
  const next = async () => {
    setPending(true);
    try {
      await updateStep('Skills_Checklist_Summary', true);
      const done = await refresh();
      navigate(stepAfter('/skills-checklist-summary', done, flags)?.path ?? '/dashboard');
    } catch {
      setPending(false);
      setFailed(true);
    }
  };
  return (
    <PageFrame title="Skills Checklist Summary">
      <ApplicationProgress path="/skills-checklist-summary" />
      <div className={styles.hero}>
        <p>Your skills checklists are on their way. Please go to your email to complete them.</p>
        <dl className={styles.summary}>
          <dt>Email</dt>
          <dd>{user.email}</dd>
          <dt>From</dt>
          <dd>{SKILLS_VENDOR}</dd>
          <dt>Subject</dt>
          <dd>{skillsMailSubject(agency.productName)}</dd>
        </dl>
        <p className={styles.muted}>
          Not there? Check your spam or junk folder. The checklists take about 15 minutes each.
        </p>
        <div>
          <Button size="lg" onClick={next} disabled={pending}>
            Continue with Application
          </Button>
        </div>
      </div>
      <ErrorModal open={failed} onClose={() => setFailed(false)} />
    </PageFrame>
  );
}
