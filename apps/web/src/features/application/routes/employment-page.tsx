import { useEffect, useMemo, useState, type ReactNode } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import {
  STEP,
  applicationMessages,
  employmentFormSchema,
  employmentGaps,
  localIsoDate,
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
import { ConfirmDialog } from '../../../components/ui/confirm-dialog.tsx';
import { EmploymentFields, employmentFormMode } from '../../../components/forms/employment-fields.tsx';
import { useFormValid, useZodForm } from '../../../components/ui/form.tsx';
import { useAuth } from '../../../lib/auth/auth-provider.tsx';
import { userMessage } from '../../../lib/error-messages.ts';
import { clearStepDraft, hasStepDraft } from '../../../lib/step-drafts.ts';
import { useStepDraft } from '../../../lib/use-step-draft.ts';
import { ErrorModal } from '../components/error-modal.tsx';
import { StepFrame, StepLoading } from '../components/step-frame.tsx';
import {
  deleteEmployment,
  insertEmployment,
  updateEmployment,
  useEmploymentOptions,
  useEmploymentRecords,
  useReferences,
} from '../api/employment.ts';
import { updateStep } from '../api/steps.ts';
import layout from '../../../components/forms/form-layout.module.css';
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

/** The draft of a record being edited: the saved record's id, or 'new' (one record is edited at a time). */
const draftOf = (item: Pick<Item, 'id'>) => `/employment-history#${item.id ?? 'new'}`;

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
  const referencesQ = useReferences();
  const owner = useAuth().user.email;
  const qc = useQueryClient();
  const [items, setItems] = useState<Item[] | null>(null);
  const [editingKey, setEditingKey] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [failed, setFailed] = useState<string | null>(null);
  /** The saved record whose deletion waits for the clinician's confirmation. */
  const [confirming, setConfirming] = useState<{ item: Item; title: string } | null>(null);

  useEffect(() => {
    if (items !== null) return;
    if (recordsQ.data) {
      const saved = order(recordsQ.data.map(fromRecord));
      // A record left half-edited (before a reload) opens again with what was typed.
      const drafted = saved.find((i) => hasStepDraft(draftOf(i), owner));
      if (recordsQ.data.length && hasStepDraft(draftOf({ id: null }), owner)) {
        const b = blankItem();
        setItems([b, ...saved]);
        setEditingKey(b.key);
      } else if (recordsQ.data.length) {
        setItems(saved);
        if (drafted) setEditingKey(drafted.key);
      } else {
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
  }, [recordsQ.data, recordsQ.isError, items, owner]);

  if (!items || !optionsQ.data) return <StepLoading />;
  const options = optionsQ.data;
  const savedCount = items.filter((i) => i.id !== null).length;
  // Gaps of the saved history are pointed out as it grows (none before the first record is saved).
  const gaps = savedCount
    ? employmentGaps(
        items
          .filter((i) => i.id !== null)
          .map(({ form: f }) => ({
            startMonth: f.startMonth ?? 0,
            startYear: f.startYear ?? 0,
            endMonth: f.iStillWorkHere ? null : f.endMonth,
            endYear: f.iStillWorkHere ? null : f.endYear,
          })),
        localIsoDate(),
      )
    : [];

  // A record a reference names cannot be deleted (the server refuses it): Delete says so instead of failing.
  const referenceOf = (id: number | null) =>
    id === null ? undefined : referencesQ.data?.references.find((r) => r.historyId === id);

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
      clearStepDraft(draftOf(item));
      setEditingKey(null);
      await qc.invalidateQueries({ queryKey: ['application', 'employmentRecords'] });
    } catch {
      setFailed(applicationMessages.somethingWrong);
    } finally {
      setBusy(false);
    }
  };
  const remove = async (item: Item) => {
    setBusy(true);
    try {
      // The server delete happens only for a saved record.
      if (item.id !== null) await deleteEmployment(item.id);
      clearStepDraft(draftOf(item));
      setItems((l) => l!.filter((i) => i.key !== item.key));
      if (editingKey === item.key) setEditingKey(null);
      await qc.invalidateQueries({ queryKey: ['application', 'employmentRecords'] });
    } catch (e) {
      // A refusal with a reason (a reference names the record, it is verified) says it.
      setFailed(userMessage(e) ?? applicationMessages.somethingWrong);
    } finally {
      setBusy(false);
      setConfirming(null);
    }
  };
  // A saved record is deleted after a confirmation; an unsaved form is only dropped.
  const askRemove = (item: Item, title: string) =>
    item.id === null ? void remove(item) : setConfirming({ item, title });
  const cancel = (item: Item) => {
    clearStepDraft(draftOf(item));
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
      {gaps.length > 0 && <GapNotice gaps={gaps} />}
      {items.map((item, i) => {
        const title = `Employment History ${items.length - i}`;
        const reference = referenceOf(item.id);
        return (
          <RecordCard
            key={item.key}
            title={title}
            item={item}
            options={options}
            editing={editingKey === item.key}
            otherEditing={editingKey !== null && editingKey !== item.key}
            busy={busy}
            canDelete={items.length > 1 && !item.verified && !reference}
            deleteBlockedBy={
              reference
                ? `${reference.firstName} ${reference.lastName} is a reference from this job. To delete it, choose another facility for that reference on the References step first.`
                : null
            }
            onEdit={() => setEditingKey(item.key)}
            onSave={(form) => save(item, form)}
            onCancel={() => cancel(item)}
            onDelete={() => askRemove(item, title)}
          />
        );
      })}
      <ConfirmDialog
        open={confirming !== null}
        title="Delete Record"
        confirmLabel="Delete"
        pending={busy}
        onCancel={() => setConfirming(null)}
        onConfirm={() => confirming && void remove(confirming.item)}
      >
        <p>Delete {confirming?.title}? This cannot be undone.</p>
      </ConfirmDialog>
      <ErrorModal open={failed !== null} onClose={() => setFailed(null)} message={failed ?? undefined} />
    </StepFrame>
  );
}

