import { useState } from 'react';
import {
  applicationMessages,
  digitsOnly,
  isProfileReferenceFilled,
  isSameReferencePerson,
  parseMonthYear,
  phoneTypes,
  profileMessages,
  referenceFormSchema,
  type Profile,
  type ReferenceFormValues,
  type SaveProfileReferenceRequest,
} from '@hcp/contracts';
import { Button } from '../../../components/ui/button.tsx';
import { OlderReferenceWarning } from '../../../components/forms/older-reference-warning.tsx';
import { Alert, Spinner } from '../../../components/ui/feedback.tsx';
import { SelectField, TextField } from '../../../components/ui/field.tsx';
import { boundSelect, fieldError, filtered, useZodForm } from '../../../components/ui/form.tsx';
import { Modal } from '../../../components/ui/modal.tsx';
import { saveReference, useFacilityOptions } from '../api/profile.ts';
import { userMessage } from '../../../lib/error-messages.ts';
import layout from '../../../components/forms/form-layout.module.css';
import styles from './profile.module.css';

/** The profile's reference save failure, for a refusal the server does not word for the clinician. */
const SOMETHING_WRONG = profileMessages.somethingWrong;
const blank: ReferenceFormValues = {
  historyId: 0,
  firstName: '',
  lastName: '',
  title: '',
  phoneNumber: '',
  phoneType: '',
  email: '',
};

/** When a profile employment record ended ('MM/YYYY', null while it goes on), as the older-reference warning reads it. */
const endOf = (record: Pick<Profile['employmentHistories'][number], 'endDate'> | undefined) => {
  if (!record) return null;
  const end = record.endDate ? parseMonthYear(record.endDate, 1900, 9999) : null;
  return { endMonth: end?.month ?? null, endYear: end?.year ?? null };
};

/**
 * The profile's 'add reference' modal: Save once everything but the email is filled; a wrong email is named when
 * its field is left or Save is pressed. As on the application's references step, someone already named as a
 * reference is named at once (and refused), and a job left more than two years ago is warned about.
 */
export function ReferenceModal({
  open,
  onClose,
  onSaved,
  records = [],
  references = [],
}: {
  open: boolean;
  onClose: () => void;
  onSaved: () => void;
  /** The clinician's employment records (their end dates). */
  records?: readonly Pick<Profile['employmentHistories'][number], 'employmentHistoryId' | 'endDate'>[];
  /** The references already on file. */
  references?: readonly Pick<Profile['references'][number], 'firstName' | 'lastName' | 'email'>[];
}) {
  const facilities = useFacilityOptions(open);
  const form = useZodForm(referenceFormSchema, { defaultValues: blank, shouldFocusError: false });
  const typed = form.watch();
  const filled = isProfileReferenceFilled({ ...blank, ...typed, email: '' });
  const repeated = references.some((r) => isSameReferencePerson(r, { ...blank, ...typed }));
  const chosen = records.find((r) => r.employmentHistoryId === typed.historyId);
  const [busy, setBusy] = useState(false);
  const [failed, setFailed] = useState<string | false>(false);
  const close = () => {
    form.reset(blank);
    setFailed(false);
    onClose();
  };

  const save = async (reference: SaveProfileReferenceRequest) => {
    setBusy(true);
    setFailed(false);
    try {
      await saveReference(reference);
      form.reset(blank);
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
          <p className={styles.muted}>
            References must have held a supervisory role. We email them a short reference form when an email address is
            given.
          </p>
          <div className={layout.grid}>
            <SelectField
              label="Select Facility"
              required
              fieldClassName={layout.full}
              {...boundSelect(form, 'historyId', { setValueAs: (v: string) => Number(v) || 0 }, 0)}
            >
              <option value="">Select...</option>
              {facilities.data.facilityOptions.map((o) => (
                <option key={o.historyId} value={o.historyId}>
                  {o.facilityInformation}
                </option>
              ))}
            </SelectField>
            <OlderReferenceWarning ended={endOf(chosen)} />
            <TextField label="First Name" required maxLength={100} {...form.register('firstName')} />
            <TextField label="Last Name" required maxLength={100} {...form.register('lastName')} />
            <TextField label="Job Title" required maxLength={150} {...form.register('title')} />
            <TextField
              label="Phone Number"
              required
              type="tel"
              inputMode="numeric"
              autoComplete="off"
              error={fieldError(form, 'phoneNumber')}
              {...filtered(form.register('phoneNumber'), (t) => digitsOnly(t, 10))}
            />
            <SelectField label="Phone Number Type" required {...boundSelect(form, 'phoneType')}>
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
              error={fieldError(form, 'email')}
              {...form.register('email')}
            />
          </div>
          {repeated && (
            <p className={layout.warning} role="alert">
              {applicationMessages.sameReference}
            </p>
          )}
          {failed && <Alert>{failed}</Alert>}
          <div className={styles.modalActions}>
            <Button variant="ghost" onClick={close} disabled={busy}>
              Cancel
            </Button>
            <Button onClick={() => void form.handleSubmit(save)()} disabled={busy || !filled || repeated}>
              {busy ? 'Saving...' : 'Save'}
            </Button>
          </div>
        </div>
      )}
    </Modal>
  );
}
