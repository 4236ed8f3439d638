import { Controller, type FieldPath } from 'react-hook-form';
import {
  currentYear,
  digitsOnly,
  showsAgency,
  showsMedicalSections,
  showsShiftsPerMonth,
  type EmploymentOptions,
  type employmentFormSchema,
} from '@hcp/contracts';
import { Checkbox, SelectField, TextField } from '../ui/field.tsx';
import { boundSelect, fieldError, filtered, type ZodForm } from '../ui/form.tsx';
import { Toggle, yesNo } from '../ui/toggle.tsx';
import styles from './form-layout.module.css';

// Year dropdowns cover the last 40 years.
const years = Array.from({ length: 40 }, (_, i) => currentYear() - i);

export type EmploymentRecordForm = ZodForm<ReturnType<typeof employmentFormSchema>>;
/** The employment form's mode: the end date's message follows every change of the dates. */
export const employmentFormMode = 'onChange';

/** A select of an id that is null until chosen. */
const idOrNull = { setValueAs: (v: string) => Number(v) || null };

/**
 * The fields of one employment record, the same in the application's employment history step and in the profile's
 * 'Add Employment Record' modal. Which fields show follows the employment type: time off has no facility;
 * non-medical and time off have no location, profession or clinical questions. A start in the future is named on
 * Start Year; an end date before the start or in the future on End Year.
 */
