import type { KeyboardEvent, MouseEvent } from 'react';
import { formatMoney, jobTitle, type JobCard as JobCardData } from '@hcp/contracts';
import { matchLabel, shiftCategoryText } from '../lib/labels.ts';
import styles from './job-card.module.css';

export interface JobCardProps {
  job: JobCardData;
  selected?: boolean;
  /** Opens the job (details pane, full-screen details or the job page). */
  onOpen: (jobId: number) => void;
  /** Shows the title as a link to the job page (default click prevented: the card click opens the job). */
  links?: boolean;
  returnUrl?: string;
  /** The title's heading level in the page outline. */
  headingLevel?: 'h2' | 'h3';
}

export function jobHref(jobId: number, returnUrl?: string) {
  return `/careers/find-a-job/${jobId}${returnUrl ? `?returnUrl=${encodeURIComponent(returnUrl)}` : ''}`;
}

export function Flame() {
  return (
    <svg viewBox="0 0 24 24" width="18" height="18" role="img" aria-label="Featured job" className={styles.flame}>
      <path
        fill="currentColor"
        d="M12 2c1 3.5-1.5 5-1.5 7.5 0 1.2.8 2 1.8 2 1.3 0 2-1 1.7-2.8C16.5 10.5 18 13 18 15.5 18 19 15.3 22 12 22s-6-3-6-6.5C6 10.5 10.5 8 12 2z"
      />
    </svg>
  );
}

export function JobCard({ job, selected, onOpen, links = true, returnUrl, headingLevel = 'h3' }: JobCardProps) {
  const Title = headingLevel;
  const text = job.matchTypes ? matchLabel(job.matchTypes) : null;
  const open = () => onOpen(job.jobId);
  const title = jobTitle(job.profession, job.specialty);
  return (
    <article
      className={`${styles.card} ${selected ? styles.selected : ''} ${job.isAvailable ? '' : styles.closed}`}
      onClick={open}
      aria-current={selected || undefined}
      data-job-id={job.jobId}
    >
      <div className={styles.top}>
        <Title className={styles.title}>
          {links ? (
            <a
              href={jobHref(job.jobId, returnUrl)}
              onClick={(e: MouseEvent) => {
                e.preventDefault();
                e.stopPropagation();
                open();
              }}
              onKeyDown={(e: KeyboardEvent) => {
                if (e.key === ' ') {
                  e.preventDefault();
                  open();
                }
              }}
            >
              {title}
            </a>
          ) : (
            <button type="button" className={styles.titleButton} onClick={(e) => (e.stopPropagation(), open())}>
              {title}
            </button>
          )}
        </Title>
        {job.grade === 1 && <Flame />}
      </div>
      <div className={styles.hospital}>{job.hospitalName}</div>
      <div className={styles.meta}>
        {job.hospitalCity}, {job.hospitalState} · {job.shift} · {shiftCategoryText(job.shiftCategory)}
      </div>
      <div className={styles.bottom}>
        <span className={styles.pay}>
          {formatMoney(job.grossWeeklyPay, true)}
          <span className={styles.per}>/week</span>
        </span>
        {text && <span className={text === 'Close Match' ? styles.close : styles.exact}>{text}</span>}
        {!job.isAvailable && <span className={styles.closedTag}>Closed</span>}
      </div>
      {job.matchTypes?.nearestLocation && job.matchTypes.milesFromNearestLocation !== null && (
        <div className={styles.distance}>
          {Math.round(job.matchTypes.milesFromNearestLocation)} miles from {job.matchTypes.nearestLocation}
        </div>
      )}
    </article>
  );
}
