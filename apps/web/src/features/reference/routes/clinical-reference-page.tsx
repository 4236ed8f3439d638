import { useId, useState, type ReactNode } from 'react';
import { useParams } from 'react-router';
import {
  isReferenceSubmissionComplete,
  ratedQuestions,
  ratingScale,
  referenceFormMessages,
  referenceHistoryTypes,
  type RatingKey,
  type ReferenceAutofill,
} from '@hcp/contracts';
import { PageTitle } from '../../../components/layout/page.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Alert, Spinner } from '../../../components/ui/feedback.tsx';
import { SelectField, TextAreaField, TextField } from '../../../components/ui/field.tsx';
import { Modal } from '../../../components/ui/modal.tsx';
import { agency } from '../../../config/agency.ts';
import { ApiError } from '../../../lib/api-client.ts';
import { userMessage } from '../../../lib/error-messages.ts';
import { useMediaQuery } from '../../../lib/use-media-query.ts';
import { submitProfessionalClinicalReference, useReferenceAutofill } from '../api/reference-form.ts';
import styles from '../components/reference-form.module.css';

const TITLE = 'Clinical & Professional Reference';

interface FormState {
  historyTypeId: number;
  name: string;
  unit: string;
  discipline: string;
  specialty: string;
  wasCharge: boolean | null;
  emr: string;
  ratings: Record<RatingKey, number>;
  comments: string;
  supervisorName: string;
  supervisorTitle: string;
  referenceDate: string;
  facilityName: string;
  cityState: string;
  startDate: string;
  endDate: string;
}

const noRatings = Object.fromEntries(ratedQuestions.map((q) => [q.key, 0])) as Record<RatingKey, number>;
const blank: FormState = {
  historyTypeId: 0,
  name: '',
  unit: '',
  discipline: '',
  specialty: '',
  wasCharge: null,
  emr: '',
  ratings: noRatings,
  comments: '',
  supervisorName: '',
  supervisorTitle: '',
  referenceDate: '',
  facilityName: '',
  cityState: '',
  startDate: '',
  endDate: '',
};

/** Autofill -> the form; the unit is not copied on desktop (the field starts blank). */
function fromAutofill(a: ReferenceAutofill, mobile: boolean): FormState {
  return {
    ...blank,
    historyTypeId: referenceHistoryTypes.some((t) => t.value === a.historyTypeId) ? a.historyTypeId : 0,
    name: a.name,
    discipline: a.discipline,
    specialty: a.specialty,
    wasCharge: a.wasCharge,
    unit: mobile ? (a.unit ?? '') : '',
    supervisorName: a.supervisorName,
    supervisorTitle: a.supervisorTitle,
    facilityName: a.facilityName,
    referenceDate: a.referenceDate ?? '',
    cityState: a.facCityState,
    startDate: a.evalStartDate ?? '',
    endDate: a.evalEndDate ?? '',
  };
}

function toSubmission(guid: string, f: FormState) {
  return {
    ReferenceGuid: guid,
    HistoryTypeId: String(f.historyTypeId),
    HcpName: f.name,
    HcpDiscipline: f.discipline,
    HcpSpecialty: f.specialty,
    WasCharge: f.wasCharge,
    EmrWorked: f.emr,
    ...f.ratings,
    Comments: f.comments,
    SupervisorName: f.supervisorName,
    SupervisorTitle: f.supervisorTitle,
    FacilityName: f.facilityName,
    ReferenceDate: f.referenceDate || null,
    CityState: f.cityState,
    StartDate: f.startDate || null,
    EndDate: f.endDate || null,
    Unit: f.unit,
  };
}

function Frame({ children }: { children: ReactNode }) {
  return (
    <div className={styles.page}>
      <PageTitle title={TITLE} />
      <h1>{TITLE}</h1>
      {children}
    </div>
  );
}