export function EmploymentFields({ form, options }: { form: EmploymentRecordForm; options: EmploymentOptions }) {
  const f = form.watch();
  const chosen = f.employmentTypeId !== null;
  const medical = chosen && showsMedicalSections(f.employmentTypeId);
  const timeOff = f.employmentTypeId === 5;
  const specialties = options.professions.find((p) => p.professionId === f.professionId)?.specialties ?? [];

  const professionField = boundSelect(form, 'professionId', idOrNull);
  const stillField = form.register('iStillWorkHere', { deps: ['endYear'] });

  return (
    <div className={styles.grid}>
      <SelectField label="Employment Type" required {...boundSelect(form, 'employmentTypeId', idOrNull)}>
        <option value="">Select...</option>
        {options.employmentTypes.map((t) => (
          <option key={t.employmentHistoryTypeId} value={t.employmentHistoryTypeId}>
            {t.name}
          </option>
        ))}
      </SelectField>
      {chosen && !timeOff && (
        <TextField label="Facility Name" required maxLength={200} {...form.register('facilityName')} />
      )}
      {medical && showsAgency(f.employmentTypeId) && (
        <TextField label="Agency Name" required maxLength={200} {...form.register('agencyName')} />
      )}
      {medical && (
        <>
          <TextField label="City" required maxLength={100} {...form.register('city')} />
          <SelectField
            label="State"
            required
            {...boundSelect(form, 'stateId', { setValueAs: (v: string) => Number(v) || 0 }, 0)}
          >
            <option value="">Select...</option>
            {options.states.map((s) => (
              <option key={s.stateId} value={s.stateId}>
                {s.name}
              </option>
            ))}
          </SelectField>
        </>
      )}
      <MonthYear which="Start" form={form} options={options} />
      <Checkbox
        className={styles.full}
        // Time off is no workplace: its box says the time off goes on (it ends the same way: no end date).
        label={timeOff ? 'My time off continues' : 'I still work here'}
        {...stillField}
        // Ticking it clears the end date (and unticking starts it empty).
        onChange={(e) => {
          form.setValue('endMonth', null);
          form.setValue('endYear', null);
          return stillField.onChange(e);
        }}
      />
      {!f.iStillWorkHere && <MonthYear which="End" form={form} options={options} />}
      {medical && (
        <>
          <SelectField
            label="Profession"
            required
            {...professionField}
            onChange={(e) => {
              const specs =
                options.professions.find((p) => p.professionId === (Number(e.target.value) || null))?.specialties ?? [];
              // Specialties are filtered to the profession; without specialties the float answers are cleared.
              form.setValue(
                'specialties',
                f.specialties.filter((s) => specs.some((x) => x.id === s)),
              );
              if (specs.length === 0) {
                form.setValue('answerIsFloat', null);
                form.setValue('unitsFloated', '');
              }
              return professionField.onChange(e);
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
              {...filtered(form.register('shiftPerMonth'), (t) => digitsOnly(t, 100))}
            />
          )}
          {specialties.length > 0 && (
            <CheckboxGroup legend="Specialties *" name="specialties" form={form} items={specialties} />
          )}
          <CheckboxGroup
            legend="Electronic Medical Records Systems *"
            name="emrs"
            form={form}
            items={options.electronicMedicalRecordsSystems}
          />
          <div className={`${styles.question} ${styles.full}`}>
            <p className={styles.questionText}>Did you work in a charge capacity?</p>
            <Controller
              control={form.control}
              name="isCharge"
              render={({ field }) => (
                <Toggle
                  label="Did you work in a charge capacity?"
                  options={yesNo}
                  value={field.value}
                  onChange={field.onChange}
                />
              )}
            />
          </div>
          {specialties.length > 0 && (
            <div className={`${styles.question} ${styles.full}`}>
              <p className={styles.questionText}>Did you float to other units? *</p>
              <Controller
                control={form.control}
                name="answerIsFloat"
                render={({ field }) => (
                  <Toggle
                    label="Did you float to other units?"
                    options={yesNo}
                    value={field.value}
                    onChange={(v) => {
                      if (!v) form.setValue('unitsFloated', '');
                      field.onChange(v);
                    }}
                  />
                )}
              />
              {f.answerIsFloat && (
                <TextField
                  label="Units floated to (comma separated)"
                  required
                  maxLength={50}
                  {...form.register('unitsFloated')}
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
  form,
  options,
}: {
  which: 'Start' | 'End';
  form: EmploymentRecordForm;
  options: EmploymentOptions;
}) {
  const [month, year] = which === 'Start' ? (['startMonth', 'startYear'] as const) : (['endMonth', 'endYear'] as const);
  // A start date change can make the end date wrong (or right again): the end is checked with it, and a month
  // change checks its own year (a start later this month is in the future).
  const deps =
    which === 'Start' ? { deps: ['startYear' as const, 'endYear' as const] } : { deps: ['endYear' as const] };
  return (
    <>
      <SelectField label={`${which} Month`} required {...boundSelect(form, month, { ...idOrNull, ...deps })}>
        <option value="">Month</option>
        {options.months.map((m) => (
          <option key={m.number} value={m.number}>
            {m.name}
          </option>
        ))}
      </SelectField>
      <SelectField
        label={`${which} Year`}
        required
        error={fieldError(form, year)}
        {...boundSelect(form, year, { ...idOrNull, ...(which === 'Start' ? { deps: ['endYear' as const] } : {}) })}
      >
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

/** A group of checkboxes choosing ids (specialties, record systems). */
function CheckboxGroup({
  legend,
  name,
  form,
  items,
}: {
  legend: string;
  name: Extract<FieldPath<EmploymentRecordForm['control']['_defaultValues']>, 'specialties' | 'emrs'>;
  form: EmploymentRecordForm;
  items: readonly { id: number; name: string }[];
}) {
  return (
    <Controller
      control={form.control}
      name={name}
      render={({ field }) => (
        <fieldset className={`${styles.fieldset} ${styles.full}`}>
          <legend>{legend}</legend>
          <div className={styles.chips}>
            {items.map((s) => (
              <Checkbox
                key={s.id}
                label={s.name}
                checked={field.value.includes(s.id)}
                onChange={(e) =>
                  field.onChange(e.target.checked ? [...field.value, s.id] : field.value.filter((x) => x !== s.id))
                }
              />
            ))}
          </div>
        </fieldset>
      )}
    />
  );
}
