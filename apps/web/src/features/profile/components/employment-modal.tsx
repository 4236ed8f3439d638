import { useMemo, useState } from 'react';
import {
  PROFILE_DEFAULT_PROFESSION_ID,
  employmentFormToRecord,
  employmentProblems,
  employmentRecordToForm,
  type EmploymentForm,
  type EmploymentOptions,
} from '@hcp/contracts';
import { EmploymentFields } from '../../../components/forms/employment-fields.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Alert, Spinner } from '../../../components/ui/feedback.tsx';
import { Modal } from '../../../components/ui/modal.tsx';
import { saveEmploymentHistory, useEmploymentOptions } from '../api/profile.ts';
import styles from './profile.module.css';

/** Spec 02 section 8: employment options load failure (and save failure) in the profile modal. */
const OPTIONS_FAILED = 'Something went wrong. Please try again.';

/** The profile's 'add employment record' modal: default profession 13 and the standard rule (spec 02 section 5). */
export function EmploymentModal({ open, onClose, onSaved }: { open: boolean; onClose: () => void; onSaved: () => void }) {
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

function EmploymentFormBody({ options, onClose, onSaved }: { options: EmploymentOptions; onClose: () => void; onSaved: () => void }) {
  const [f, setF] = useState<EmploymentForm>(() => ({ ...employmentRecordToForm(null), professionId: PROFILE_DEFAULT_PROFESSION_ID }));
  const [busy, setBusy] = useState(false);
  const [failed, setFailed] = useState(false);
  const onChange = (patch: Partial<EmploymentForm>) => setF((s) => ({ ...s, ...patch }));
  const profession = options.professions.find((p) => p.professionId === f.professionId);
  const specialties = useMemo(() => profession?.specialties ?? [], [profession]);
  const specialtyIds = useMemo(() => specialties.map((s) => s.id), [specialties]);
  const problems = useMemo(() => employmentProblems(f, specialtyIds), [f, specialtyIds]);

  const save = async () => {
    setBusy(true);
    setFailed(false);
    try {
      await saveEmploymentHistory(employmentFormToRecord(f, null, specialtyIds.length > 0));
      onSaved();
    } catch {
      setFailed(true);
      setBusy(false);
    }
  };

  return (
    <div>
      <EmploymentFields form={f} options={options} problems={problems} onChange={onChange} />
      {failed && <Alert>{OPTIONS_FAILED}</Alert>}
      <div className={styles.modalActions}>
        <Button variant="ghost" onClick={onClose} disabled={busy}>
          Cancel
        </Button>
        <Button onClick={save} disabled={busy || problems.length > 0}>
          {busy ? 'Saving...' : 'Save'}
        </Button>
      </div>
    </div>
  );
}
