import { useState, type ReactNode } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import {
  formatDate,
  formatPostalCode,
  isCertificationExpired,
  isFutureMonthYear,
  licenseTypeNames,
  localIsoDate,
  referenceStatusLabels,
  type Profile,
  type ProfileReference,
} from '@hcp/contracts';
import { PageFrame } from '../../../components/layout/page.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Alert, EmptyState, Spinner } from '../../../components/ui/feedback.tsx';
import { useProfile } from '../api/profile.ts';
import { EmploymentModal } from '../components/employment-modal.tsx';
import { ReferenceModal } from '../components/reference-modal.tsx';
import styles from '../components/profile.module.css';

const phone = (p: string) => (/^\d{10}$/.test(p) ? `(${p.slice(0, 3)}) ${p.slice(3, 6)}-${p.slice(6)}` : p);
const yesNoText = (v: boolean | null) => (v === null ? '' : v ? 'Yes' : 'No');

function Section({ title, action, children }: { title: string; action?: ReactNode; children: ReactNode }) {
  const id = `profile-${title.toLowerCase().replace(/[^a-z]+/g, '-')}`;
  return (
    <section className={styles.card} aria-labelledby={id}>
      <div className={styles.cardHeader}>
        <h2 id={id}>{title}</h2>
        {action}
      </div>
      {children}
    </section>
  );
}

function Summary({ rows }: { rows: [string, ReactNode][] }) {
  const shown = rows.filter(([, v]) => v !== '' && v !== null && v !== undefined);
  return (
    <dl className={styles.summary}>
      {shown.map(([k, v]) => (
        <div key={k} style={{ display: 'contents' }}>
          <dt>{k}</dt>
          <dd>{v}</dd>
        </div>
      ))}
    </dl>
  );
}

function address(p: Profile) {
  if (!p.streetAddress) return '';
  const region =
    p.country === 'Canada'
      ? `${p.province ?? ''} ${formatPostalCode(p.postalCode ?? '')}`
      : `${p.state ?? ''} ${p.zipCode ?? ''}`;
  return (
    <>
      {p.streetAddress}
      <br />
      {p.city}, {region.trim()}
      {p.country ? (
        <>
          <br />
          {p.country}
        </>
      ) : null}
    </>
  );
}

function StatusBadge({ r }: { r: ProfileReference }) {
  const cls = r.status === 'answered' ? styles.badgeSuccess : r.status === 'requested' ? styles.badgeInfo : '';
  return <span className={`${styles.badge} ${cls}`}>{referenceStatusLabels[r.status]}</span>;
}

