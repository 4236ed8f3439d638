import { useEffect, useMemo, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import {
  STEP,
  applicationMessages,
  employmentFormSchema,
  employmentFormToRecord,
  employmentRecordToForm,
  months,
  showsAgency,
  showsMedicalSections,
  sortEmploymentRecords,
  type EmploymentForm,
  type EmploymentOptions,
  type EmploymentRecord,
} from '@hcp/contracts';
import { Button } from '../../../components/ui/button.tsx';
import { EmploymentFields, employmentFormMode } from '../../../components/forms/employment-fields.tsx';
import { useFormValid, useZodForm } from '../../../components/ui/form.tsx';
import { Spinner } from '../../../components/ui/feedback.tsx';
import { ErrorModal, StepFrame } from '../components/step-frame.tsx';
import {
  deleteEmployment,
  insertEmployment,
  updateEmployment,
  useEmploymentOptions,
  useEmploymentRecords,
} from '../api/employment.ts';
import { updateStep } from '../api/steps.ts';
import styles from '../components/application.module.css';

interface Item {
  key: string;
  id: number | null;
  verified: boolean;
  form: EmploymentForm;
}
let seq = 0;
const blankItem = (): Item => ({ key: `new-${++seq}`, id: null, verified: false, form: employmentRecordToForm(null) });
const fromRecord = (r: EmploymentRecord): Item => ({
  key: `r-${r.employmentHistoryId}`,
  id: r.employmentHistoryId,
  verified: r.isVerified,
  form: employmentRecordToForm(r),
});

const monthName = (n: number | null) => months.find((m) => m.number === n)?.name ?? '';

function order(items: Item[]): Item[] {
  const withDates = items.map((i) => ({
    item: i,
    employmentHistoryId: i.id,
    startYear: i.form.startYear ?? 0,
    startMonth: i.form.startMonth ?? 0,
    endYear: i.form.iStillWorkHere ? null : i.form.endYear,
    endMonth: i.form.iStillWorkHere ? null : i.form.endMonth,
  }));
  return sortEmploymentRecords(withDates).map((x) => x.item);
}

/** /employment-history: one record edited at a time; verified records are read-only. */
export default function EmploymentPage() {
  const optionsQ = useEmploymentOptions();
  const recordsQ = useEmploymentRecords();
  const qc = useQueryClient();
  const [items, setItems] = useState<Item[] | null>(null);
  const [editingKey, setEditingKey] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    if (items !== null) return;
    if (recordsQ.data) {
      if (recordsQ.data.length) setItems(order(recordsQ.data.map(fromRecord)));
      else {
        // A blank record is added automatically when there are none.
        const b = blankItem();
        setItems([b]);
        setEditingKey(b.key);
      }
    } else if (recordsQ.isError) {
      const b = blankItem();
      setItems([b]);
      setEditingKey(b.key);
    }
  }, [recordsQ.data, recordsQ.isError, items]);

  if (!items || !optionsQ.data) return <Spinner />;
  const options = optionsQ.data;
  const savedCount = items.filter((i) => i.id !== null).length;

  const specialtyIdsOf = (professionId: number | null) =>
    options.professions.find((p) => p.professionId === professionId)?.specialties.map((s) => s.id) ?? [];

  const save = async (item: Item, form: EmploymentForm) => {
    setBusy(true);
    try {
      const hasSpecs = specialtyIdsOf(form.professionId).length > 0;
      const payload = employmentFormToRecord(form, item.id, hasSpecs);
      const id = item.id
        ? (await updateEmployment(payload)).employmentHistoryId
        : (await insertEmployment(payload)).employmentHistoryId;
      setItems((l) => order(l!.map((i) => (i.key === item.key ? { ...i, id, form } : i))));
      setEditingKey(null);
      await qc.invalidateQueries({ queryKey: ['application', 'employmentRecords'] });
    } catch {
      setFailed(true);
    } finally {
      setBusy(false);
    }
  };
  const remove = async (item: Item) => {
    setBusy(true);
    try {
      // The server delete happens only for a saved record.
      if (item.id !== null) await deleteEmployment(item.id);
      setItems((l) => l!.filter((i) => i.key !== item.key));
      if (editingKey === item.key) setEditingKey(null);
      await qc.invalidateQueries({ queryKey: ['application', 'employmentRecords'] });
    } catch {
      setFailed(true);
    } finally {
      setBusy(false);
    }
  };
  const cancel = (item: Item) => {
    if (item.id === null) {
      if (items.length > 1) setItems((l) => l!.filter((i) => i.key !== item.key));
      else return;
    } else {
      const original = recordsQ.data?.find((r) => r.employmentHistoryId === item.id);
      if (original) setItems((l) => l!.map((i) => (i.key === item.key ? fromRecord(original) : i)));
    }
    setEditingKey(null);
  };

  return (
    <StepFrame
      canProceed={savedCount > 0 && editingKey === null}
      onSave={() => updateStep(STEP.employment, true)}
      intro={
        <div className={styles.cardHeader}>
          <p className={styles.muted} style={{ margin: 0, flex: 1 }}>
            {applicationMessages.employmentHelp}
          </p>
          <Button
            variant="secondary"
            disabled={editingKey !== null || busy}
            onClick={() => {
              const b = blankItem();
              setItems((l) => [b, ...l!]);
              setEditingKey(b.key);
            }}
          >
            New Record
          </Button>
        </div>
      }
    >
      {items.map((item, i) => (
        <RecordCard
          key={item.key}
          title={`Employment History ${items.length - i}`}
          item={item}
          options={options}
          editing={editingKey === item.key}
          otherEditing={editingKey !== null && editingKey !== item.key}
          busy={busy}
          canDelete={items.length > 1 && !item.verified}
          onEdit={() => setEditingKey(item.key)}
          onSave={(form) => save(item, form)}
          onCancel={() => cancel(item)}
          onDelete={() => remove(item)}
        />
      ))}
      <ErrorModal open={failed} onClose={() => setFailed(false)} />
    </StepFrame>
  );
}

