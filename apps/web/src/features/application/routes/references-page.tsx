import {
  applicationMessages,
  digitsOnly,
  isSameReferencePerson,
  referencesFormSchema,
  type EmploymentRecord,
  type Reference,
  type ReferenceFormValues,
} from '@hcp/contracts';
import { OlderReferenceWarning } from '../../../components/forms/older-reference-warning.tsx';
import { SelectField, TextField } from '../../../components/ui/field.tsx';
import { boundSelect, fieldError, filtered, useFormValid, useZodForm } from '../../../components/ui/form.tsx';
import { useStepDraft } from '../../../lib/use-step-draft.ts';
import { StepFrame, StepLoading } from '../components/step-frame.tsx';
import { saveReferences, useEmploymentRecords, useFacilityOptions, useReferences } from '../api/employment.ts';
import layout from '../../../components/forms/form-layout.module.css';
import styles from '../components/application.module.css';

/** The two fixed forms, both required. */
const referenceTitles = ['Reference 1*', 'Reference 2*'];
const blank: ReferenceFormValues = {
  historyId: 0,
  firstName: '',
  lastName: '',
  title: '',
  phoneNumber: '',
  phoneType: '',
  email: '',
};

const fromStored = (r: Reference | undefined): ReferenceFormValues =>
  r
    ? {
        historyId: r.historyId,
        firstName: r.firstName,
        lastName: r.lastName,
        title: r.title,
        phoneNumber: r.phoneNumber,
        phoneType: r.phoneType,
        email: r.email ?? '',
      }
    : blank;

/** /references: two fixed forms, both required; a wrong phone or email is named once its field is left. */
export default function ReferencesPage() {
  const q = useReferences();
  const facilities = useFacilityOptions();
  // The records give each facility's end date (the choice list names it in text only).
  const records = useEmploymentRecords();
  if (q.isPending || facilities.isPending) return <StepLoading />;
  const stored = (n: number) => q.data?.references.find((r) => r.referenceNumber === n);
  return (
    <ReferencesStep
      initial={[fromStored(stored(0)), fromStored(stored(1))]}
      options={facilities.data?.facilityOptions ?? []}
      records={records.data ?? []}
    />
  );
}

function ReferencesStep({
  initial,
  options,
  records,
}: {
  initial: [ReferenceFormValues, ReferenceFormValues];
  options: { historyId: number; facilityInformation: string }[];
  records: EmploymentRecord[];
}) {
  const form = useZodForm(referencesFormSchema, { defaultValues: { references: initial } });
  useStepDraft(form, '/references');
  const complete = useFormValid(form);
  const [first, second] = form.watch('references');
  // The second reference repeating the first (same name or email) is named as soon as it is typed.
  const repeated = isSameReferencePerson(first, second);
  const recordOf = (historyId: number) => records.find((x) => x.employmentHistoryId === historyId);
  return (
    <StepFrame canProceed={complete} form={form} onSubmit={saveReferences}>
      <div>
        <p>Please provide two professional references from the last two years.</p>
        <ul className={styles.muted}>
          <li>We contact your references immediately after your application is completed.</li>
          <li>References are required before you can be submitted to a facility.</li>
          <li>
            References must have held a supervisory role (manager, director, charge nurse) and be relevant to the
            specialty you are applying for.
          </li>
        </ul>
        {options.length === 0 && (
          <p className={layout.prompt}>
            Add your employment history first: a reference is chosen by the facility where they supervised you.
          </p>
        )}
      </div>
      {([0, 1] as const).map((i) => (
        <section key={i} className={styles.card} aria-label={`Reference ${i + 1}`}>
          <div className={styles.cardHeader}>
            <h2>{referenceTitles[i]}</h2>
          </div>
          {i === 1 && repeated && (
            <p className={layout.warning} role="alert">
              {applicationMessages.sameReference}
            </p>
          )}
          <div className={layout.grid}>
            <SelectField
              className={layout.full}
              label="Select Facility"
              required
              {...boundSelect(form, `references.${i}.historyId`, { setValueAs: (v: string) => Number(v) || 0 }, 0)}
            >
              <option value="">Select...</option>
              {options.map((o) => (
                <option key={o.historyId} value={o.historyId}>
                  {o.facilityInformation}
                </option>
              ))}
            </SelectField>
            <OlderReferenceWarning ended={recordOf(form.watch(`references.${i}.historyId`))} />
            <TextField label="First Name" required maxLength={100} {...form.register(`references.${i}.firstName`)} />
            <TextField label="Last Name" required maxLength={100} {...form.register(`references.${i}.lastName`)} />
            <TextField label="Job Title" required maxLength={150} {...form.register(`references.${i}.title`)} />
            <TextField
              label="Phone Number"
              required
              type="tel"
              inputMode="numeric"
              maxLength={10}
              error={fieldError(form, `references.${i}.phoneNumber`)}
              {...filtered(form.register(`references.${i}.phoneNumber`), (t) => digitsOnly(t, 10))}
            />
            <SelectField label="Phone Number Type" required {...boundSelect(form, `references.${i}.phoneType`)}>
              <option value="">Select...</option>
              <option value="Mobile">Mobile</option>
              <option value="Office">Office</option>
            </SelectField>
            <TextField
              label="Email"
              type="email"
              maxLength={254}
              error={fieldError(form, `references.${i}.email`)}
              {...form.register(`references.${i}.email`)}
            />
          </div>
        </section>
      ))}
    </StepFrame>
  );
}
