import { useMemo, useState } from 'react';
import {
  PROFILE_DEFAULT_PROFESSION_ID,
  employmentFormSchema,
  employmentFormToRecord,
  employmentRecordToForm,
  profileMessages,
  type EmploymentForm,
  type EmploymentOptions,
} from '@hcp/contracts';
import { EmploymentFields, employmentFormMode } from '../../../components/forms/employment-fields.tsx';
import { useFormValid, useZodForm } from '../../../components/ui/form.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Alert, Spinner } from '../../../components/ui/feedback.tsx';
import { Modal } from '../../../components/ui/modal.tsx';
import { saveEmploymentHistory, useEmploymentOptions } from '../api/profile.ts';
import styles from './profile.module.css';

/** What the modal says when its options cannot be loaded or the record cannot be saved. */
const OPTIONS_FAILED = profileMessages.somethingWrong;

/** The profile's 'add employment record' modal: default profession 13 and the same rule as the application step. */
export function EmploymentModal({
  open,
  onClose,
  onSaved,
}: {
  open: boolean;
  onClose: () => void;
  onSaved: () => void;
}) {
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

function EmploymentFormBody({
  options,
  onClose,
  onSaved,
}: {
  options: EmploymentOptions;
  onClose: () => void;
  onSaved: () => void;
}) {
  const schema = useMemo(() => employmentFormSchema(options.professions), [options.professions]);
  const form = useZodForm(schema, {
    defaultValues: { ...employmentRecordToForm(null), professionId: PROFILE_DEFAULT_PROFESSION_ID },
    mode: employmentFormMode,
  });
  const complete = useFormValid(form);
  const [busy, setBusy] = useState(false);
  const [failed, setFailed] = useState(false);

  const save = async (f: EmploymentForm) => {
    setBusy(true);
    setFailed(false);
    try {
      const specialties = options.professions.find((p) => p.professionId === f.professionId)?.specialties ?? [];
      await saveEmploymentHistory(employmentFormToRecord(f, null, specialties.length > 0));
      onSaved();
    } catch {
      setFailed(true);
      setBusy(false);
    }
  };

  return (
    <div>
      <EmploymentFields form={form} options={options} />
      {failed && <Alert>{OPTIONS_FAILED}</Alert>}
      <div className={styles.modalActions}>
        <Button variant="ghost" onClick={onClose} disabled={busy}>
          Cancel
        </Button>
        <Button onClick={() => void form.handleSubmit(save)()} disabled={busy || !complete}>
          {busy ? 'Saving...' : 'Save'}
        </Button>
      </div>
    </div>
  );
}
