import { useId, useState, type ReactNode } from 'react';
import { useParams } from 'react-router';
import { Controller } from 'react-hook-form';
import type { z } from 'zod';
import {
  REFERENCE_COMMENTS_MAX,
  clinicalReferenceFormSchema,
  clinicalReferenceSubmission,
  ratedQuestions,
  ratingScale,
  referenceFormMessages,
  referenceHistoryTypes,
  type ClinicalReferenceFormValues,
  type RatingKey,
  type ReferenceAutofill,
} from '@hcp/contracts';
import { PageTitle } from '../../../components/layout/page.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Alert, Spinner } from '../../../components/ui/feedback.tsx';
import { SelectField, TextAreaField, TextField } from '../../../components/ui/field.tsx';
import { Modal } from '../../../components/ui/modal.tsx';
import { DatePicker } from '../../../components/ui/date-picker.tsx';
import { siteOf, useLeavePortal } from '../../../components/ui/external-link.tsx';
import { boundSelect, fieldError, useFormValid, useZodForm } from '../../../components/ui/form.tsx';
import { agency } from '../../../config/agency.ts';
import { ApiError } from '../../../lib/api-client.ts';
import { userMessage } from '../../../lib/error-messages.ts';
import { useBreakpoint } from '../../../lib/use-media-query.ts';
import { submitProfessionalClinicalReference, useReferenceAutofill } from '../api/reference-form.ts';
import styles from '../components/reference-form.module.css';

const TITLE = 'Clinical & Professional Reference';

const noRatings = Object.fromEntries(ratedQuestions.map((q) => [q.key, 0])) as Record<RatingKey, number>;
const blank: ClinicalReferenceFormValues = {
  HistoryTypeId: 0,
  HcpName: '',
  Unit: '',
  HcpDiscipline: '',
  HcpSpecialty: '',
  WasCharge: null,
  EmrWorked: '',
  ...noRatings,
  Comments: '',
  SupervisorName: '',
  SupervisorTitle: '',
  ReferenceDate: '',
  FacilityName: '',
  CityState: '',
  StartDate: '',
  EndDate: '',
};

/** Autofill -> the form; the unit is not copied on desktop (the field starts blank). */
function fromAutofill(a: ReferenceAutofill, mobile: boolean): ClinicalReferenceFormValues {
  return {
    ...blank,
    HistoryTypeId: referenceHistoryTypes.some((t) => t.value === a.historyTypeId) ? a.historyTypeId : 0,
    HcpName: a.name,
    HcpDiscipline: a.discipline,
    HcpSpecialty: a.specialty,
    WasCharge: a.wasCharge,
    Unit: mobile ? (a.unit ?? '') : '',
    SupervisorName: a.supervisorName,
    SupervisorTitle: a.supervisorTitle,
    FacilityName: a.facilityName,
    ReferenceDate: a.referenceDate ?? '',
    CityState: a.facCityState,
    StartDate: a.evalStartDate ?? '',
    EndDate: a.evalEndDate ?? '',
  };
}

/** How much of the comment box is used; at the limit it says the box takes no more. */
const commentsCount = (n: number) =>
  n >= REFERENCE_COMMENTS_MAX
    ? `${n} of ${REFERENCE_COMMENTS_MAX} characters: the limit is reached`
    : `${n} of ${REFERENCE_COMMENTS_MAX} characters`;

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
  const mobile = useBreakpoint('phone');

  if (!guid)
    return (
      <Frame>
        <div className={styles.message}>
          <Alert tone="warning">{referenceFormMessages.unknown}</Alert>
        </div>
      </Frame>
    );
  if (autofill.isPending)
    return (
      <Frame>
        <Spinner label="Loading the reference form" />
      </Frame>
    );
  if (
    autofill.isError &&
    autofill.error instanceof ApiError &&
    (autofill.error.status === 404 || autofill.error.status === 410)
  ) {
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
      <ReferenceForm
        guid={guid}
        initial={autofill.data ? fromAutofill(autofill.data, mobile) : blank}
        mobile={mobile}
      />
    </Frame>
  );
}