/** /profile-page: read-only sections; employment records and references can be added through modals. */
export default function ProfilePage() {
  const q = useProfile();
  const qc = useQueryClient();
  const [modal, setModal] = useState<'employment' | 'reference' | null>(null);
  const [notice, setNotice] = useState<string | null>(null);

  const saved = (what: string) => {
    setModal(null);
    setNotice(what);
    void qc.invalidateQueries({ queryKey: ['profile'] });
  };

  if (q.isPending)
    return (
      <PageFrame title="Profile">
        <Spinner />
      </PageFrame>
    );
  if (q.isError || !q.data)
    return (
      <PageFrame title="Profile">
        <Alert>Something went wrong. Please try again.</Alert>
      </PageFrame>
    );
  const p = q.data;

  return (
    <PageFrame title="Profile">
      <p className={styles.intro}>Contact your recruiter for more information</p>
      {notice && <Alert tone="success">{notice}</Alert>}
      <div className={styles.cards}>
        <Section title="Biodata and Contact Info">
          <Summary
            rows={[
              ['Name', `${p.firstName} ${p.lastName}`],
              ['Phone', phone(p.phoneNumber)],
              ['Email', p.email],
              ['Date of Birth', formatDate(p.dob)],
              ['Address', address(p)],
            ]}
          />
        </Section>

        <Section title="License Information">
          {p.licenses.length === 0 ? (
            <EmptyState>No licenses on file.</EmptyState>
          ) : (
            <ul className={styles.items}>
              {p.licenses.map((l) => (
                <li key={l.licenseId} className={styles.item}>
                  <h3 className={styles.itemTitle}>
                    {l.stateName} {l.licenseType ?? ''}
                    {/* The license is as the clinician typed it: nobody has checked it, so it is not shown as active. */}
                    {l.isActive ? (
                      <span className={styles.badge}>Self-reported</span>
                    ) : (
                      <span className={styles.badge}>Inactive</span>
                    )}
                  </h3>
                  <Summary
                    rows={[
                      [
                        'License Type',
                        l.licenseType
                          ? (licenseTypeNames[l.licenseType as keyof typeof licenseTypeNames] ?? l.licenseType)
                          : '',
                      ],
                      ['License Number', l.licenseNumber],
                      ['Name on License', l.nameOnLicense],
                      ['Issue Date', formatDate(l.issueDate)],
                      ['Expiration Date', formatDate(l.expirationDate)],
                      ['Compact', yesNoText(l.isCompact)],
                    ]}
                  />
                </li>
              ))}
            </ul>
          )}
        </Section>

        <Section title="Education">
          {p.degrees.length === 0 ? (
            <EmptyState>No education on file.</EmptyState>
          ) : (
            <ul className={styles.items}>
              {p.degrees.map((d) => (
                <li key={d.degreeId} className={styles.item}>
                  <h3 className={styles.itemTitle}>{d.school}</h3>
                  <Summary
                    rows={[
                      ['Degree', d.degreeType],
                      ['Field', d.degreeField],
                      ['Location', d.location],
                      [isFutureMonthYear(d.degreeDate, new Date()) ? 'Expected graduation' : 'Graduated', d.degreeDate],
                    ]}
                  />
                </li>
              ))}
            </ul>
          )}
        </Section>

        <Section
          title="Employment History"
          action={
            <Button variant="secondary" size="sm" onClick={() => setModal('employment')}>
              Add Employment
            </Button>
          }
        >
          {p.employmentHistories.length === 0 ? (
            <EmptyState>No employment history on file.</EmptyState>
          ) : (
            <ul className={styles.items}>
              {p.employmentHistories.map((e) => (
                <li key={e.employmentHistoryId} className={styles.item}>
                  <h3 className={styles.itemTitle}>
                    {e.facilityName ?? e.employmentType}
                    {e.isVerified && <span className={`${styles.badge} ${styles.badgeSuccess}`}>Verified</span>}
                  </h3>
                  <Summary
                    rows={[
                      ['Type', e.employmentType],
                      ['Dates', `${e.startDate} - ${e.endDate ?? 'Present'}`],
                      ['Location', [e.city, e.state].filter(Boolean).join(', ')],
                      ['Agency', e.agencyName],
                      ['Profession', e.profession],
                      ['Specialties', e.specialties.join(', ')],
                      ['Charge', yesNoText(e.isCharge)],
                      ['Units Floated', e.unitsFloated],
                    ]}
                  />
                </li>
              ))}
            </ul>
          )}
        </Section>

        <Section title="Certifications">
          {p.certifications.length === 0 ? (
            <EmptyState>No certifications on file.</EmptyState>
          ) : (
            <ul className={styles.items}>
              {p.certifications.map((c) => (
                <li key={c.certId} className={styles.item}>
                  <h3 className={styles.itemTitle}>
                    {c.certificationType}
                    {c.verified && <span className={`${styles.badge} ${styles.badgeSuccess}`}>Verified</span>}
                    {isCertificationExpired(c.expirationDate, localIsoDate()) && (
                      <span className={`${styles.badge} ${styles.badgeWarning}`}>Expired</span>
                    )}
                  </h3>
                  <Summary
                    rows={[
                      ['Expiration Date', formatDate(c.expirationDate)],
                      ['Completion Date', formatDate(c.completionDate)],
                      ['Issued By', c.issuedBy],
                    ]}
                  />
                </li>
              ))}
            </ul>
          )}
        </Section>

        <Section
          title="References"
          action={
            <Button variant="secondary" size="sm" onClick={() => setModal('reference')}>
              Add Reference
            </Button>
          }
        >
          {p.references.length === 0 ? (
            <EmptyState>No references on file.</EmptyState>
          ) : (
            <ul className={styles.items}>
              {p.references.map((r) => (
                <li key={r.referenceId} className={styles.item} aria-label={`Reference ${r.firstName} ${r.lastName}`}>
                  <h3 className={styles.itemTitle}>
                    {r.firstName} {r.lastName}
                    <StatusBadge r={r} />
                  </h3>
                  <Summary
                    rows={[
                      ['Job Title', r.title],
                      [
                        'Facility',
                        [r.facility, [r.facilityCity, r.facilityState].filter(Boolean).join(', ')]
                          .filter(Boolean)
                          .join(' - '),
                      ],
                      ['Phone', `${phone(r.phoneNumber)} (${r.phoneType})`],
                      ['Email', r.email],
                      ['Received', r.answeredAt ? formatDate(r.answeredAt) : ''],
                    ]}
                  />
                </li>
              ))}
            </ul>
          )}
        </Section>
      </div>
      <EmploymentModal
        open={modal === 'employment'}
        onClose={() => setModal(null)}
        onSaved={() => saved('Employment record added.')}
      />
      <ReferenceModal
        open={modal === 'reference'}
        onClose={() => setModal(null)}
        onSaved={() => saved('Reference added.')}
        records={p.employmentHistories}
        references={p.references}
      />
    </PageFrame>
  );
}
