import { useEffect, useState } from 'react';
import { SSN_PLACEHOLDER, applicationMessages, digitsOnly, isValidDateOfBirth, isValidSsn, localIsoDate } from '@hcp/contracts';
import { TextField } from '../../../components/ui/field.tsx';
import { Spinner } from '../../../components/ui/feedback.tsx';
import { StepFrame } from '../components/step-frame.tsx';
import { saveIdentification, useIdentification } from '../api/forms.ts';
import layout from '../../../components/forms/form-layout.module.css';

/** /identification-info: SSN (never shown back; nine zeros stand for the one on file) and date of birth. */
export default function IdentificationPage() {
  const q = useIdentification();
  const [ssn, setSsn] = useState('');
  const [dob, setDob] = useState('');
  const [touched, setTouched] = useState({ ssn: false, dob: false });
  useEffect(() => {
    if (!q.data) return;
    if (q.data.hasSocialSecurityNumber) setSsn(SSN_PLACEHOLDER);
    if (q.data.dateOfBirth) setDob(q.data.dateOfBirth);
  }, [q.data]);
  if (q.isPending) return <Spinner />;
  const onFile = !!q.data?.hasSocialSecurityNumber;
  const ssnOk = (onFile && ssn === SSN_PLACEHOLDER) || isValidSsn(ssn);
  const today = localIsoDate();
  const dobOk = isValidDateOfBirth(dob, today);
  return (
    <StepFrame
      canProceed={ssnOk && dobOk}
      // An unchanged placeholder is sent empty: the SSN on file stays.
      onSave={() => saveIdentification(onFile && ssn === SSN_PLACEHOLDER ? '' : ssn, dob)}
    >
      <p>We need these to run your background check and to set you up for payroll. They are encrypted and never shown again.</p>
      <div className={layout.grid}>
        <TextField
          label="Social Security Number"
          required
          type="password"
          inputMode="numeric"
          autoComplete="off"
          maxLength={9}
          value={ssn}
          onFocus={() => ssn === SSN_PLACEHOLDER && setSsn('')}
          onBlur={() => {
            setTouched((t) => ({ ...t, ssn: true }));
            if (onFile && ssn === '') setSsn(SSN_PLACEHOLDER);
          }}
          onChange={(e) => setSsn(digitsOnly(e.target.value, 9))}
          hint={onFile ? applicationMessages.ssnOnFile : 'Nine digits, no dashes'}
          error={touched.ssn && !ssnOk && ssn !== '' ? applicationMessages.invalidSsn : null}
        />
        <TextField
          label="Date of Birth"
          required
          type="date"
          max={localIsoDate(new Date(), -1)}
          value={dob}
          onChange={(e) => setDob(e.target.value)}
          onBlur={() => setTouched((t) => ({ ...t, dob: true }))}
          error={touched.dob && dob && !dobOk ? applicationMessages.dobInvalid : null}
        />
      </div>
    </StepFrame>
  );
}
