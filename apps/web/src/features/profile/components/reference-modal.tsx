import { useState } from 'react';
import {
  digitsOnly,
  isProfileReferenceFilled,
  isValidEmail,
  phoneTypes,
  type ReferenceForm,
} from '@hcp/contracts';
import { Button } from '../../../components/ui/button.tsx';
import { Alert, Spinner } from '../../../components/ui/feedback.tsx';
import { SelectField, TextField } from '../../../components/ui/field.tsx';
import { Modal } from '../../../components/ui/modal.tsx';
import { saveReference, useFacilityOptions } from '../api/profile.ts';
import { userMessage } from '../../../lib/error-messages.ts';
import layout from '../../../components/forms/form-layout.module.css';
import styles from './profile.module.css';

/** The profile's reference save failure, for a refusal the server does not word for the clinician. */
const SOMETHING_WRONG = 'Something went wrong. Please try again.';
const blank: ReferenceForm = { historyId: 0, firstName: '', lastName: '', title: '', phoneNumber: '', phoneType: '', email: '' };

/** The profile's 'add reference' modal: Save once everything but the email is filled (the email is optional). */
export function ReferenceModal({ open, onClose, onSaved }: { open: boolean; onClose: () => void; onSaved: () => void }) {
  const facilities = useFacilityOptions(open);
  const [r, setR] = useState<ReferenceForm>(blank);
  const [busy, setBusy] = useState(false);
  const [failed, setFailed] = useState<string | false>(false);
  const [touched, setTouched] = useState<Record<string, boolean>>({});
  const set = (patch: Partial<ReferenceForm>) => setR((s) => ({ ...s, ...patch }));
  const emailError = r.email.trim() && !isValidEmail(r.email.trim()) ? 'Please enter a valid email' : null;
  const phoneError = touched.phone && r.phoneNumber.length !== 10 ? 'Please enter a 10 digit phone number' : null;
  const close = () => {
    setR(blank);
    setTouched({});
    setFailed(false);
    onClose();
  };

  const save = async () => {
    if (emailError) {
      setTouched((t) => ({ ...t, email: true }));
      return;
    }
    setBusy(true);
    setFailed(false);
    try {
      await saveReference({
        historyId: r.historyId,
        firstName: r.firstName.trim(),
        lastName: r.lastName.trim(),
        title: r.title.trim(),
        phoneNumber: r.phoneNumber,
        phoneType: r.phoneType as 'Mobile' | 'Office',
        email: r.email.trim() || null,
      });
      setR(blank);
      setTouched({});
      onSaved();
    } catch (e) {
      setFailed(userMessage(e) ?? SOMETHING_WRONG);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal open={open} onClose={close} title="Add Reference" size="md">
      {facilities.isError ? (
        <Alert>{SOMETHING_WRONG}</Alert>
      ) : !facilities.data ? (
        <Spinner />
      ) : facilities.data.facilityOptions.length === 0 ? (
        <p>Add a clinical employment record first: a reference is tied to the facility where they supervised you.</p>
      ) : (
        <div>
          <p className={styles.muted}>References must have held a supervisory role. We email them a short reference form when an email address is given.</p>
          <div className={layout.grid}>
            <SelectField
              label="Select Facility"
              required
              fieldClassName={layout.full}
              value={r.historyId || ''}
              onChange={(e) => set({ historyId: Number(e.target.value) || 0 })}
            >
              <option value="">Select...</option>
              {facilities.data.facilityOptions.map((o) => (
                <option key={o.historyId} value={o.historyId}>
                  {o.facilityInformation}
                </option>
              ))}
            </SelectField>
            <TextField label="First Name" required maxLength={100} value={r.firstName} onChange={(e) => set({ firstName: e.target.value })} />
            <TextField label="Last Name" required maxLength={100} value={r.lastName} onChange={(e) => set({ lastName: e.target.value })} />
            <TextField label="Job Title" required maxLength={150} value={r.title} onChange={(e) => set({ title: e.target.value })} />
            <TextField
              label="Phone Number"
              required
              type="tel"
              inputMode="numeric"
              autoComplete="off"
              value={r.phoneNumber}
              onChange={(e) => set({ phoneNumber: digitsOnly(e.target.value, 10) })}
              onBlur={() => setTouched((t) => ({ ...t, phone: true }))}
              error={phoneError}
            />
            <SelectField label="Phone Number Type" required value={r.phoneType} onChange={(e) => set({ phoneType: e.target.value as ReferenceForm['phoneType'] })}>
              <option value="">Select...</option>
              {phoneTypes.map((p) => (
                <option key={p} value={p}>
                  {p}
                </option>
              ))}
            </SelectField>
            <TextField
              label="Email"
              type="email"
              maxLength={254}
              value={r.email}
              onChange={(e) => set({ email: e.target.value })}
              onBlur={() => setTouched((t) => ({ ...t, email: true }))}
              error={touched.email ? emailError : null}
            />
          </div>
          {failed && <Alert>{failed}</Alert>}
          <div className={styles.modalActions}>
            <Button variant="ghost" onClick={close} disabled={busy}>
              Cancel
            </Button>
            <Button onClick={save} disabled={busy || !isProfileReferenceFilled(r)}>
              {busy ? 'Saving...' : 'Save'}
            </Button>
          </div>
        </div>
      )}
    </Modal>
  );
}
