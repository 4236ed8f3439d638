import { useMemo, useState } from 'react';
import {
  PROFILE_DEFAULT_PROFESSION_ID,
  digitsOnly,
  employmentFormToRecord,
  employmentProblems,
  employmentRecordToForm,
  showsAgency,
  showsMedicalSections,
  showsShiftsPerMonth,
  type EmploymentForm,
  type EmploymentOptions,
} from '@hcp/contracts';
import { Button } from '../../../components/ui/button.tsx';
import { Alert, Spinner } from '../../../components/ui/feedback.tsx';
import { Checkbox, SelectField, TextField } from '../../../components/ui/field.tsx';
import { Modal } from '../../../components/ui/modal.tsx';
import { Toggle, yesNo } from '../../../components/ui/toggle.tsx';
import { saveEmploymentHistory, useEmploymentOptions } from '../api/profile.ts';
import styles from './profile.module.css';

/** Spec 02 section 8: employment options load failure (and save failure) in the profile modal. */
const OPTIONS_FAILED = 'Something went wrong. Please try again.';
const thisYear = new Date().getFullYear();
/** Year dropdowns cover 40 years (spec 02 section 9). */
const years = Array.from({ length: 40 }, (_, i) => thisYear - i);

/** The profile's 'add employment record' modal: default profession 13 and the standard rule (spec 02 section 5). */
export function EmploymentModal({ open, onClose, onSaved }: { open: boolean; onClose: () => void; onSaved: () => void }) {
  const options = useEmploymentOptions(open);
  return (
    <Modal open={open} onClose={onClose} title="Add Employment Record" size="lg">
      {options.isError ? (
        <Alert>{OPTIONS_FAILED}</Alert>
      ) : !options.data ? (
        <Spinner />
      ) : (
        <EmploymentFormBody options={options.data} onClose={onClose} onSaved={onSaved} />
      )}
    </Modal>
  );
}

function EmploymentFormBody({ options, onClose, onSaved }: { options: EmploymentOptions; onClose: () => void; onSaved: () => void }) {
  const [f, setF] = useState<EmploymentForm>(() => ({ ...employmentRecordToForm(null), professionId: PROFILE_DEFAULT_PROFESSION_ID }));
  const [busy, setBusy] = useState(false);
  const [failed, setFailed] = useState(false);
  const onChange = (patch: Partial<EmploymentForm>) => setF((s) => ({ ...s, ...patch }));
  const profession = options.professions.find((p) => p.professionId === f.professionId);
  const specialties = useMemo(() => profession?.specialties ?? [], [profession]);
  const specialtyIds = useMemo(() => specialties.map((s) => s.id), [specialties]);
  const problems = useMemo(() => employmentProblems(f, specialtyIds), [f, specialtyIds]);
  const medical = showsMedicalSections(f.employmentTypeId);
  const timeOff = f.employmentTypeId === 5;
  const chosen = f.employmentTypeId !== null;

  const save = async () => {
    setBusy(true);
    setFailed(false);
    try {
      await saveEmploymentHistory(employmentFormToRecord(f, null, specialtyIds.length > 0));
      onSaved();
    } catch {
      setFailed(true);
      setBusy(false);
    }
  };

  return (
    <div>
      <div className={styles.formGrid}>
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
        {chosen && medical && showsAgency(f.employmentTypeId) && (
          <TextField label="Agency Name" required value={f.agencyName} maxLength={200} onChange={(e) => onChange({ agencyName: e.target.value })} />
        )}
        {chosen && medical && (
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
        <SelectField label="Start Month" required value={f.startMonth ?? ''} onChange={(e) => onChange({ startMonth: Number(e.target.value) || null })}>
          <option value="">Month</option>
          {options.months.map((m) => (
            <option key={m.number} value={m.number}>
              {m.name}
            </option>
          ))}
        </SelectField>
        <SelectField label="Start Year" required value={f.startYear ?? ''} onChange={(e) => onChange({ startYear: Number(e.target.value) || null })}>
          <option value="">Year</option>
          {years.map((y) => (
            <option key={y} value={y}>
              {y}
            </option>
          ))}
        </SelectField>
        <Checkbox
          className={styles.full}
          label="I still work here"
          checked={f.iStillWorkHere}
          onChange={(e) => onChange({ iStillWorkHere: e.target.checked, endMonth: null, endYear: null })}
        />
        {!f.iStillWorkHere && (
          <>
            <SelectField label="End Month" required value={f.endMonth ?? ''} onChange={(e) => onChange({ endMonth: Number(e.target.value) || null })}>
              <option value="">Month</option>
              {options.months.map((m) => (
                <option key={m.number} value={m.number}>
                  {m.name}
                </option>
              ))}
            </SelectField>
            <SelectField
              label="End Year"
              required
              value={f.endYear ?? ''}
              onChange={(e) => onChange({ endYear: Number(e.target.value) || null })}
              error={problems.includes('endDate') ? 'The end date must be after the start date and not in the future' : null}
            >
              <option value="">Year</option>
              {years.map((y) => (
                <option key={y} value={y}>
                  {y}
                </option>
              ))}
            </SelectField>
          </>
        )}
        {chosen && medical && (
          <>
            <SelectField
              label="Profession"
              required
              value={f.professionId ?? ''}
              onChange={(e) => {
                const professionId = Number(e.target.value) || null;
                const specs = options.professions.find((p) => p.professionId === professionId)?.specialties ?? [];
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
              <fieldset className={`${styles.fieldset} ${styles.full}`}>
                <legend>Specialties *</legend>
                <div className={styles.chips}>
                  {specialties.map((s) => (
                    <Checkbox
                      key={s.id}
                      label={s.name}
                      checked={f.specialties.includes(s.id)}
                      onChange={(e) => onChange({ specialties: e.target.checked ? [...f.specialties, s.id] : f.specialties.filter((x) => x !== s.id) })}
                    />
                  ))}
                </div>
              </fieldset>
            )}
            <fieldset className={`${styles.fieldset} ${styles.full}`}>
              <legend>Electronic Medical Records Systems *</legend>
              <div className={styles.chips}>
                {options.electronicMedicalRecordsSystems.map((s) => (
                  <Checkbox
                    key={s.id}
                    label={s.name}
                    checked={f.emrs.includes(s.id)}
                    onChange={(e) => onChange({ emrs: e.target.checked ? [...f.emrs, s.id] : f.emrs.filter((x) => x !== s.id) })}
                  />
                ))}
              </div>
            </fieldset>
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
      {failed && <Alert>{OPTIONS_FAILED}</Alert>}
      <div className={styles.modalActions}>
        <Button variant="ghost" onClick={onClose} disabled={busy}>
          Cancel
        </Button>
        <Button onClick={save} disabled={busy || problems.length > 0}>
          {busy ? 'Saving...' : 'Save'}
        </Button>
      </div>
    </div>
  );
}
