import { useMemo } from 'react';
import { Controller } from 'react-hook-form';
import {
  SSN_PLACEHOLDER,
  applicationMessages,
  digitsOnly,
  identificationFormSchema,
  localIsoDate,
} from '@hcp/contracts';
import { DatePicker } from '../../../components/ui/date-picker.tsx';
import { TextField } from '../../../components/ui/field.tsx';
import { fieldError, filtered, useFormValid, useZodForm } from '../../../components/ui/form.tsx';
import { useStepDraft } from '../../../lib/use-step-draft.ts';
import { StepFrame, StepLoading } from '../components/step-frame.tsx';
import { saveIdentification, useIdentification } from '../api/forms.ts';
import layout from '../../../components/forms/form-layout.module.css';

/** /identification-info: SSN (never shown back; nine zeros stand for the one on file) and date of birth. */
export default function IdentificationPage() {
  const q = useIdentification();
  if (q.isPending) return <StepLoading />;
  return <IdentificationStep ssnOnFile={!!q.data?.hasSocialSecurityNumber} dateOfBirth={q.data?.dateOfBirth ?? ''} />;
}

function IdentificationStep({ ssnOnFile, dateOfBirth }: { ssnOnFile: boolean; dateOfBirth: string }) {
  const today = localIsoDate();
  const schema = useMemo(() => identificationFormSchema({ ssnOnFile, today }), [ssnOnFile, today]);
  const form = useZodForm(schema, {
    defaultValues: { SocialSecurityNumber: ssnOnFile ? SSN_PLACEHOLDER : '', DateOfBirth: dateOfBirth },
  });
  // The SSN is never written to the browser's storage.
  useStepDraft(form, '/identification-info', { omit: ['SocialSecurityNumber'] });
  const complete = useFormValid(form);
  const ssn = filtered(form.register('SocialSecurityNumber'), (t) => digitsOnly(t, 9));
  return (
    <StepFrame
      canProceed={complete}
      form={form}
      // An unchanged placeholder is sent empty: the SSN on file stays.
      onSubmit={(v) => saveIdentification(v.SocialSecurityNumber, v.DateOfBirth)}
    >
      <p>
        We need these to run your background check and to set you up for payroll. They are encrypted and never shown
        again.
      </p>
      <div className={layout.grid}>
        <TextField
          label="Social Security Number"
          required
          type="password"
          inputMode="numeric"
          autoComplete="off"
          maxLength={9}
          hint={ssnOnFile ? applicationMessages.ssnOnFile : 'Nine digits, no dashes'}
          error={fieldError(form, 'SocialSecurityNumber')}
          {...ssn}
          // The placeholder of the SSN on file is cleared for typing and comes back when nothing was typed.
          onFocus={() => {
            if (form.getValues('SocialSecurityNumber') === SSN_PLACEHOLDER) form.setValue('SocialSecurityNumber', '');
          }}
          onBlur={(e) => {
            if (ssnOnFile && e.target.value === '') form.setValue('SocialSecurityNumber', SSN_PLACEHOLDER);
            return ssn.onBlur(e);
          }}
        />
        <Controller
          control={form.control}
          name="DateOfBirth"
          render={({ field }) => (
            <DatePicker
              label="Date of Birth"
              required
              id="date-of-birth"
              name={field.name}
              value={field.value}
              error={fieldError(form, 'DateOfBirth')}
              onChange={(v) => {
                field.onChange(v);
                field.onBlur();
              }}
            />
          )}
        />
      </div>
    </StepFrame>
  );
}
