import { useEffect, useRef, useState, type ReactNode } from 'react';
import {
  WEEKLY_TRAVEL_BONUS,
  bedCountText,
  formatDate,
  formatMoney,
  formatPostalCode,
  jobPostingJsonLd,
  jobTitle,
  jsonForScript,
  showPayBreakdown,
  traumaLevelText,
  type JobDetails as JobDetailsData,
} from '@hcp/contracts';
import { Button } from '../../../components/ui/button.tsx';
import { Alert } from '../../../components/ui/feedback.tsx';
import { ExternalLink } from '../../../components/ui/external-link.tsx';
import { Modal } from '../../../components/ui/modal.tsx';
import { agency } from '../../../config/agency.ts';
import { useAuth } from '../../../lib/auth/auth-provider.tsx';
import { usePendingApply } from '../../../lib/pending-apply.ts';
import { partLoadedWhenUsed } from '../../../lib/part-loaded-when-used.tsx';
import { pageOrigin } from '../../../lib/render-env.ts';
import { whenIdle } from '../../../lib/when-idle.ts';
import { Flame } from './job-card.tsx';
import { LazyMap } from './lazy-map.tsx';
import type { StartApplicationDialogProps } from './start-application-dialog.tsx';
import { ShiftIcon } from './shift-icon.tsx';
import { openingsLabel, shiftCategoryText } from '../lib/labels.ts';
import { useJobActions } from './use-job-actions.ts';
import styles from './job-details.module.css';

// The apply dialog (its form, the form library and the date picker) loads after the job's details have shown. A
// download that fails (a phone that lost its signal) leaves the job on screen; Apply Now then says so and tries again.
const StartApplicationDialog = partLoadedWhenUsed<StartApplicationDialogProps>(
  () => import('./start-application-dialog.tsx').then((m) => m.StartApplicationDialog),
  {
    wanted: (props) => props.open,
    unavailable: (props, retry) => <ApplyFormUnavailable onClose={props.onClose} onRetry={retry} />,
  },
);

/** In place of the apply dialog whose code could not be downloaded. */
function ApplyFormUnavailable({ onClose, onRetry }: { onClose: () => void; onRetry: () => void }) {
  return (
    <Modal
      open
      onClose={onClose}
      title="Specify your desired start date and requested time off"
      footer={
        <>
          <Button variant="secondary" onClick={onClose}>
            Cancel
          </Button>
          <Button onClick={onRetry}>Try Again</Button>
        </>
      }
    >
      <Alert>The application form could not be loaded. Please check your connection and try again.</Alert>
    </Modal>
  );
}

const NA = 'Not Available';

function Section({
  title,
  children,
  greyed,
  level = 'h3',
}: {
  title: string;
  children: ReactNode;
  greyed?: boolean;
  level?: 'h2' | 'h3';
}) {
  const H = level;
  return (
    <section className={`${styles.section} ${greyed ? styles.greyed : ''}`} aria-label={title}>
      <H className={styles.sectionTitle}>{title}</H>
      {children}
    </section>
  );
}

function Row({ label, value }: { label: string; value: ReactNode }) {
  return (
    <div className={styles.kv}>
      <dt>{label}</dt>
      <dd>{value}</dd>
    </div>
  );
}

const search = (q: string) => `https://www.google.com/search?q=${encodeURIComponent(q)}`;

export interface JobDetailsProps {
  job: JobDetailsData;
  /** Embedded mode shows 'Search for more jobs' on closed jobs. */
  onSearchMore?: () => void;
  headingLevel?: 'h1' | 'h2';
}

/** Why the dialog opened by itself: the clinician applied before their application was complete. */
const RESUME_NOTICE =
  'Your TRS application is complete. Here is what you asked for when you applied: check it, then select Continue to finish applying for this job.';