const monthOf = (iso: string) => `${monthName(Number(iso.slice(5, 7)))} ${iso.slice(0, 4)}`;

/** The stretches of the last seven years the saved records leave uncovered, as the step's guidance asks. */
function GapNotice({ gaps }: { gaps: ReturnType<typeof employmentGaps> }) {
  return (
    <div className={layout.warning} role="status" aria-label="Gaps in your employment history">
      <p>Your history has gaps of more than 30 days in the last seven years:</p>
      <ul>
        {gaps.map((g) => (
          <li key={g.from}>
            {monthOf(g.from) === monthOf(g.to) ? monthOf(g.from) : `${monthOf(g.from)} to ${monthOf(g.to)}`} ({g.days}{' '}
            days)
          </li>
        ))}
      </ul>
      <p>
        Add what you did then (another job, per diem work that filled the gap, or personal time off), so facilities see
        the whole seven years.
      </p>
    </div>
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
  deleteBlockedBy,
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
  /** Why Delete is disabled, when a reference names the record. */
  deleteBlockedBy: string | null;
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
  const reasonId = `${item.key}-delete-reason`;
  const reason = deleteBlockedBy && (
    <p id={reasonId} className={styles.muted}>
      {deleteBlockedBy}
    </p>
  );
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
          reason={reason}
          reasonId={deleteBlockedBy ? reasonId : undefined}
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
          {reason}
          <div className={styles.row}>
            <Button variant="secondary" onClick={onEdit} disabled={busy || otherEditing || item.verified}>
              Edit Record
            </Button>
            <Button
              variant="ghost"
              onClick={onDelete}
              disabled={busy || !canDelete || otherEditing}
              aria-describedby={deleteBlockedBy ? reasonId : undefined}
            >
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
  reason,
  reasonId,
  onSave,
  onCancel,
  onDelete,
}: {
  item: Item;
  options: EmploymentOptions;
  busy: boolean;
  canDelete: boolean;
  reason: ReactNode;
  reasonId: string | undefined;
  onSave: (form: EmploymentForm) => void;
  onCancel: () => void;
  onDelete: () => void;
}) {
  const schema = useMemo(() => employmentFormSchema(options.professions), [options.professions]);
  const form = useZodForm(schema, { defaultValues: item.form, mode: employmentFormMode });
  useStepDraft(form, draftOf(item));
  const complete = useFormValid(form);
  return (
    <>
      <EmploymentFields form={form} options={options} />
      {item.verified && <p className={styles.muted}>{applicationMessages.employmentVerified}</p>}
      {reason}
      <div className={styles.row}>
        <Button onClick={() => void form.handleSubmit(onSave)()} disabled={busy || !complete}>
          Save Record
        </Button>
        {(item.id !== null || canDelete) && (
          <Button variant="ghost" onClick={onCancel} disabled={busy}>
            Cancel
          </Button>
        )}
        <Button variant="ghost" onClick={onDelete} disabled={busy || !canDelete} aria-describedby={reasonId}>
          Delete Record
        </Button>
      </div>
    </>
  );
}