function RecordCard({
  title,
  item,
  options,
  editing,
  otherEditing,
  busy,
  canDelete,
  onEdit,
  onSave,
  onCancel,
  onDelete,
}: {
  title: string;
  item: Item;
  options: EmploymentOptions;
  editing: boolean;
  otherEditing: boolean;
  busy: boolean;
  canDelete: boolean;
  onEdit: () => void;
  onSave: (form: EmploymentForm) => void;
  onCancel: () => void;
  onDelete: () => void;
}) {
  const f = item.form;
  const medical = showsMedicalSections(f.employmentTypeId);
  const timeOff = f.employmentTypeId === 5;
  const profession = options.professions.find((p) => p.professionId === f.professionId);
  const specialties = profession?.specialties ?? [];
  const typeName = options.employmentTypes.find((t) => t.employmentHistoryTypeId === f.employmentTypeId)?.name ?? '';
  const stateName = options.states.find((s) => s.stateId === f.stateId)?.name ?? '';
  const dateText = `${monthName(f.startMonth)} ${f.startYear ?? ''} - ${f.iStillWorkHere ? 'Present' : `${monthName(f.endMonth)} ${f.endYear ?? ''}`}`;

  return (
    <section className={styles.card} aria-label={title}>
      <div className={styles.cardHeader}>
        <h2>{title}</h2>
        {item.verified && <span className={styles.verified}>✓ Verified</span>}
      </div>
      {editing ? (
        <RecordForm
          item={item}
          options={options}
          busy={busy}
          canDelete={canDelete}
          onSave={onSave}
          onCancel={onCancel}
          onDelete={onDelete}
        />
      ) : (
        <>
          <dl className={styles.summary}>
            <dt>Type</dt>
            <dd>{typeName}</dd>
            {!timeOff && (
              <>
                <dt>Facility</dt>
                <dd>{f.facilityName}</dd>
              </>
            )}
            {medical && (
              <>
                {showsAgency(f.employmentTypeId) && (
                  <>
                    <dt>Agency</dt>
                    <dd>{f.agencyName}</dd>
                  </>
                )}
                <dt>Location</dt>
                <dd>{[f.city, stateName].filter(Boolean).join(', ')}</dd>
                <dt>Profession</dt>
                <dd>{profession?.name}</dd>
                {f.specialties.length > 0 && (
                  <>
                    <dt>Specialties</dt>
                    <dd>
                      {specialties
                        .filter((s) => f.specialties.includes(s.id))
                        .map((s) => s.name)
                        .join(', ')}
                    </dd>
                  </>
                )}
              </>
            )}
            <dt>Dates</dt>
            <dd>{dateText}</dd>
          </dl>
          {item.verified && <p className={styles.muted}>{applicationMessages.employmentVerified}</p>}
          <div className={styles.row}>
            <Button variant="secondary" onClick={onEdit} disabled={busy || otherEditing || item.verified}>
              Edit Record
            </Button>
            <Button variant="ghost" onClick={onDelete} disabled={busy || !canDelete || otherEditing}>
              Delete Record
            </Button>
          </div>
        </>
      )}
    </section>
  );
}

/** The record being edited: its fields, and Save once the employment rule is met. */
function RecordForm({
  item,
  options,
  busy,
  canDelete,
  onSave,
  onCancel,
  onDelete,
}: {
  item: Item;
  options: EmploymentOptions;
  busy: boolean;
  canDelete: boolean;
  onSave: (form: EmploymentForm) => void;
  onCancel: () => void;
  onDelete: () => void;
}) {
  const schema = useMemo(() => employmentFormSchema(options.professions), [options.professions]);
  const form = useZodForm(schema, { defaultValues: item.form, mode: employmentFormMode });
  const complete = useFormValid(form);
  return (
    <>
      <EmploymentFields form={form} options={options} />
      {item.verified && <p className={styles.muted}>{applicationMessages.employmentVerified}</p>}
      <div className={styles.row}>
        <Button onClick={() => void form.handleSubmit(onSave)()} disabled={busy || !complete}>
          Save Record
        </Button>
        {(item.id !== null || canDelete) && (
          <Button variant="ghost" onClick={onCancel} disabled={busy}>
            Cancel
          </Button>
        )}
        <Button variant="ghost" onClick={onDelete} disabled={busy || !canDelete}>
          Delete Record
        </Button>
      </div>
    </>
  );
}