function ReferenceForm({
  guid,
  initial,
  mobile,
}: {
  guid: string;
  initial: ClinicalReferenceFormValues;
  mobile: boolean;
}) {
  // The end date's message follows every change of either date.
  const form = useZodForm(clinicalReferenceFormSchema, { defaultValues: initial, mode: 'onChange' });
  const complete = useFormValid(form);
  const [busy, setBusy] = useState(false);
  const [failed, setFailed] = useState(false);
  const [done, setDone] = useState(false);
  const values = form.watch();
  const name = values.HcpName.trim() || 'the clinician';

  const submit = async (v: z.output<typeof clinicalReferenceFormSchema>) => {
    setBusy(true);
    setFailed(false);
    const ok = await submitProfessionalClinicalReference(clinicalReferenceSubmission(guid, v));
    setBusy(false);
    if (ok) setDone(true);
    else setFailed(true);
  };

  /** The form's date fields: typed as MM/DD/YYYY or chosen from the calendar, a day that does not exist named. */
  const dateField = (
    name: 'ReferenceDate' | 'StartDate' | 'EndDate',
    label: string,
    required: boolean,
    deps?: 'EndDate'[],
  ) => (
    <Controller
      key={name}
      control={form.control}
      name={name}
      rules={deps ? { deps } : undefined}
      render={({ field }) => (
        <DatePicker
          label={label}
          required={required}
          name={field.name}
          value={field.value}
          error={fieldError(form, name)}
          onChange={(v) => {
            field.onChange(v);
            field.onBlur();
          }}
        />
      )}
    />
  );

  const supervisor = {
    name: (
      <TextField key="name" label="Supervisor Name" required maxLength={200} {...form.register('SupervisorName')} />
    ),
    date: dateField('ReferenceDate', 'Reference Date', true),
    title: (
      <TextField key="title" label="Supervisor Title" required maxLength={200} {...form.register('SupervisorTitle')} />
    ),
    facility: (
      <TextField key="facility" label="Facility Name" required maxLength={200} {...form.register('FacilityName')} />
    ),
    cityState: (
      <TextField key="cityState" label="City/State" required maxLength={200} {...form.register('CityState')} />
    ),
    start: dateField('StartDate', 'Start Date', false, ['EndDate']),
    // No lower bound on the end date itself: an end before the start is named by the form's own rule, and goes
    // away as soon as either date is corrected.
    end: dateField('EndDate', 'End Date', false),
  };
  // Desktop: 8 slots in the agreed reading order, padded with an empty placeholder.
  const desktopSlots = [
    supervisor.name,
    supervisor.date,
    supervisor.title,
    supervisor.facility,
    supervisor.cityState,
    supervisor.start,
    supervisor.end,
  ];
  while (desktopSlots.length < 8)
    desktopSlots.push(
      <div key={`slot-${desktopSlots.length}`} className={styles.placeholderSlot} aria-hidden="true" />,
    );
  const mobileSlots = [
    supervisor.name,
    supervisor.title,
    supervisor.date,
    supervisor.facility,
    supervisor.cityState,
    supervisor.start,
    supervisor.end,
  ];

  return (
    <div className={mobile ? styles.mobile : styles.desktop} data-layout={mobile ? 'mobile' : 'desktop'}>
      <div className={styles.statement}>
        <p>
          A hospital accreditation body requires us to document the competency and performance of {name} for a
          contingency staff position. {name} registered with {agency.name} and listed you as a previous employer.
        </p>
        <p>
          Please verify the employment information below and evaluate {name}&apos;s job performance. It takes about five
          minutes.
        </p>
      </div>

      <section className={styles.section} aria-labelledby="ref-clinician">
        <h2 id="ref-clinician">Clinician Information</h2>
        {mobile ? (
          <SelectField label="Employment Type" required {...boundSelect(form, 'HistoryTypeId', { setValueAs: Number })}>
            {/* 'Select...' (0) is hidden once a real type is chosen. */}
            {values.HistoryTypeId === 0 && <option value={0}>Select...</option>}
            {referenceHistoryTypes.map((t) => (
              <option key={t.value} value={t.value}>
                {t.label}
              </option>
            ))}
          </SelectField>
        ) : (
          <Controller
            control={form.control}
            name="HistoryTypeId"
            render={({ field }) => (
              <RadioGroup
                legend="Employment Type *"
                name="historyTypeId"
                options={referenceHistoryTypes.map((t) => ({ value: t.value, label: t.label }))}
                value={field.value}
                onChange={field.onChange}
              />
            )}
          />
        )}
        <div className={mobile ? styles.stack : styles.grid2}>
          <TextField label="Name" required maxLength={200} {...form.register('HcpName')} />
          <TextField label="Unit" maxLength={200} {...form.register('Unit')} />
          <TextField label="Discipline" required maxLength={200} {...form.register('HcpDiscipline')} />
          <TextField label="Specialty" required maxLength={300} {...form.register('HcpSpecialty')} />
        </div>
        <Controller
          control={form.control}
          name="WasCharge"
          render={({ field }) => (
            <RadioGroup
              legend="Was clinician ever in a Charge capacity? *"
              name="wasCharge"
              options={[
                { value: 1, label: 'Yes' },
                { value: 0, label: 'No' },
              ]}
              value={field.value === null ? -1 : field.value ? 1 : 0}
              onChange={(v) => field.onChange(v === 1)}
            />
          )}
        />
        <TextField
          label="EMR"
          required
          maxLength={200}
          hint="Electronic medical records system(s) the clinician worked with"
          {...form.register('EmrWorked')}
        />
      </section>

      <section className={styles.section} aria-labelledby="ref-evaluation">
        <h2 id="ref-evaluation">Performance Evaluation</h2>
        <p className={styles.scaleNote}>
          Rate each statement: Did Not Observe, Needs Improvement, Met Expectations or Exceeds Expectations.
        </p>
        {ratedQuestions.map((q, i) => (
          <Controller
            key={q.key}
            control={form.control}
            name={q.key}
            render={({ field }) => (
              <RadioGroup
                className={styles.rating}
                legend={`${i + 1}. ${q.text} *`}
                name={q.key}
                stacked={mobile}
                options={ratingScale.map((s) => ({ value: s.value, label: s.label }))}
                value={field.value}
                onChange={field.onChange}
              />
            )}
          />
        ))}
        <TextAreaField
          label="Comments"
          rows={5}
          maxLength={REFERENCE_COMMENTS_MAX}
          placeholder="Please type your comments here."
          // The box stops taking text at its limit: the count says why.
          hint={commentsCount(form.watch('Comments').length)}
          {...form.register('Comments')}
        />
      </section>

      <section className={styles.section} aria-labelledby="ref-supervisor">
        <h2 id="ref-supervisor">Supervisor submitting reference</h2>
        <div className={mobile ? styles.stack : styles.grid2}>{mobile ? mobileSlots : desktopSlots}</div>
      </section>

      {failed && <Alert>Form submission failed</Alert>}
      <div className={styles.actions}>
        <Button size="lg" onClick={() => void form.handleSubmit(submit)()} disabled={!complete || busy}>
          {busy ? 'Submitting...' : 'Submit'}
        </Button>
      </div>

      <ThankYou open={done} />
    </div>
  );
}

function ThankYou({ open }: { open: boolean }) {
  const { leave, notice } = useLeavePortal();
  return (
    <Modal open={open} onClose={() => {}} dismissable={false} title="Submitted. Thank you!" size="sm">
      <p>Your reference has been received. We appreciate your time.</p>
      <p className={styles.leaves}>
        OK takes you to the {agency.name} website, {siteOf(agency.homeSiteUrl)}.
      </p>
      {notice}
      <div className={styles.actions}>
        <Button onClick={() => leave(agency.homeSiteUrl, () => window.location.assign(agency.homeSiteUrl))}>OK</Button>
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
            <input
              id={`${id}-${o.value}`}
              type="radio"
              name={`${name}-${id}`}
              value={o.value}
              checked={value === o.value}
              onChange={() => onChange(o.value)}
            />
            {o.label}
          </label>
        ))}
      </div>
    </fieldset>
  );
}
