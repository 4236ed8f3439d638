import {
  addressCountries,
  addressFormSchema,
  emptyAddress,
  formatPostalCode,
  isCanada,
  isUnitedStates,
  type Address,
} from '@hcp/contracts';
import { SelectField, TextField } from '../../../components/ui/field.tsx';
import { boundSelect, fieldError, filtered, useFormValid, useZodForm } from '../../../components/ui/form.tsx';
import { useStepDraft } from '../../../lib/use-step-draft.ts';
import { StepFrame, StepLoading } from '../components/step-frame.tsx';
import { saveAddress, useAddress, useAddressStates } from '../api/forms.ts';
import layout from '../../../components/forms/form-layout.module.css';

/** /permanent-address: US (state + zip) or Canada (province + postal code). */
export default function AddressPage() {
  const q = useAddress();
  if (q.isPending) return <StepLoading />;
  // The postal code is stored without its space and shown with it.
  const stored = q.data?.country
    ? {
        ...q.data,
        country: isUnitedStates(q.data.country) ? 'United States' : q.data.country,
        postalCode: q.data.postalCode ? formatPostalCode(q.data.postalCode) : q.data.postalCode,
      }
    : null;
  return <AddressStep initial={stored ?? { ...emptyAddress, country: 'United States' }} />;
}

function AddressStep({ initial }: { initial: Address }) {
  const statesQ = useAddressStates();
  const form = useZodForm(addressFormSchema, { defaultValues: initial });
  useStepDraft(form, '/permanent-address');
  const complete = useFormValid(form);
  const country = form.watch('country');
  const us = isUnitedStates(country);
  const ca = isCanada(country);
  const regions = (statesQ.data ?? []).filter((s) =>
    us ? s.countryName === 'United States' : ca ? s.countryName === 'Canada' : false,
  );
  const countryField = boundSelect(form, 'country');
  return (
    <StepFrame canProceed={complete} form={form} onSubmit={saveAddress}>
      <p>Your permanent (tax) home address.</p>
      <div className={layout.grid}>
        <SelectField
          label="Country"
          required
          {...countryField}
          // Changing the country clears every address field: a US state means nothing in Canada.
          onChange={(e) => form.reset({ ...emptyAddress, country: e.target.value })}
        >
          {addressCountries.map((c) => (
            <option key={c} value={c}>
              {c}
            </option>
          ))}
        </SelectField>
        <TextField
          className={layout.full}
          label="Street Address"
          required
          autoComplete="street-address"
          maxLength={200}
          {...form.register('streetAddress')}
        />
        <TextField label="City" required autoComplete="address-level2" maxLength={100} {...form.register('city')} />
        {us ? (
          <>
            <SelectField label="State" required {...boundSelect(form, 'state')}>
              <option value="">Select...</option>
              {regions.map((s) => (
                <option key={s.stateId} value={s.name}>
                  {s.name}
                </option>
              ))}
            </SelectField>
            <TextField
              label="Zip Code"
              required
              inputMode="numeric"
              autoComplete="postal-code"
              maxLength={10}
              error={fieldError(form, 'zipCode')}
              {...filtered(form.register('zipCode'), (t) => t.replace(/[^\d-]/g, ''))}
            />
          </>
        ) : (
          <>
            <SelectField label="Province" required {...boundSelect(form, 'province')}>
              <option value="">Select...</option>
              {regions.map((s) => (
                <option key={s.stateId} value={s.name}>
                  {s.name}
                </option>
              ))}
            </SelectField>
            <TextField
              label="Postal Code"
              required
              autoComplete="postal-code"
              maxLength={7}
              error={fieldError(form, 'postalCode')}
              {...filtered(form.register('postalCode'), (t) =>
                formatPostalCode(t.toUpperCase().replace(/[^A-Z0-9 ]/g, '')),
              )}
            />
          </>
        )}
      </div>
    </StepFrame>
  );
}