/** /clinical-professional-reference/{guid}: the public form a former supervisor fills in from the mailed link. */
export default function ClinicalReferencePage() {
  const guid = useParams().guid ?? '';
  const autofill = useReferenceAutofill(guid);
  const mobile = useMediaQuery('(max-width: 800px)');

  if (!guid)
    return (
      <Frame>
        <div className={styles.message}>
          <Alert tone="warning">{referenceFormMessages.unknown}</Alert>
        </div>
      </Frame>
    );
  if (autofill.isPending) return <Frame><Spinner label="Loading the reference form" /></Frame>;
  if (autofill.isError && autofill.error instanceof ApiError && (autofill.error.status === 404 || autofill.error.status === 410)) {
    const code = autofill.error.problem?.code;
    const text = userMessage(autofill.error) ?? referenceFormMessages.unknown;
    return (
      <Frame>
        <div className={styles.message}>
          <Alert tone={code === 'reference_answered' ? 'info' : 'warning'}>{text}</Alert>
          <p>
            <a href={agency.homeSiteUrl}>Visit {agency.name}</a>
          </p>
        </div>
      </Frame>
    );
  }
  if (autofill.isError && autofill.error instanceof ApiError && autofill.error.status === 429)
    return (
      <Frame>
        <div className={styles.message}>
          <Alert tone="warning">Too many requests from your network. Please try again in a little while.</Alert>
        </div>
      </Frame>
    );
  return (
    <Frame>
      <ReferenceForm guid={guid} initial={autofill.data ? fromAutofill(autofill.data, mobile) : blank} mobile={mobile} />
    </Frame>
  );
}

function ReferenceForm({ guid, initial, mobile }: { guid: string; initial: FormState; mobile: boolean }) {
  const [f, setF] = useState<FormState>(initial);
  const [busy, setBusy] = useState(false);
  const [failed, setFailed] = useState(false);
  const [done, setDone] = useState(false);
  const set = (patch: Partial<FormState>) => setF((s) => ({ ...s, ...patch }));
  const submission = toSubmission(guid, f);
  const complete = isReferenceSubmissionComplete({ ...submission, HistoryTypeId: f.historyTypeId });
  const name = f.name.trim() || 'the clinician';

  const submit = async () => {
    setBusy(true);
    setFailed(false);
    const ok = await submitProfessionalClinicalReference(submission);
    setBusy(false);
    if (ok) setDone(true);
    else setFailed(true);
  };

  const supervisor = {
    name: <TextField key="name" label="Supervisor Name" required maxLength={200} value={f.supervisorName} onChange={(e) => set({ supervisorName: e.target.value })} />,
    date: <TextField key="date" label="Reference Date" required type="date" value={f.referenceDate} onChange={(e) => set({ referenceDate: e.target.value })} />,
    title: <TextField key="title" label="Supervisor Title" required maxLength={200} value={f.supervisorTitle} onChange={(e) => set({ supervisorTitle: e.target.value })} />,
    facility: <TextField key="facility" label="Facility Name" required maxLength={200} value={f.facilityName} onChange={(e) => set({ facilityName: e.target.value })} />,
    cityState: <TextField key="cityState" label="City/State" required maxLength={200} value={f.cityState} onChange={(e) => set({ cityState: e.target.value })} />,
    start: <TextField key="start" label="Start Date" type="date" value={f.startDate} onChange={(e) => set({ startDate: e.target.value })} />,
    end: (
      <TextField
        key="end"
        label="End Date"
        type="date"
        value={f.endDate}
        min={f.startDate || undefined}
        onChange={(e) => set({ endDate: e.target.value })}
        error={f.startDate && f.endDate && f.endDate < f.startDate ? 'The end date cannot be before the start date' : null}
      />
    ),
  };
  // Desktop: 8 slots in the spec's order, padded with an empty placeholder.
  const desktopSlots = [supervisor.name, supervisor.date, supervisor.title, supervisor.facility, supervisor.cityState, supervisor.start, supervisor.end];
  while (desktopSlots.length < 8) desktopSlots.push(<div key={`slot-${desktopSlots.length}`} className={styles.placeholderSlot} aria-hidden="true" />);
  const mobileSlots = [supervisor.name, supervisor.title, supervisor.date, supervisor.facility, supervisor.cityState, supervisor.start, supervisor.end];

  return (
    <div className={mobile ? styles.mobile : styles.desktop} data-layout={mobile ? 'mobile' : 'desktop'}>
      <div className={styles.statement}>
        <p>
          A hospital accreditation body requires us to document the competency and performance of {name} for a contingency staff position. {name} registered
          with {agency.name} and listed you as a previous employer.
        </p>
        <p>Please verify the employment information below and evaluate {name}&apos;s job performance. It takes about five minutes.</p>
      </div>

      <section className={styles.section} aria-labelledby="ref-clinician">
        <h2 id="ref-clinician">Clinician Information</h2>
        {mobile ? (
          <SelectField label="Employment Type" required value={f.historyTypeId} onChange={(e) => set({ historyTypeId: Number(e.target.value) })}>
            {/* 'Select...' (0) is hidden once a real type is chosen. */}
            {f.historyTypeId === 0 && <option value={0}>Select...</option>}
            {referenceHistoryTypes.map((t) => (
              <option key={t.value} value={t.value}>
                {t.label}
              </option>
            ))}
          </SelectField>
        ) : (
          <RadioGroup
            legend="Employment Type *"
            name="historyTypeId"
            options={referenceHistoryTypes.map((t) => ({ value: t.value, label: t.label }))}
            value={f.historyTypeId}
            onChange={(v) => set({ historyTypeId: v })}
          />
        )}
        <div className={mobile ? styles.stack : styles.grid2}>
          <TextField label="Name" required maxLength={200} value={f.name} onChange={(e) => set({ name: e.target.value })} />
          <TextField label="Unit" maxLength={200} value={f.unit} onChange={(e) => set({ unit: e.target.value })} />
          <TextField label="Discipline" required maxLength={200} value={f.discipline} onChange={(e) => set({ discipline: e.target.value })} />
          <TextField label="Specialty" required maxLength={300} value={f.specialty} onChange={(e) => set({ specialty: e.target.value })} />
        </div>
        <RadioGroup
          legend="Was clinician ever in a Charge capacity? *"
          name="wasCharge"
          options={[
            { value: 1, label: 'Yes' },
            { value: 0, label: 'No' },
          ]}
          value={f.wasCharge === null ? -1 : f.wasCharge ? 1 : 0}
          onChange={(v) => set({ wasCharge: v === 1 })}
        />
        <TextField label="EMR" required maxLength={200} hint="Electronic medical records system(s) the clinician worked with" value={f.emr} onChange={(e) => set({ emr: e.target.value })} />
      </section>

      <section className={styles.section} aria-labelledby="ref-evaluation">
        <h2 id="ref-evaluation">Performance Evaluation</h2>
        <p className={styles.scaleNote}>Rate each statement: Did Not Observe, Needs Improvement, Met Expectations or Exceeds Expectations.</p>
        {ratedQuestions.map((q, i) => (
          <RadioGroup
            key={q.key}
            className={styles.rating}
            legend={`${i + 1}. ${q.text} *`}
            name={q.key}
            stacked={mobile}
            options={ratingScale.map((s) => ({ value: s.value, label: s.label }))}
            value={f.ratings[q.key]}
            onChange={(v) => set({ ratings: { ...f.ratings, [q.key]: v } })}
          />
        ))}
        <TextAreaField label="Comments" rows={5} maxLength={4000} placeholder="Please type your comments here." value={f.comments} onChange={(e) => set({ comments: e.target.value })} />
      </section>

      <section className={styles.section} aria-labelledby="ref-supervisor">
        <h2 id="ref-supervisor">Supervisor submitting reference</h2>
        <div className={mobile ? styles.stack : styles.grid2}>{mobile ? mobileSlots : desktopSlots}</div>
      </section>

      {failed && <Alert>Form submission failed</Alert>}
      <div className={styles.actions}>
        <Button size="lg" onClick={submit} disabled={!complete || busy}>
          {busy ? 'Submitting...' : 'Submit'}
        </Button>
      </div>

      <ThankYou open={done} />
    </div>
  );
}