export function JobDetails({ job, onSearchMore, headingLevel = 'h2' }: JobDetailsProps) {
  const actions = useJobActions(job);
  const [dialogOpen, setDialogOpen] = useState(false);
  // The dialog's code loads once the details have shown and the browser is idle, or when Apply opens it first.
  const [dialogReady, setDialogReady] = useState(false);
  useEffect(() => whenIdle(() => setDialogReady(true)), []);
  const { user, userLoaded } = useAuth();
  // An apply kept while the clinician finished their application (lib/pending-apply.ts): once it is complete, the
  // dialog opens with what they typed. A closed job, or one they applied for since, lets it go.
  const { pending, clear: clearKept, markOffered } = usePendingApply();
  const keptHere = pending?.jobId === job.jobId ? pending : null;
  const hasKept = !!keptHere;
  const resumable = hasKept && userLoaded && user.applicationComplete && job.isAvailable && !job.interested;
  const [resumed, setResumed] = useState(false);
  useEffect(() => {
    if (hasKept && (!job.isAvailable || job.interested)) clearKept();
  }, [hasKept, job.isAvailable, job.interested, clearKept]);
  useEffect(() => {
    if (!resumable || resumed) return;
    setResumed(true);
    setDialogOpen(true);
    markOffered();
  }, [resumable, resumed, markOffered]);
  const closeDialog = () => {
    setDialogOpen(false);
    // Closing the reopened dialog is the clinician's answer: the kept apply is not offered again.
    if (resumed) clearKept();
  };
  const applied = useRef<HTMLSpanElement>(null);
  const wasInterested = useRef(job.interested);
  // Applying replaces the Apply Now button (where the closing dialog would return focus) with the
  // confirmation: focus goes to the confirmation, which is also announced.
  useEffect(() => {
    if (job.interested && !wasInterested.current) applied.current?.focus();
    wasInterested.current = job.interested;
  }, [job.interested]);
  const closed = !job.isAvailable;
  const f = job.facility;
  const weeklyBonus = job.bonuses.filter((b) => b.name === WEEKLY_TRAVEL_BONUS).reduce((s, b) => s + b.amount, 0);
  const otherBonuses = job.bonuses.filter((b) => b.name !== WEEKLY_TRAVEL_BONUS);
  const stipend = job.weeklyMeals + job.weeklyLodging;
  const pageUrl = `${pageOrigin()}/careers/find-a-job/${job.jobId}`;
  const posting = jobPostingJsonLd(job, { name: agency.name, url: agency.homeSiteUrl }, pageUrl);
  const Heading = headingLevel;
  // Section headings sit one level below the job title.
  const level = headingLevel === 'h1' ? 'h2' : 'h3';
  const title = jobTitle(job.profession, job.specialty);
  const address = [f.address1, f.address2].filter(Boolean).join(', ');

  return (
    <div className={styles.details}>
      {posting && <script type="application/ld+json" dangerouslySetInnerHTML={{ __html: jsonForScript(posting) }} />}
      {closed && (
        <div className={styles.banner} role="status">
          This job has closed
        </div>
      )}
      <header className={`${styles.header} ${closed ? styles.greyed : ''}`}>
        <div className={styles.headerMain}>
          <img
            className={styles.avatar}
            src={f.imageUrl || '/avatar-facility.svg'}
            alt={`${f.facilityName}`}
            onError={(e) => {
              if (!e.currentTarget.src.endsWith('/avatar-facility.svg')) e.currentTarget.src = '/avatar-facility.svg';
            }}
          />
          <div>
            <Heading className={styles.title}>
              {title} {job.grade === 1 && <Flame />}
            </Heading>
            <div className={styles.facilityName}>{f.facilityName}</div>
            <div className={styles.muted}>
              {f.city}, {f.state} · Job #{job.jobId}
            </div>
            <div className={styles.shiftLine}>
              <ShiftIcon category={job.shiftCategory} /> {shiftCategoryText(job.shiftCategory)} · {job.shift} ·{' '}
              {openingsLabel(job.availablePositions)}
            </div>
            <div className={styles.muted}>
              {job.duration} Weeks · Starts {formatDate(job.startDate)}
            </div>
            <div className={styles.gross}>
              {formatMoney(job.grossWeeklyPay, true)} <span className={styles.muted}>estimated gross weekly pay</span>
            </div>
          </div>
        </div>
        {!closed && (
          <div className={styles.actions}>
            <Button
              variant="secondary"
              aria-pressed={job.favorited}
              onClick={actions.toggleFavorite}
              disabled={!!actions.flip}
            >
              {job.favorited ? '♥ Favorited' : '♡ Add to Favorites'}
            </Button>
            {job.interested ? (
              <span className={styles.applied} ref={applied} tabIndex={-1} role="status">
                You applied for this job
              </span>
            ) : (
              <Button onClick={() => setDialogOpen(true)} disabled={actions.applying}>
                {actions.applying ? 'Applying...' : 'Apply Now'}
              </Button>
            )}
          </div>
        )}
        {actions.flip && (
          <div role="status" className={styles.flip}>
            {actions.flip}
          </div>
        )}
        {actions.favoriteError && <Alert>{actions.favoriteError}</Alert>}
      </header>
      {closed && onSearchMore && (
        <Button variant="secondary" onClick={onSearchMore}>
          Search for more jobs
        </Button>
      )}

      <Section title="Pay Breakdown" greyed={closed} level={level}>
        {showPayBreakdown(job.shift) ? (
          <dl className={styles.dl}>
            <Row label="Hourly Rate" value={formatMoney(job.hourlyRate)} />
            <Row label={`Regular Pay (${job.regularPayHours} hrs)`} value={formatMoney(job.regularPayPerWeek)} />
            {job.overtimePayHours > 0 && (
              <Row
                label={`Overtime Pay (${job.overtimePayHours} hrs at ${formatMoney(job.overTimeRate)})`}
                value={formatMoney(job.overtimePayPerWeek)}
              />
            )}
            {job.premiumPayHours > 0 && (
              <Row
                label={`Premium Pay (${job.premiumPayHours} hrs at ${formatMoney(job.premiumRate)})`}
                value={formatMoney(job.premiumPayPerWeek)}
              />
            )}
            {job.caliOvertimePayHours1 > 0 && (
              <Row
                label={`California Overtime (${job.caliOvertimePayHours1} hrs at ${formatMoney(job.caliOverTimeRate1)})`}
                value={formatMoney(job.caliOvertimePayPerWeek1)}
              />
            )}
            {job.caliOvertimePayHours2 > 0 && (
              <Row
                label={`California Double Time (${job.caliOvertimePayHours2} hrs at ${formatMoney(job.caliOverTimeRate2)})`}
                value={formatMoney(job.caliOvertimePayPerWeek2)}
              />
            )}
            <Row label="Tax-Free Stipend (meals and lodging per week)" value={formatMoney(stipend)} />
            {weeklyBonus > 0 && <Row label={WEEKLY_TRAVEL_BONUS} value={formatMoney(weeklyBonus)} />}
            <Row label="Estimated Gross Weekly Pay" value={<strong>{formatMoney(job.grossWeeklyPay)}</strong>} />
            {job.onCallRate > 0 && <Row label="On-Call Rate" value={`${formatMoney(job.onCallRate)}/hr`} />}
            {job.callBackRate > 0 && <Row label="Call-Back Rate" value={`${formatMoney(job.callBackRate)}/hr`} />}
            {otherBonuses.map((b) => (
              <Row key={b.name} label={`${b.name} (one time)`} value={formatMoney(b.amount)} />
            ))}
          </dl>
        ) : (
          <p className={styles.muted}>
            This assignment combines several shift lengths ({job.shift}); your recruiter will walk you through the
            weekly pay of {formatMoney(job.grossWeeklyPay)}.
          </p>
        )}
      </Section>

      <Section title="Facility Details" greyed={closed} level={level}>
        <dl className={styles.dl}>
          <Row label="Address" value={address ? `${address}, ${f.city}, ${f.state} ${formatPostalCode(f.zip)}` : NA} />
          <Row label="Scrub Color" value={f.scrubColor || NA} />
          <Row label="Bed Count" value={bedCountText(f.bedCount)} />
          <Row label="Charting Systems" value={f.chartingSystems.length ? f.chartingSystems.join(', ') : NA} />
          <Row label="Trauma Level" value={traumaLevelText(f.traumaLevel)} />
        </dl>
        {f.lat !== null && f.lng !== null && (
          <LazyMap
            lat={f.lat}
            lng={f.lng}
            name={f.facilityName}
            address={[f.facilityName, address, `${f.city}, ${f.state} ${formatPostalCode(f.zip)}`.trim()]
              .filter(Boolean)
              .join(', ')}
          />
        )}
      </Section>

      <Section title="Minimum Requirements" greyed={closed} level={level}>
        {job.minimumRequirements.length ? (
          <ul>
            {job.minimumRequirements.map((r) => (
              <li key={r}>{r}</li>
            ))}
          </ul>
        ) : (
          <p>{NA}</p>
        )}
      </Section>

      <Section title={`About ${f.city}, ${f.state}`} greyed={closed} level={level}>
        <ul className={styles.links}>
          <li>
            <ExternalLink href={search(`furnished housing ${f.city}, ${f.state}`)}>Housing in {f.city}</ExternalLink>
          </li>
          <li>
            <ExternalLink href={search(`weather ${f.city}, ${f.state}`)}>Weather in {f.city}</ExternalLink>
          </li>
          <li>
            <ExternalLink href={search(`cost of living ${f.city}, ${f.state}`)}>
              Cost of living in {f.city}
            </ExternalLink>
          </li>
        </ul>
      </Section>

      <Section title="Benefits" greyed={closed} level={level}>
        <ul>
          {job.benefitsOfTrs.map((b) => (
            <li key={b}>{b}</li>
          ))}
        </ul>
      </Section>

      <Section title={`About ${agency.name}`} greyed={closed} level={level}>
        <p>
          {agency.name} places travel nurses and allied clinicians with hospitals across the country. A dedicated
          recruiter supports you from application to your last shift.
        </p>
        <p>
          Questions about this job? Call your recruiter at{' '}
          <a href={`tel:${agency.recruiterPhone.replace(/[^\d+]/g, '')}`}>{agency.recruiterPhone}</a>, Monday to Friday,
          8 a.m. to 5 p.m. Central.
        </p>
      </Section>

      {!closed && (dialogReady || dialogOpen) && (
        <StartApplicationDialog
          key={dialogOpen ? 'open' : 'closed'}
          job={job}
          open={dialogOpen}
          onClose={closeDialog}
          pending={actions.applying}
          error={actions.applyError}
          initial={resumed && keptHere ? keptHere.draft : undefined}
          notice={resumed && keptHere ? RESUME_NOTICE : undefined}
          onSubmit={(body, draft) => actions.apply(body, draft, () => setDialogOpen(false))}
        />
      )}
    </div>
  );
}
