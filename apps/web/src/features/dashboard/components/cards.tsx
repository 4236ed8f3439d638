import { Link, useNavigate } from 'react-router';
import { useState } from 'react';
import { CONTRACT_DOCUMENT_MASTER_ID, shiftCategoryName } from '@hcp/contracts/pipeline-labels';
import {
  formatDate,
  formatMoney,
  jobTitle,
  type Assignment,
  type DashboardSubmission,
  type JobOffer,
  type OnboardingContract,
} from '@hcp/contracts';
import { Button } from '../../../components/ui/button.tsx';
import { openSignedContract } from '../../../lib/signed-contract.ts';
import styles from '../dashboard.module.css';

const signState = (contractId: number) => ({
  contractId,
  documentMasterId: CONTRACT_DOCUMENT_MASTER_ID,
  returnLocation: '/dashboard',
});

function SignedDocumentLink({ contractNum }: { contractNum: string }) {
  const [error, setError] = useState(false);
  return (
    <>
      <Button
        variant="link"
        onClick={() => {
          setError(false);
          openSignedContract(contractNum).catch(() => setError(true));
        }}
      >
        View Signed Contract
      </Button>
      {error && (
        <p className={styles.error} role="alert">
          Something went wrong when opening the file.
        </p>
      )}
    </>
  );
}

export function OfferCard({ offer }: { offer: JobOffer }) {
  const navigate = useNavigate();
  const signable = offer.contractId !== null && offer.isSignable;
  return (
    <article
      className={`${styles.card} ${styles.offer}`}
      aria-label={`Offer: ${offer.profession} ${offer.specialty} at ${offer.facilityName}`}
    >
      <p className={styles.kicker}>{signable ? 'Your contract is ready to sign!' : 'You received an offer!'}</p>
      <h3 className={styles.cardTitle}>{jobTitle(offer.profession, offer.specialty)}</h3>
      <p className={styles.place}>
        {offer.facilityName}
        <br />
        {offer.city}, {offer.state}
      </p>
      <dl className={styles.facts}>
        <div>
          <dt>Shift</dt>
          <dd>
            {offer.shift}, {offer.shiftName}
          </dd>
        </div>
        <div>
          <dt>Duration</dt>
          <dd>{offer.duration} Weeks</dd>
        </div>
        <div>
          <dt>Start</dt>
          <dd>{formatDate(offer.startDate)}</dd>
        </div>
      </dl>
      <div className={styles.actions}>
        {signable && (
          <Button onClick={() => navigate('/review-and-sign-contract', { state: signState(offer.contractId!) })}>
            Review &amp; Sign Contract
          </Button>
        )}
        {offer.isSigned && offer.contractNum && <SignedDocumentLink contractNum={offer.contractNum} />}
        <Link
          className={styles.textLink}
          to={
            offer.contractId
              ? `/submitted-jobs#contract-${offer.contractId}`
              : `/submitted-jobs#offer-${offer.submissionId}`
          }
          state={offer.contractId ? { contractId: offer.contractId } : { submissionId: offer.submissionId }}
        >
          View Offer Details
        </Link>
      </div>
    </article>
  );
}

export function SubmissionCard({ submission }: { submission: DashboardSubmission }) {
  return (
    <article
      className={styles.card}
      aria-label={`Submission: ${submission.profession} ${submission.specialty} at ${submission.facility}`}
    >
      <p className={styles.kickerMuted}>Submitted {formatDate(submission.requestDate.slice(0, 10))}</p>
      <h3 className={styles.cardTitle}>{jobTitle(submission.profession, submission.specialty)}</h3>
      <p className={styles.place}>
        {submission.facility}
        <br />
        {submission.city}, {submission.state}
      </p>
      <dl className={styles.facts}>
        <div>
          <dt>Weekly pay</dt>
          <dd>{formatMoney(submission.grossWeeklyPay, true)}</dd>
        </div>
        <div>
          <dt>Shift</dt>
          <dd>
            {submission.shift}, {shiftCategoryName(submission.shiftCategory)}
          </dd>
        </div>
        <div>
          <dt>Duration</dt>
          <dd>{submission.duration} Weeks</dd>
        </div>
        <div>
          <dt>Start</dt>
          <dd>{formatDate(submission.startDate)}</dd>
        </div>
      </dl>
      <div className={styles.actions}>
        <Link
          className={styles.textLink}
          to={`/submitted-jobs#job-${submission.jobId}`}
          state={{ jobId: submission.jobId }}
        >
          View Submission
        </Link>
      </div>
    </article>
  );
}

function Address({ c }: { c: OnboardingContract }) {
  const f = c.facility;
  return (
    <p className={styles.place}>
      {f.facilityName}
      <br />
      {[f.address1, f.address2].filter(Boolean).join(', ')}
      {(f.address1 || f.address2) && <br />}
      {f.city}, {f.state} {f.zip ?? ''}
    </p>
  );
}

export function OnboardingCard({ contract }: { contract: OnboardingContract }) {
  const navigate = useNavigate();
  return (
    <article
      className={styles.card}
      aria-label={`Onboarding: ${contract.profession} ${contract.specialty} at ${contract.facility.facilityName}`}
    >
      <p className={styles.kicker}>Onboarding</p>
      <h3 className={styles.cardTitle}>{jobTitle(contract.profession, contract.specialty)}</h3>
      <Address c={contract} />
      <dl className={styles.facts}>
        <div>
          <dt>Start</dt>
          <dd>{formatDate(contract.startDate)}</dd>
        </div>
        <div>
          <dt>Duration</dt>
          <dd>{contract.duration} Weeks</dd>
        </div>
        <div>
          <dt>Contract</dt>
          <dd>{contract.isSigned ? 'Signed' : contract.isSignable ? 'Ready to sign' : 'Being prepared'}</dd>
        </div>
      </dl>
      <div className={styles.actions}>
        {contract.isSigned && <SignedDocumentLink contractNum={contract.contractNum} />}
        {!contract.isSigned && contract.isSignable && (
          <Button onClick={() => navigate('/review-and-sign-contract', { state: signState(contract.contractId) })}>
            Review &amp; Sign Contract
          </Button>
        )}
      </div>
    </article>
  );
}

export function AssignmentCard({ assignment }: { assignment: Assignment }) {
  return (
    <article
      className={styles.card}
      aria-label={`Current assignment: ${assignment.profession} ${assignment.specialty} at ${assignment.facility.facilityName}`}
    >
      <p className={styles.kicker}>Current Assignment</p>
      <h3 className={styles.cardTitle}>{jobTitle(assignment.profession, assignment.specialty)}</h3>
      <Address c={assignment} />
      <dl className={styles.facts}>
        <div>
          <dt>Start</dt>
          <dd>{formatDate(assignment.startDate)}</dd>
        </div>
        <div>
          <dt>End</dt>
          <dd>{formatDate(assignment.endDate)}</dd>
        </div>
        <div>
          <dt>Duration</dt>
          <dd>{assignment.duration} Weeks</dd>
        </div>
      </dl>
      <div className={styles.actions}>
        {assignment.isSigned && <SignedDocumentLink contractNum={assignment.contractNum} />}
        <Link className={styles.textLink} to="/timesheet">
          Enter Time
        </Link>
      </div>
    </article>
  );
}
