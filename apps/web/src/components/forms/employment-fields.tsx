import { digitsOnly, showsAgency, showsMedicalSections, showsShiftsPerMonth, type EmploymentForm, type EmploymentOptions } from '@hcp/contracts';
import { Checkbox, SelectField, TextField } from '../ui/field.tsx';
import { Toggle, yesNo } from '../ui/toggle.tsx';
import styles from './form-layout.module.css';

const thisYear = new Date().getFullYear();
/** Year dropdowns cover 40 years (spec 02 section 9). */
const years = Array.from({ length: 40 }, (_, i) => thisYear - i);

/**
 * The fields of one employment record (spec 02 sections 4, 5 and 9), the same in the application's employment
 * history step and in the profile's 'Add Employment Record' modal. Which fields show follows the employment type:
 * time off has no facility; non-medical and time off have no location, profession or clinical questions.
 */
export function EmploymentFields({
  form: f,
  options,
  problems,
  onChange,
}: {
  form: EmploymentForm;
  options: EmploymentOptions;
  /** employmentProblems() of the form: an end date problem is shown on the End Year field. */
  problems: readonly string[];
  onChange: (patch: Partial<EmploymentForm>) => void;
}) {
  const chosen = f.employmentTypeId !== null;
  const medical = chosen && showsMedicalSections(f.employmentTypeId);
  const timeOff = f.employmentTypeId === 5;
  const specialties = options.professions.find((p) => p.professionId === f.professionId)?.specialties ?? [];

  return (
    <div className={styles.grid}>
      <SelectField label="Employment Type" required value={f.employmentTypeId ?? ''} onChange={(e) => onChange({ employmentTypeId: Number(e.target.value) || null })}>
        <option value="">Select...</option>
        {options.employmentTypes.map((t) => (
          <option key={t.employmentHistoryTypeId} value={t.employmentHistoryTypeId}>
            {t.name}
          </option>
        ))}
      </SelectField>
      {chosen && !timeOff && (
        <TextField label="Facility Name" required value={f.facilityName} maxLength={200} onChange={(e) => onChange({ facilityName: e.target.value })} />
      )}
      {medical && showsAgency(f.employmentTypeId) && (
        <TextField label="Agency Name" required value={f.agencyName} maxLength={200} onChange={(e) => onChange({ agencyName: e.target.value })} />
      )}
      {medical && (
        <>
          <TextField label="City" required value={f.city} maxLength={100} onChange={(e) => onChange({ city: e.target.value })} />
          <SelectField label="State" required value={f.stateId || ''} onChange={(e) => onChange({ stateId: Number(e.target.value) || 0 })}>
            <option value="">Select...</option>
            {options.states.map((s) => (
              <option key={s.stateId} value={s.stateId}>
                {s.name}
              </option>
            ))}
          </SelectField>
        </>
      )}
      <MonthYear which="Start" options={options} month={f.startMonth} year={f.startYear} onChange={(startMonth, startYear) => onChange({ startMonth, startYear })} />
      <Checkbox
        className={styles.full}
        label="I still work here"
        checked={f.iStillWorkHere}
        // Ticking it clears the end date (spec 02 section 4).
        onChange={(e) => onChange({ iStillWorkHere: e.target.checked, endMonth: null, endYear: null })}
      />
      {!f.iStillWorkHere && (
        <MonthYear
          which="End"
          options={options}
          month={f.endMonth}
          year={f.endYear}
          error={problems.includes('endDate') ? 'The end date must be after the start date and not in the future' : null}
          onChange={(endMonth, endYear) => onChange({ endMonth, endYear })}
        />
      )}
      {medical && (
        <>
          <SelectField
            label="Profession"
            required
            value={f.professionId ?? ''}
            onChange={(e) => {
              const professionId = Number(e.target.value) || null;
              const specs = options.professions.find((p) => p.professionId === professionId)?.specialties ?? [];
              // Specialties are filtered to the profession; without specialties the float answers are cleared.
              onChange({
                professionId,
                specialties: f.specialties.filter((s) => specs.some((x) => x.id === s)),
                ...(specs.length === 0 ? { answerIsFloat: null, unitsFloated: '' } : {}),
              });
            }}
          >
            <option value="">Select...</option>
            {options.professions.map((p) => (
              <option key={p.professionId} value={p.professionId}>
                {p.name}
              </option>
            ))}
          </SelectField>
          {showsShiftsPerMonth(f.employmentTypeId) && (
            <TextField
              label="Shifts per Month"
              inputMode="numeric"
              maxLength={100}
              value={f.shiftPerMonth}
              onChange={(e) => onChange({ shiftPerMonth: digitsOnly(e.target.value, 100) })}
            />
          )}
          {specialties.length > 0 && (
            <CheckboxGroup legend="Specialties *" items={specialties} chosen={f.specialties} onChange={(specialties) => onChange({ specialties })} />
          )}
          <CheckboxGroup legend="Electronic Medical Records Systems *" items={options.electronicMedicalRecordsSystems} chosen={f.emrs} onChange={(emrs) => onChange({ emrs })} />
          <div className={`${styles.question} ${styles.full}`}>
            <p className={styles.questionText}>Did you work in a charge capacity?</p>
            <Toggle label="Did you work in a charge capacity?" options={yesNo} value={f.isCharge} onChange={(v) => onChange({ isCharge: v })} />
          </div>
          {specialties.length > 0 && (
            <div className={`${styles.question} ${styles.full}`}>
              <p className={styles.questionText}>Did you float to other units? *</p>
              <Toggle
                label="Did you float to other units?"
                options={yesNo}
                value={f.answerIsFloat}
                onChange={(v) => onChange({ answerIsFloat: v, ...(v ? {} : { unitsFloated: '' }) })}
              />
              {f.answerIsFloat && (
                <TextField
                  label="Units floated to (comma separated)"
                  required
                  maxLength={50}
                  value={f.unitsFloated}
                  onChange={(e) => onChange({ unitsFloated: e.target.value })}
                />
              )}
            </div>
          )}
        </>
      )}
    </div>
  );
}

