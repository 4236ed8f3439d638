import { Link, useLocation } from 'react-router';
import { DASHBOARD_LIMIT } from '@hcp/contracts/pipeline-labels';
import { PageFrame } from '../../../components/layout/page.tsx';
import { Alert, Spinner } from '../../../components/ui/feedback.tsx';
import { useFeatureFlags } from '../../../lib/feature-flags.ts';
import { useAuth } from '../../../lib/auth/auth-provider.tsx';
import { useCompletedSteps } from '../../../lib/application-steps.ts';
import { useReturnToPendingApply } from '../../../lib/pending-apply.ts';
import { CONTRACT_SIGNED_MESSAGE, justSignedContract } from '../../../lib/signed-contract.ts';
import { useDashboardOffers, useDashboardSubmissions } from '../api/dashboard.ts';
import { ApplicationStatus } from '../components/application-status.tsx';
import { AssignmentCard, OfferCard, OnboardingCard, SubmissionCard } from '../components/cards.tsx';
import styles from '../dashboard.module.css';

export default function DashboardPage() {
  const flags = useFeatureFlags();
  const offers = useDashboardOffers();
  const submissions = useDashboardSubmissions();
  const o = offers.data;
  const subs = submissions.data ?? [];
  const hasPipelineItems =
    subs.length > 0 || (o?.submissionOffers.length ?? 0) > 0 || (o?.onboardingContracts.length ?? 0) > 0;
  const loading = offers.isPending || submissions.isPending;
  const { userLoaded } = useAuth();
  const steps = useCompletedSteps();
  // A clinician who applied for a job before their application was complete is taken back to that job.
  const returning = useReturnToPendingApply();
  // Back from signing a contract: the page confirms it.
  const signed = justSignedContract(useLocation().state) !== null;
  // The page shows once everything it depends on has answered, so no section appears above another and pushes it
  // down (layout shift) while a slower call finishes.
  const ready = !loading && userLoaded && !steps.isPending;
  if (!ready || returning)
    return (
      <PageFrame title="Dashboard">
        <Spinner />
      </PageFrame>
    );
  return (
    <PageFrame title="Dashboard">
      {signed && <Alert tone="success">{CONTRACT_SIGNED_MESSAGE}</Alert>}
      <ApplicationStatus
        hasPipelineItems={hasPipelineItems}
        pipelineLoaded={!loading}
        pipelineFailed={offers.isError || submissions.isError}
      />
      {(offers.isError || submissions.isError) && <Alert>It looks like something went wrong. Please try again.</Alert>}
      {/* Offers and submissions (then onboarding and assignments) side by side where the page is wide enough. */}
      <div className={styles.pipeline}>
        {o && o.submissionOffers.length > 0 && (
          <section className={styles.section} aria-labelledby="dash-offers">
            <div className={styles.sectionHead}>
              <h2 id="dash-offers">Offers</h2>
              <Link to="/submitted-jobs#offers">View All Offers</Link>
            </div>
            <div className={styles.grid}>
              {o.submissionOffers.slice(0, DASHBOARD_LIMIT).map((offer) => (
                <OfferCard key={offer.submissionId} offer={offer} />
              ))}
            </div>
          </section>
        )}
        {subs.length > 0 && (
          <section className={styles.section} aria-labelledby="dash-subs">
            <div className={styles.sectionHead}>
              <h2 id="dash-subs">Submissions</h2>
              <Link to="/submitted-jobs#submissions">View All Submissions</Link>
            </div>
            <div className={styles.grid}>
              {subs.slice(0, DASHBOARD_LIMIT).map((s) => (
                <SubmissionCard key={s.submissionId} submission={s} />
              ))}
            </div>
          </section>
        )}
        {o && o.onboardingContracts.length > 0 && (
          <section className={styles.section} aria-labelledby="dash-onboarding">
            <div className={styles.sectionHead}>
              <h2 id="dash-onboarding">Onboarding</h2>
            </div>
            <div className={styles.grid}>
              {o.onboardingContracts.map((c) => (
                <OnboardingCard key={c.contractId} contract={c} />
              ))}
            </div>
          </section>
        )}
        {flags.DashboardAssignments_IsEnabled && o && o.workingContracts.length > 0 && (
          <section className={styles.section} aria-labelledby="dash-assignments">
            <div className={styles.sectionHead}>
              <h2 id="dash-assignments">Assignments</h2>
            </div>
            <div className={styles.grid}>
              {o.workingContracts.map((c) => (
                <AssignmentCard key={c.contractId} assignment={c} />
              ))}
            </div>
          </section>
        )}
      </div>
      <section className={`${styles.section} ${styles.search}`} aria-labelledby="dash-search">
        <h2 id="dash-search">Search For Jobs</h2>
        <p>New travel assignments are added every day.</p>
        <Link className={styles.primaryLink} to="/job-search">
          Search For Jobs
        </Link>
      </section>
    </PageFrame>
  );
}
