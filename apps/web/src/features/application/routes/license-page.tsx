import { useEffect, useMemo, useState } from 'react';
import { isLicenseComplete, licenseTypeNames, licenseTypes, type LicenseInfo } from '@hcp/contracts';
import { Checkbox, SelectField, TextField } from '../../../components/ui/field.tsx';
import { Spinner } from '../../../components/ui/feedback.tsx';
import { Toggle, yesNo } from '../../../components/ui/toggle.tsx';
import { useAuth } from '../../../lib/auth/auth-provider.tsx';
import { StepFrame } from '../components/step-frame.tsx';
import { saveLicense, useAddressStates, useLicense } from '../api/forms.ts';
import layout from '../../../components/forms/form-layout.module.css';
import styles from '../components/application.module.css';

const empty: LicenseInfo = { hasLicense: true, stateId: null, nursysLicenseType: null, licenseNumber: '', nameOnLicense: '', isCompact: null };

/** /license-info (Primary License Info). Allied disciplines have the no-license box forced on. */
export default function LicensePage() {
  const { user } = useAuth();
  const allied = !!user.discipline?.isAllied;
  const q = useLicense();
  const statesQ = useAddressStates();
  const [l, setL] = useState<LicenseInfo>(empty);
  useEffect(() => {
    if (q.data && q.data.hasLicense !== null) setL({ ...q.data, hasLicense: q.data.hasLicense, licenseNumber: q.data.licenseNumber ?? '', nameOnLicense: q.data.nameOnLicense ?? '' });
  }, [q.data]);
  const states = useMemo(() => (statesQ.data ?? []).filter((s) => s.countryName === 'United States'), [statesQ.data]);
  const state = states.find((s) => s.stateId === l.stateId);
  // A license from a non-compact state cannot be multistate: the answer is No.
  const compactPossible = !state || state.isCompact;
  const info: LicenseInfo = allied ? { ...l, hasLicense: false } : compactPossible ? l : { ...l, isCompact: false };
  const set = <K extends keyof LicenseInfo>(k: K, v: LicenseInfo[K]) => setL((s) => ({ ...s, [k]: v }));
  if (q.isPending) return <Spinner />;
  return (
    <StepFrame
      canProceed={isLicenseComplete(info)}
      onSave={() =>
        saveLicense(
          info.hasLicense
            ? info
            : { hasLicense: false, stateId: null, nursysLicenseType: null, licenseNumber: null, nameOnLicense: null, isCompact: null },
        )
      }
    >
      <p>Your primary nursing license, as listed with Nursys.</p>
      <Checkbox
        label="I do not have a nursing license (allied professionals)"
        checked={!info.hasLicense}
        disabled={allied}
        onChange={(e) => set('hasLicense', !e.target.checked)}
      />
      {info.hasLicense && (
        <div className={layout.grid}>
          <SelectField label="License Type" required value={l.nursysLicenseType ?? ''} onChange={(e) => set('nursysLicenseType', (e.target.value || null) as LicenseInfo['nursysLicenseType'])}>
            <option value="">Select...</option>
            {licenseTypes.map((t) => (
              <option key={t} value={t}>
                {licenseTypeNames[t]}
              </option>
            ))}
          </SelectField>
          <TextField label="License Number" required value={l.licenseNumber ?? ''} maxLength={40} onChange={(e) => set('licenseNumber', e.target.value)} />
          <SelectField label="License State" required value={l.stateId ?? ''} onChange={(e) => setL((s) => ({ ...s, stateId: Number(e.target.value) || null, isCompact: null }))}>
            <option value="">Select...</option>
            {states.map((s) => (
              <option key={s.stateId} value={s.stateId}>
                {s.name}
              </option>
            ))}
          </SelectField>
          <TextField label="Name on License" required value={l.nameOnLicense ?? ''} maxLength={150} onChange={(e) => set('nameOnLicense', e.target.value)} />
          <div className={`${layout.question} ${layout.full}`}>
            <p className={layout.questionText}>Is this a multistate (compact) license? *</p>
            <Toggle
              label="Is this a multistate (compact) license?"
              options={yesNo}
              value={info.isCompact}
              disabled={!compactPossible}
              onChange={(v) => set('isCompact', v)}
            />
            {!compactPossible && <p className={styles.muted}>{state?.name} does not issue multistate (compact) licenses.</p>}
          </div>
        </div>
      )}
    </StepFrame>
  );
}
