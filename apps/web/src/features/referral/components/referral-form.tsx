import { useEffect, useMemo, useRef, useState } from 'react';
import {
  PHONE_LENGTH,
  REFERRAL_DEFAULT_PROFESSION_ID,
  REFERRAL_NAME_MAX,
  REFERRAL_SUCCESS_MS,
  digitsOnly,
  referralMessages,
  saveReferralRequestSchema,
  specialtyLabel,
  type SaveReferral,
  type SaveReferralRequest,
} from '@hcp/contracts';
import { useProfessions, useSpecialties } from '../../../lib/reference-data.ts';
import { Button } from '../../../components/ui/button.tsx';
import { Alert, Spinner } from '../../../components/ui/feedback.tsx';
import { SelectField, TextField } from '../../../components/ui/field.tsx';
import { Form, boundSelect, fieldError, filtered, useZodForm } from '../../../components/ui/form.tsx';
import { useSaveReferral } from '../api/save-referral.ts';
import styles from './referral.module.css';

// The request schema is the form's: its messages are the ones shown under the fields.
const defaults: SaveReferralRequest = {
  FirstName: '',
  LastName: '',
  PhoneNumber: '',
  DisciplineId: String(REFERRAL_DEFAULT_PROFESSION_ID),
  SpecialtyId: '0',
};

/** Waits for the reference lists so the selects start on their defaults (profession 13). */
export function ReferralForm() {
  const professions = useProfessions();
  const specialties = useSpecialties();
  if (professions.isPending || specialties.isPending) return <Spinner label="Loading the form" />;
  if (professions.isError) return <Alert>{referralMessages.failure}</Alert>;
  return <ReferralFormFields />;
}

/** The referral form: on success 'Referral Submitted' shows for 2 seconds, then the form resets. */
function ReferralFormFields() {
  const professions = useProfessions();
  const specialties = useSpecialties();
  const save = useSaveReferral();
  const [submitted, setSubmitted] = useState(false);
  const [failed, setFailed] = useState(false);
  const timer = useRef<number | null>(null);
  const form = useZodForm(saveReferralRequestSchema, { defaultValues: defaults });
  const { register, reset, setValue } = form;
  const professionId = Number(form.watch('DisciplineId'));

  useEffect(
    () => () => {
      if (timer.current !== null) window.clearTimeout(timer.current);
    },
    [],
  );

  const sortedProfessions = useMemo(
    () => [...(professions.data ?? [])].sort((a, b) => a.name.localeCompare(b.name)),
    [professions.data],
  );
  const specialtyOptions = useMemo(() => {
    const ids = new Set(professions.data?.find((p) => p.id === professionId)?.specialtyIds ?? []);
    return (specialties.data ?? []).filter((s) => ids.has(s.id)).sort((a, b) => a.name.localeCompare(b.name));
  }, [professions.data, specialties.data, professionId]);

  const onSubmit = (v: SaveReferral) => {
    setFailed(false);
    save.mutate(v, {
      onSuccess: () => {
        setSubmitted(true);
        timer.current = window.setTimeout(() => {
          setSubmitted(false);
          reset(defaults);
        }, REFERRAL_SUCCESS_MS);
      },
      onError: () => setFailed(true),
    });
  };

  if (submitted)
    return (
      <div className={styles.success} role="status">
        <svg viewBox="0 0 24 24" width="48" height="48" aria-hidden="true">
          <circle cx="12" cy="12" r="11" fill="currentColor" opacity="0.12" />
          <path
            d="M7 12.5l3 3 7-7"
            fill="none"
            stroke="currentColor"
            strokeWidth="2"
            strokeLinecap="round"
            strokeLinejoin="round"
          />
        </svg>
        <p className={styles.successText}>Referral Submitted</p>
      </div>
    );

  const professionField = boundSelect(form, 'DisciplineId');
  return (
    <Form form={form} onSubmit={onSubmit} noValidate className={styles.form} aria-label="Refer a friend">
      <div className={styles.row}>
        <TextField
          label="First Name"
          required
          maxLength={REFERRAL_NAME_MAX}
          autoComplete="off"
          error={fieldError(form, 'FirstName')}
          {...register('FirstName')}
        />
        <TextField
          label="Last Name"
          required
          maxLength={REFERRAL_NAME_MAX}
          autoComplete="off"
          error={fieldError(form, 'LastName')}
          {...register('LastName')}
        />
      </div>
      <TextField
        label="Phone Number"
        required
        type="tel"
        inputMode="numeric"
        maxLength={PHONE_LENGTH}
        autoComplete="off"
        error={fieldError(form, 'PhoneNumber')}
        {...filtered(register('PhoneNumber'), (t) => digitsOnly(t, PHONE_LENGTH))}
      />
      <div className={styles.row}>
        <SelectField
          label="Profession"
          required
          error={fieldError(form, 'DisciplineId')}
          {...professionField}
          onChange={(e) => {
            void professionField.onChange(e);
            setValue('SpecialtyId', '0');
          }}
        >
          <option value="">Select a profession</option>
          {sortedProfessions.map((p) => (
            <option key={p.id} value={p.id}>
              {p.name}
            </option>
          ))}
        </SelectField>
        <SelectField label="Specialty" {...boundSelect(form, 'SpecialtyId')}>
          <option value="0">Select a specialty (optional)</option>
          {specialtyOptions.map((s) => (
            <option key={s.id} value={s.id}>
              {specialtyLabel(s)}
            </option>
          ))}
        </SelectField>
      </div>
      {failed && <Alert>{referralMessages.failure}</Alert>}
      <Button type="submit" disabled={save.isPending} className={styles.submit}>
        {save.isPending ? 'Submitting…' : 'Submit Referral'}
      </Button>
    </Form>
  );
}
