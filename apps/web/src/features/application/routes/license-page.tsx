import { useMemo } from 'react';
import { Controller } from 'react-hook-form';
import { licenseFormSchema, licenseTypeNames, licenseTypes, type LicenseInfo } from '@hcp/contracts';
import { Checkbox, SelectField, TextField } from '../../../components/ui/field.tsx';
import { boundSelect, useFormValid, useZodForm } from '../../../components/ui/form.tsx';
import { Toggle, yesNo } from '../../../components/ui/toggle.tsx';
import { useAuth } from '../../../lib/auth/auth-provider.tsx';
import { useStepDraft } from '../../../lib/use-step-draft.ts';
import { StepFrame, StepLoading } from '../components/step-frame.tsx';
import { saveLicense, useAddressStates, useLicense } from '../api/forms.ts';
import layout from '../../../components/forms/form-layout.module.css';
import styles from '../components/application.module.css';

const empty: LicenseInfo = {
  hasLicense: true,
  stateId: null,
  nursysLicenseType: null,
  licenseNumber: '',
  nameOnLicense: '',
  isCompact: null,
};

/** /license-info (Primary License Info). Allied disciplines have the no-license box forced on. */
export default function LicensePage() {
  const q = useLicense();
  if (q.isPending) return <StepLoading />;
  const stored =
    q.data && q.data.hasLicense !== null
      ? {
          ...q.data,
          hasLicense: q.data.hasLicense,
          licenseNumber: q.data.licenseNumber ?? '',
          nameOnLicense: q.data.nameOnLicense ?? '',
        }
      : null;
  return <LicenseStep initial={stored ?? empty} />;
}

function LicenseStep({ initial }: { initial: LicenseInfo }) {
  const { user } = useAuth();
  const allied = !!user.discipline?.isAllied;
  const statesQ = useAddressStates();
  const states = useMemo(() => (statesQ.data ?? []).filter((s) => s.countryName === 'United States'), [statesQ.data]);
  // A license from a non-compact state cannot be multistate: the answer is No.
  const schema = useMemo(
    () =>
      licenseFormSchema({
        allied,
        isCompactState: (stateId) => states.find((s) => s.stateId === stateId)?.isCompact ?? true,
      }),
    [allied, states],
  );
  const form = useZodForm(schema, { defaultValues: initial });
  useStepDraft(form, '/license-info');
  const complete = useFormValid(form);
  const l = form.watch();
  const state = states.find((s) => s.stateId === l.stateId);
  const compactPossible = !state || state.isCompact;
  const hasLicense = !allied && l.hasLicense;
  const stateField = boundSelect(form, 'stateId', { setValueAs: (v: string) => Number(v) || null });
  return (
    <StepFrame canProceed={complete} form={form} onSubmit={saveLicense}>
      <p>Your primary nursing license, as listed with Nursys.</p>
      <Controller
        control={form.control}
        name="hasLicense"
        render={({ field }) => (
          <Checkbox
            label="I do not have a nursing license (allied professionals)"
            checked={!hasLicense}
            disabled={allied}
            onChange={(e) => field.onChange(!e.target.checked)}
          />
        )}
      />
      {hasLicense && (
        <div className={layout.grid}>
          <SelectField
            label="License Type"
            required
            {...boundSelect(form, 'nursysLicenseType', { setValueAs: (v: string) => v || null })}
          >
            <option value="">Select...</option>
            {licenseTypes.map((t) => (
              <option key={t} value={t}>
                {licenseTypeNames[t]}
              </option>
            ))}
          </SelectField>
          <TextField label="License Number" required maxLength={40} {...form.register('licenseNumber')} />
          <SelectField
            label="License State"
            required
            {...stateField}
            // A new state asks the compact question again.
            onChange={(e) => {
              void stateField.onChange(e);
              form.setValue('isCompact', null);
            }}
          >
            <option value="">Select...</option>
            {states.map((s) => (
              <option key={s.stateId} value={s.stateId}>
                {s.name}
              </option>
            ))}
          </SelectField>
          <TextField label="Name on License" required maxLength={150} {...form.register('nameOnLicense')} />
          <div className={`${layout.question} ${layout.full}`}>
            <p className={layout.questionText}>Is this a multistate (compact) license? *</p>
            <Controller
              control={form.control}
              name="isCompact"
              render={({ field }) => (
                <Toggle
                  label="Is this a multistate (compact) license?"
                  options={yesNo}
                  value={compactPossible ? field.value : false}
                  disabled={!compactPossible}
                  onChange={field.onChange}
                />
              )}
            />
            {!compactPossible && (
              <p className={styles.muted}>{state?.name} does not issue multistate (compact) licenses.</p>
            )}
          </div>
        </div>
      )}
    </StepFrame>
  );
}
