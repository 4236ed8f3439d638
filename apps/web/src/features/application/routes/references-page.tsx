import { useEffect, useState } from 'react';
import { digitsOnly, referenceProblems, type ReferenceForm } from '@hcp/contracts';
import { SelectField, TextField } from '../../../components/ui/field.tsx';
import { Spinner } from '../../../components/ui/feedback.tsx';
import { StepFrame } from '../components/step-frame.tsx';
import { saveReferences, useFacilityOptions, useReferences } from '../api/employment.ts';
import layout from '../../../components/forms/form-layout.module.css';
import styles from '../components/application.module.css';

/** The two fixed forms (spec 02 section 2). */
const referenceTitles = ['Reference 1*', 'Reference 2*'];
const blank: ReferenceForm = { historyId: 0, firstName: '', lastName: '', title: '', phoneNumber: '', phoneType: '', email: '' };

/** /references: two fixed forms, both required (spec 02 sections 2 and 5). */
export default function ReferencesPage() {
  const q = useReferences();
  const facilities = useFacilityOptions();
  const [refs, setRefs] = useState<[ReferenceForm, ReferenceForm]>([blank, blank]);
  const [touched, setTouched] = useState<Record<string, boolean>>({});
  useEffect(() => {
    if (!q.data) return;
    const byNumber = (n: number) => q.data.references.find((r) => r.referenceNumber === n);
    setRefs(
      [0, 1].map((n) => {
        const r = byNumber(n);
        return r
          ? { historyId: r.historyId, firstName: r.firstName, lastName: r.lastName, title: r.title, phoneNumber: r.phoneNumber, phoneType: r.phoneType, email: r.email ?? '' }
          : blank;
      }) as [ReferenceForm, ReferenceForm],
    );
  }, [q.data]);
  if (q.isPending || facilities.isPending) return <Spinner />;
  const options = facilities.data?.facilityOptions ?? [];
  const set = (i: number, patch: Partial<ReferenceForm>) => setRefs((l) => l.map((r, j) => (j === i ? { ...r, ...patch } : r)) as [ReferenceForm, ReferenceForm]);
  const errors = refs.map(referenceProblems);
  const complete = errors.every((e) => Object.keys(e).length === 0);

  return (
    <StepFrame
      canProceed={complete}
      onSave={() =>
        saveReferences(
          refs.map((r, n) => ({
            historyId: r.historyId,
            firstName: r.firstName.trim(),
            lastName: r.lastName.trim(),
            title: r.title.trim(),
            phoneNumber: r.phoneNumber,
            phoneType: r.phoneType as 'Mobile' | 'Office',
            email: r.email.trim() || null,
            referenceNumber: n as 0 | 1,
          })),
        )
      }
    >
      <div>
        <p>Please provide two professional references from the last two years.</p>
        <ul className={styles.muted}>
          <li>We contact your references immediately after your application is completed.</li>
          <li>References are required before you can be submitted to a facility.</li>
          <li>References must have held a supervisory role (manager, director, charge nurse) and be relevant to the specialty you are applying for.</li>
        </ul>
        {options.length === 0 && <p className={layout.prompt}>Add your employment history first: a reference is chosen by the facility where they supervised you.</p>}
      </div>
      {refs.map((r, i) => {
        const t = (k: string) => touched[`${i}.${k}`];
        const touch = (k: string) => () => setTouched((s) => ({ ...s, [`${i}.${k}`]: true }));
        return (
          <section key={i} className={styles.card} aria-label={`Reference ${i + 1}`}>
            <div className={styles.cardHeader}>
              <h2>{referenceTitles[i]}</h2>
            </div>
            <div className={layout.grid}>
              <SelectField className={layout.full} label="Select Facility" required value={r.historyId || ''} onChange={(e) => set(i, { historyId: Number(e.target.value) || 0 })}>
                <option value="">Select...</option>
                {options.map((o) => (
                  <option key={o.historyId} value={o.historyId}>
                    {o.facilityInformation}
                  </option>
                ))}
              </SelectField>
              <TextField label="First Name" required maxLength={100} value={r.firstName} onChange={(e) => set(i, { firstName: e.target.value })} />
              <TextField label="Last Name" required maxLength={100} value={r.lastName} onChange={(e) => set(i, { lastName: e.target.value })} />
              <TextField label="Job Title" required maxLength={150} value={r.title} onChange={(e) => set(i, { title: e.target.value })} />
              <TextField
                label="Phone Number"
                required
                type="tel"
                inputMode="numeric"
                maxLength={10}
                value={r.phoneNumber}
                onChange={(e) => set(i, { phoneNumber: digitsOnly(e.target.value, 10) })}
                onBlur={touch('phone')}
                error={t('phone') && errors[i]!.phoneNumber ? errors[i]!.phoneNumber : null}
              />
              <SelectField label="Phone Number Type" required value={r.phoneType} onChange={(e) => set(i, { phoneType: e.target.value as ReferenceForm['phoneType'] })}>
                <option value="">Select...</option>
                <option value="Mobile">Mobile</option>
                <option value="Office">Office</option>
              </SelectField>
              <TextField
                label="Email"
                type="email"
                maxLength={254}
                value={r.email}
                onChange={(e) => set(i, { email: e.target.value })}
                onBlur={touch('email')}
                error={t('email') && errors[i]!.email ? errors[i]!.email : null}
              />
            </div>
          </section>
        );
      })}
    </StepFrame>
  );
}