function ThankYou({ open }: { open: boolean }) {
  return (
    <Modal open={open} onClose={() => {}} dismissable={false} title="Submitted. Thank you!" size="sm">
      <p>Your reference has been received. We appreciate your time.</p>
      <div className={styles.actions}>
        <Button onClick={() => window.location.assign(agency.homeSiteUrl)}>
          OK
        </Button>
      </div>
    </Modal>
  );
}

function RadioGroup({
  legend,
  name,
  options,
  value,
  onChange,
  stacked,
  className,
}: {
  legend: string;
  name: string;
  options: { value: number; label: string }[];
  value: number;
  onChange: (v: number) => void;
  stacked?: boolean;
  className?: string;
}) {
  const id = useId();
  return (
    <fieldset className={`${styles.fieldset} ${className ?? ''}`}>
      <legend>{legend}</legend>
      <div className={stacked ? styles.optionsStacked : styles.options}>
        {options.map((o) => (
          <label key={o.value} className={styles.option} htmlFor={`${id}-${o.value}`}>
            <input id={`${id}-${o.value}`} type="radio" name={`${name}-${id}`} value={o.value} checked={value === o.value} onChange={() => onChange(o.value)} />
            {o.label}
          </label>
        ))}
      </div>
    </fieldset>
  );
}
