import { useEffect, useState } from 'react';
import { addressCountries, emptyAddress, formatPostalCode, isAddressComplete, isCanada, isUnitedStates, isValidCanadianPostalCode, isValidZip, type Address } from '@hcp/contracts';
import { SelectField, TextField } from '../../../components/ui/field.tsx';
import { Spinner } from '../../../components/ui/feedback.tsx';
import { StepFrame } from '../components/step-frame.tsx';
import { saveAddress, useAddress, useAddressStates } from '../api/forms.ts';
import layout from '../../../components/forms/form-layout.module.css';

/** /permanent-address: US (state + zip) or Canada (province + postal code). */
export default function AddressPage() {
  const q = useAddress();
  const statesQ = useAddressStates();
  const [a, setA] = useState<Address>({ ...emptyAddress, country: 'United States' });
  const [touched, setTouched] = useState<Record<string, boolean>>({});
  useEffect(() => {
    if (q.data?.country) setA({ ...q.data, country: isUnitedStates(q.data.country) ? 'United States' : q.data.country });
  }, [q.data]);
  const set = (k: keyof Address) => (v: string) => setA((s) => ({ ...s, [k]: v }));
  const us = isUnitedStates(a.country);
  const ca = isCanada(a.country);
  const regions = (statesQ.data ?? []).filter((s) => (us ? s.countryName === 'United States' : ca ? s.countryName === 'Canada' : false));
  if (q.isPending) return <Spinner />;
  return (
    <StepFrame
      canProceed={isAddressComplete(a)}
      onSave={() => saveAddress({ ...a, postalCode: a.postalCode ? a.postalCode.replace(/\s+/g, '') : null })}
    >
      <p>Your permanent (tax) home address.</p>
      <div className={layout.grid}>
        <SelectField
          label="Country"
          required
          value={a.country ?? ''}
          // Changing the country clears every address field (spec 02 section 4).
          onChange={(e) => {
            setA({ ...emptyAddress, country: e.target.value });
            setTouched({});
          }}
        >
          {addressCountries.map((c) => (
            <option key={c} value={c}>
              {c}
            </option>
          ))}
        </SelectField>
        <TextField className={layout.full} label="Street Address" required autoComplete="street-address" value={a.streetAddress ?? ''} onChange={(e) => set('streetAddress')(e.target.value)} maxLength={200} />
        <TextField label="City" required autoComplete="address-level2" value={a.city ?? ''} onChange={(e) => set('city')(e.target.value)} maxLength={100} />
        {us ? (
          <>
            <SelectField label="State" required value={a.state ?? ''} onChange={(e) => set('state')(e.target.value)}>
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
              value={a.zipCode ?? ''}
              maxLength={10}
              onChange={(e) => set('zipCode')(e.target.value.replace(/[^\d-]/g, ''))}
              onBlur={() => setTouched((t) => ({ ...t, zip: true }))}
              error={touched.zip && a.zipCode && !isValidZip(a.zipCode) ? 'Please enter a 5 digit zip code' : null}
            />
          </>
        ) : (
          <>
            <SelectField label="Province" required value={a.province ?? ''} onChange={(e) => set('province')(e.target.value)}>
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
              value={formatPostalCode(a.postalCode)}
              maxLength={7}
              onChange={(e) => set('postalCode')(e.target.value.toUpperCase().replace(/[^A-Z0-9 ]/g, ''))}
              onBlur={() => setTouched((t) => ({ ...t, postal: true }))}
              error={touched.postal && a.postalCode && !isValidCanadianPostalCode(a.postalCode) ? 'Please enter a postal code like A1A 1A1' : null}
            />
          </>
        )}
      </div>
    </StepFrame>
  );
}