function MonthYear({
  which,
  options,
  month,
  year,
  error = null,
  onChange,
}: {
  which: 'Start' | 'End';
  options: EmploymentOptions;
  month: number | null;
  year: number | null;
  error?: string | null;
  onChange: (month: number | null, year: number | null) => void;
}) {
  return (
    <>
      <SelectField label={`${which} Month`} required value={month ?? ''} onChange={(e) => onChange(Number(e.target.value) || null, year)}>
        <option value="">Month</option>
        {options.months.map((m) => (
          <option key={m.number} value={m.number}>
            {m.name}
          </option>
        ))}
      </SelectField>
      <SelectField label={`${which} Year`} required value={year ?? ''} error={error} onChange={(e) => onChange(month, Number(e.target.value) || null)}>
        <option value="">Year</option>
        {years.map((y) => (
          <option key={y} value={y}>
            {y}
          </option>
        ))}
      </SelectField>
    </>
  );
}

function CheckboxGroup({
  legend,
  items,
  chosen,
  onChange,
}: {
  legend: string;
  items: readonly { id: number; name: string }[];
  chosen: readonly number[];
  onChange: (ids: number[]) => void;
}) {
  return (
    <fieldset className={`${styles.fieldset} ${styles.full}`}>
      <legend>{legend}</legend>
      <div className={styles.chips}>
        {items.map((s) => (
          <Checkbox
            key={s.id}
            label={s.name}
            checked={chosen.includes(s.id)}
            onChange={(e) => onChange(e.target.checked ? [...chosen, s.id] : chosen.filter((x) => x !== s.id))}
          />
        ))}
      </div>
    </fieldset>
  );
}
