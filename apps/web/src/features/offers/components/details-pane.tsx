import { useNavigate } from 'react-router';
import { useState } from 'react';
import {
  CONTRACT_DOCUMENT_MASTER_ID,
  formatDate,
  formatMoney,
  formatPostalCode,
  jobTitle,
  shiftCategoryName,
  type JobOfferDetails,
  type SubmittedJobDetails,
} from '@hcp/contracts';
import { Button } from '../../../components/ui/button.tsx';
import { openSignedContract } from '../../../lib/signed-contract.ts';
import styles from '../offers.module.css';

const na = (v: string | number | null | undefined) =>
  v === null || v === undefined || v === '' ? 'Not Available' : String(v);

export function DetailsPane({ details }: { details: JobOfferDetails | SubmittedJobDetails }) {
  const navigate = useNavigate();
  const [fileError, setFileError] = useState(false);
  const d = details;
  const sub = 'desiredStartDateText' in d ? d : null;
  return (
    <article className={styles.details} aria-label="Job details">
      <header className={styles.detailsHead}>
        <h2>{jobTitle(d.profession, d.specialty)}</h2>
        <p className={styles.muted}>
          {d.facilityName}, {d.city}, {d.state}
        </p>
        <div className={styles.detailActions}>
          {d.contractId !== null && d.isSignable && (
            <Button
              onClick={() =>
                navigate('/review-and-sign-contract', {
                  state: {
                    contractId: d.contractId,
                    documentMasterId: CONTRACT_DOCUMENT_MASTER_ID,
                    returnLocation: '/submitted-jobs',
                  },
                })
              }
            >
              Review &amp; Sign Contract
            </Button>
          )}
          {d.isSigned && d.contractNum && (
            <Button
              variant="secondary"
              onClick={() => {
                setFileError(false);
                openSignedContract(d.contractNum!).catch(() => setFileError(true));
              }}
            >
              View Signed Contract
            </Button>
          )}
        </div>
        {fileError && (
          <p role="alert" className={styles.error}>
            Something went wrong when opening the file.
          </p>
        )}
      </header>
      <section>
        <h3>Assignment</h3>
        <dl className={styles.kv}>
          <dt>Shift</dt>
          <dd>
            {d.shift}, {shiftCategoryName(d.shiftCategory)}
          </dd>
          <dt>Duration</dt>
          <dd>{d.duration} Weeks</dd>
          <dt>Start date</dt>
          <dd>{formatDate(d.startDate)}</dd>
          {d.endDate && (
            <>
              <dt>End date</dt>
              <dd>{formatDate(d.endDate)}</dd>
            </>
          )}
          <dt>Gross weekly pay</dt>
          <dd>{formatMoney(d.grossWeeklyPay)}</dd>
          <dt>Hourly rate</dt>
          <dd>{formatMoney(d.hourlyRate)}</dd>
          <dt>Tax-free stipend</dt>
          <dd>{formatMoney(d.weeklyMeals + d.weeklyLodging)} per week</dd>
          {d.bonuses.map((b) => (
            <div key={b.name} className={styles.kvRow}>
              <dt>{b.name}</dt>
              <dd>{formatMoney(b.amount)}</dd>
            </div>
          ))}
        </dl>
      </section>
      {sub && (
        <section>
          <h3>Your submission</h3>
          <dl className={styles.kv}>
            <dt>Desired start date</dt>
            <dd>{sub.desiredStartDateText}</dd>
            <dt>Requested time off</dt>
            <dd>{sub.timeoff}</dd>
            <dt>Best time to contact you</dt>
            <dd>{na(sub.bestContactTime)}</dd>
            <dt>Other requests</dt>
            <dd>{na(sub.otherDetails)}</dd>
          </dl>
        </section>
      )}
      <section>
        <h3>Facility</h3>
        <dl className={styles.kv}>
          <dt>Address</dt>
          <dd>
            {na([d.address1, d.address2].filter(Boolean).join(', '))}
            <br />
            {d.city}, {d.state} {formatPostalCode(d.zip)}
          </dd>
          <dt>Scrub color</dt>
          <dd>{na(d.scrubColor)}</dd>
          <dt>Bed count</dt>
          <dd>{d.bedCount ? `${d.bedCount} ${d.bedCount === 1 ? 'Bed' : 'Beds'}` : 'Not Available'}</dd>
          <dt>Charting systems</dt>
          <dd>{na(d.chartingSystems.join(', '))}</dd>
          <dt>Trauma level</dt>
          <dd>{d.traumaLevel ? `Level ${d.traumaLevel}` : 'Not Available'}</dd>
        </dl>
      </section>
      {d.minimumRequirements.length > 0 && (
        <section>
          <h3>Minimum Requirements</h3>
          <ul>
            {d.minimumRequirements.map((r) => (
              <li key={r}>{r}</li>
            ))}
          </ul>
        </section>
      )}
      {d.trsBenefitsList.length > 0 && (
        <section>
          <h3>Benefits</h3>
          <ul>
            {d.trsBenefitsList.map((r) => (
              <li key={r}>{r}</li>
            ))}
          </ul>
        </section>
      )}
    </article>
  );
}
